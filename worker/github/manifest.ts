/**
 * GitHub's manifest flow, so the owner makes the site's GitHub App from a phone: a form posts the
 * App's description (the manifest) to GitHub's "new App" page, GitHub sends the owner back with a
 * one-hour code, and the code is exchanged for the App's id, slug and private key
 * (POST /app-manifests/{code}/conversions, which needs no credential).
 */
import { ConnectProblem } from './connect-problems.js';
import { installationToken } from './installation.js';
import type { KeptApp } from './kept-app.js';
import { GitHubProblem } from './problems.js';
import { callGitHub, messageOf } from './request.js';
import { apiOf, gitHubSettings, webOf, type GitHubEnv } from './settings.js';

/** Where the owner comes back from GitHub with the code, and lands after installing the App. */
export const RETURN_PATH = '/admin/github/return';
export const SETUP_PATH = '/admin/github/';

/** GitHub allows App names of at most 34 characters. */
const NAME_LIMIT = 34;

/**
 * What the App is: private to its account, no webhook, allowed to read and write the repository's
 * files (the editor's reads and Publish) and its metadata (which GitHub gives every App).
 */
export function appManifest(siteOrigin: string, repository: { owner: string; repo: string }) {
  return {
    name: `${repository.owner} ${repository.repo} editor`.slice(0, NAME_LIMIT).trim(),
    url: siteOrigin,
    description: `Publishes the changes made in ${siteOrigin}/admin/ to ${repository.owner}/${repository.repo}.`,
    hook_attributes: { url: `${siteOrigin}/admin/`, active: false },
    redirect_url: `${siteOrigin}${RETURN_PATH}`,
    setup_url: `${siteOrigin}${SETUP_PATH}`,
    public: false,
    default_permissions: { contents: 'write', metadata: 'read' },
  };
}

/** GitHub's "new App" page of the account that owns the repository: a private App installs only there. */
export function newAppAddress(env: GitHubEnv, owner: string): string {
  const web = webOf(env);
  return env.GITHUB_OWNER_TYPE?.trim() === 'Organization'
    ? `${web}/organizations/${encodeURIComponent(owner)}/settings/apps/new`
    : `${web}/settings/apps/new`;
}

/** Where the owner installs the App. */
export function installAddress(env: GitHubEnv, slug: string): string {
  return `${webOf(env)}/apps/${encodeURIComponent(slug)}/installations/new`;
}

/**
 * The App GitHub made for the code, and the account it belongs to. The answer's private key goes
 * to the caller only, to be kept.
 */
export async function exchangeCode(env: GitHubEnv, code: string): Promise<KeptApp & { account: string }> {
  const answer = await callGitHub(apiOf(env), { method: 'POST', path: `/app-manifests/${encodeURIComponent(code)}/conversions` });
  const detail = `POST app-manifests conversions: ${answer.status} ${messageOf(answer.body)}`;
  // GitHub answers 404 for a code it no longer knows: used already, or older than an hour.
  if (answer.status === 404) throw new ConnectProblem('github-code-expired', detail);
  const { id, slug, pem, owner } = (answer.body ?? {}) as { id?: unknown; slug?: unknown; pem?: unknown; owner?: { login?: unknown } };
  if (answer.status !== 201 || typeof id !== 'number' || typeof slug !== 'string' || typeof pem !== 'string')
    throw new ConnectProblem('github-app-refused', detail);
  return { appId: String(id), slug, privateKey: pem, account: typeof owner?.login === 'string' ? owner.login : '' };
}

/**
 * Whether the App reaches the repository as the editor needs: its installation there, and a token
 * for that repository with contents:write. Checked afresh each time (no token kept), so a removed
 * installation shows at once. Answers the GitHubProblem that stops it, or undefined when it works.
 */
export async function reachProblem(env: GitHubEnv): Promise<GitHubProblem | undefined> {
  try {
    await installationToken(await gitHubSettings(env), new Map());
    return undefined;
  } catch (error) {
    if (error instanceof GitHubProblem) return error;
    throw error;
  }
}
