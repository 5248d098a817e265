/**
 * Where the company's repository is and which GitHub App reaches it, from the Worker's settings
 * (docs/worker.md, "The company's repository through a GitHub App").
 */
import { importAppKey } from './app-key.js';
import { GitHubProblem } from './problems.js';

export interface GitHubEnv {
  /** The GitHub API's address; unset: https://api.github.com. The tests point it at a stand-in. */
  GITHUB_API?: string;
  /** The GitHub App's id (a number, on the App's settings page). */
  GITHUB_APP_ID?: string;
  /** A Worker secret: the App's private key, PEM, as GitHub gives it (PKCS#1) or PKCS#8. */
  GITHUB_APP_PRIVATE_KEY?: string;
  /** The company's repository, "owner/name". */
  GITHUB_REPOSITORY?: string;
  /** The branch the site is published from; unset: main. */
  GITHUB_BRANCH?: string;
}

export interface GitHubSettings {
  api: string;
  appId: string;
  key: CryptoKey;
  owner: string;
  repo: string;
  branch: string;
}

/** The settings, or github-not-set-up when one is missing or the key is not an RSA private key. */
export async function gitHubSettings(env: GitHubEnv): Promise<GitHubSettings> {
  const [owner, repo, extra] = (env.GITHUB_REPOSITORY ?? '').trim().split('/');
  const appId = env.GITHUB_APP_ID?.trim();
  if (!appId || !owner || !repo || extra !== undefined || !env.GITHUB_APP_PRIVATE_KEY) {
    throw new GitHubProblem('github-not-set-up', {
      detail: 'GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY and GITHUB_REPOSITORY (owner/name) are all needed',
    });
  }
  const key = await importAppKey(env.GITHUB_APP_PRIVATE_KEY);
  if (!key) throw new GitHubProblem('github-not-set-up', { detail: 'GITHUB_APP_PRIVATE_KEY holds no RSA private key in PEM form' });
  const api = (env.GITHUB_API?.trim() || 'https://api.github.com').replace(/\/+$/, '');
  return { api, appId, key, owner, repo, branch: env.GITHUB_BRANCH?.trim() || 'main' };
}
