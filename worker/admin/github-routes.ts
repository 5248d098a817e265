/**
 * Connecting the site's GitHub repository from the phone (GitHub's manifest flow, github/manifest.ts):
 * the pages /admin/github/ and /admin/github/return (signed in; signed out, /admin/ to sign in
 * first), their script and style, and the API's two writes, which pass the API's one gate
 * (worker/api.ts: Origin, session, CSRF token) like every other.
 */
import type { Route } from '../api.js';
import type { Env } from '../env.js';
import { json, readJson, signInFirst, text } from '../http.js';
import { findSession } from '../sessions.js';
import { siteOf } from '../site.js';
import { CONNECT_MESSAGES, ConnectProblem } from '../github/connect-problems.js';
import { keepApp, keptApp } from '../github/kept-app.js';
import { appManifest, exchangeCode, installAddress, newAppAddress, reachProblem, RETURN_PATH, SETUP_PATH } from '../github/manifest.js';
import { GitHubProblem } from '../github/problems.js';
import { appFromSettings, repositoryOf, webOf } from '../github/settings.js';
import { PAGE_HEADERS } from './document.js';
import { gitHubPage, returnPage, type ConnectForm, type GitHubScreen } from './github-page.js';
import { startConnection, takeConnection } from './github-starts.js';
import { GITHUB_SCRIPT } from './github-script.js';
import { GITHUB_STYLE } from './github-style.js';

/** The screens' own policy: their one form may go to GitHub's web address, and nowhere else. */
function headersFor(env: Env): Record<string, string> {
  const policy = PAGE_HEADERS['Content-Security-Policy'].replace("form-action 'self'", `form-action ${new URL(webOf(env)).origin}`);
  return { ...PAGE_HEADERS, 'Content-Security-Policy': policy };
}

async function screenFor(request: Request, env: Env): Promise<GitHubScreen> {
  const repository = repositoryOf(env);
  if (!repository) return { kind: 'no-repository', message: CONNECT_MESSAGES['github-repository-unknown'] };
  const name = `${repository.owner}/${repository.repo}`;
  const fromSettings = appFromSettings(env);
  const form: ConnectForm | undefined = fromSettings
    ? undefined
    : {
        action: newAppAddress(env, repository.owner),
        manifest: JSON.stringify(appManifest(siteOf(request, env).origin, repository)),
      };
  const kept = fromSettings ? undefined : await keptApp(env.DB);
  if (!fromSettings && !kept) return { kind: 'connect', repository: name, form: form! };
  const problem = await reachProblem(env);
  return {
    kind: 'app',
    repository: name,
    ...(kept ? { slug: kept.slug, install: installAddress(env, kept.slug) } : {}),
    ...(problem ? { problem: problem.message } : {}),
    notInstalled: problem?.code === 'github-not-installed',
    ...(form ? { form } : {}),
  };
}

/** The connection's own addresses under /admin/; undefined for any other. */
export async function handleGitHubPages(request: Request, env: Env, now: number): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  if (pathname === '/admin/github.js') return text(GITHUB_SCRIPT, 'text/javascript; charset=utf-8');
  if (pathname === '/admin/github.css') return text(GITHUB_STYLE, 'text/css; charset=utf-8');
  // GitHub's redirect back is a request from another site, which a SameSite=Strict cookie never
  // comes with: this page asks for nothing, and its script sends the code from this site's own page.
  if (pathname === RETURN_PATH) return text(returnPage(), 'text/html; charset=utf-8', headersFor(env));
  if (pathname !== SETUP_PATH) return undefined;
  const state = await findSession(env.DB, request, now);
  if (state.state !== 'active') return signInFirst(request);
  return text(gitHubPage(await screenFor(request, env), state.session.csrfToken), 'text/html; charset=utf-8', headersFor(env));
}

const STATUS: Record<string, number> = {
  'github-code-expired': 410,
  'github-state-mismatch': 403,
  'github-repository-unknown': 409,
  'github-wrong-account': 409,
  'github-app-refused': 502,
  'github-set-in-settings': 409,
  'github-rate-limited': 429,
};

function failure(error: unknown): Response {
  if (error instanceof ConnectProblem || error instanceof GitHubProblem) return json(error, STATUS[error.code] ?? 503);
  throw error;
}

/** A value GitHub could have sent back in an address: letters, digits, - and _ only. */
const token = (value: unknown) => (typeof value === 'string' && /^[\w-]{1,200}$/.test(value) ? value : undefined);

export const GITHUB_ROUTES: Route[] = [
  {
    // Connect pressed: a state for GitHub to send back, bound to this session.
    method: 'POST',
    path: /^\/api\/github\/start$/,
    signedIn: true,
    async handle({ env, session, now }) {
      if (!repositoryOf(env)) return failure(new ConnectProblem('github-repository-unknown'));
      if (appFromSettings(env)) return failure(new ConnectProblem('github-set-in-settings'));
      return json({ state: await startConnection(env.DB, session!.tokenHash, now) });
    },
  },
  {
    // Back from GitHub: the state checked and spent, the code exchanged, the App kept.
    method: 'POST',
    path: /^\/api\/github\/finish$/,
    signedIn: true,
    async handle({ request, env, session, now }) {
      const body = await readJson(request);
      const code = token(body?.code);
      const state = token(body?.state);
      try {
        if (!code || !state) throw new ConnectProblem('github-state-mismatch');
        const repository = repositoryOf(env);
        if (!repository) throw new ConnectProblem('github-repository-unknown');
        if (appFromSettings(env)) throw new ConnectProblem('github-set-in-settings');
        await takeConnection(env.DB, state, session!.tokenHash, now);
        const app = await exchangeCode(env, code);
        // A private App installs only on its own account: one made elsewhere could never reach the repository.
        if (app.account.toLowerCase() !== repository.owner.toLowerCase()) throw new ConnectProblem('github-wrong-account');
        await keepApp(env.DB, app, now);
        return json({ slug: app.slug, install: installAddress(env, app.slug) });
      } catch (error) {
        return failure(error);
      }
    },
  },
];
