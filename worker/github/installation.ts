/**
 * The installation token: what every call about the repository carries. The App's JWT finds the
 * App's installation on the repository and asks for a token that reaches that one repository with
 * contents:write only (metadata:read comes with it); GitHub lets it live an hour, and it is kept
 * until five minutes before it ends, so the Worker asks again only when it must.
 */
import { appJwt } from './app-jwt.js';
import { GitHubProblem } from './problems.js';
import { callGitHub, messageOf } from './request.js';
import type { GitHubSettings } from './settings.js';

interface Held {
  installationId: number;
  token: string;
  expiresAt: number;
}

/** Tokens held in this isolate, by API, App and repository. Never written anywhere else. */
export type TokenCache = Map<string, Held>;

const MARGIN = 5 * 60 * 1000;

export const sharedTokens: TokenCache = new Map();

const keyOf = (settings: GitHubSettings) => `${settings.api} ${settings.appId} ${settings.owner}/${settings.repo}`;

export async function installationToken(settings: GitHubSettings, cache: TokenCache, now = Date.now()): Promise<string> {
  const held = cache.get(keyOf(settings));
  if (held && held.expiresAt - MARGIN > now) return held.token;
  const fresh = await newToken(settings, held?.installationId, now);
  cache.set(keyOf(settings), fresh);
  return fresh.token;
}

/** Forgets the token GitHub just refused (it was revoked or ran out early), so the next call asks for a new one. */
export function dropToken(settings: GitHubSettings, cache: TokenCache, token: string): void {
  const held = cache.get(keyOf(settings));
  if (held?.token === token) cache.set(keyOf(settings), { ...held, token: '', expiresAt: 0 });
}

async function newToken(settings: GitHubSettings, knownInstallation: number | undefined, now: number): Promise<Held> {
  const jwt = await appJwt(settings.appId, settings.key, now);
  const installationId = knownInstallation ?? (await findInstallation(settings, jwt, now));
  const answer = await callGitHub(
    settings.api,
    {
      method: 'POST',
      path: `/app/installations/${installationId}/access_tokens`,
      credential: jwt,
      body: { repositories: [settings.repo], permissions: { contents: 'write' } },
    },
    now,
  );
  const detail = `POST access_tokens: ${answer.status} ${messageOf(answer.body)}`;
  if (answer.status === 401) throw new GitHubProblem('github-key-refused', { detail });
  // The App was removed since its installation was found.
  if (answer.status === 404) throw new GitHubProblem('github-not-installed', { detail });
  // 422: the repository is not among the installation's, or contents:write was not granted; 403: suspended.
  if (answer.status === 422 || answer.status === 403) throw new GitHubProblem('github-no-access', { detail });
  const token: unknown = answer.body?.token;
  const expiresAt = Date.parse(answer.body?.expires_at);
  if (answer.status !== 201 || typeof token !== 'string' || !Number.isFinite(expiresAt))
    throw new GitHubProblem('github-refused', { detail });
  return { installationId, token, expiresAt };
}

async function findInstallation(settings: GitHubSettings, jwt: string, now: number): Promise<number> {
  const answer = await callGitHub(
    settings.api,
    {
      method: 'GET',
      path: `/repos/${encodeURIComponent(settings.owner)}/${encodeURIComponent(settings.repo)}/installation`,
      credential: jwt,
    },
    now,
  );
  const detail = `GET installation: ${answer.status} ${messageOf(answer.body)}`;
  if (answer.status === 401) throw new GitHubProblem('github-key-refused', { detail });
  if (answer.status === 404) throw new GitHubProblem('github-not-installed', { detail });
  const id: unknown = answer.body?.id;
  if (answer.status !== 200 || typeof id !== 'number') throw new GitHubProblem('github-refused', { detail });
  return id;
}
