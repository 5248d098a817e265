/**
 * Where the company's repository is and which GitHub App reaches it, from the Worker's settings
 * (docs/worker.md, "The company's repository through a GitHub App"). The App's id and key come from
 * the settings when either is set, otherwise from the App the owner made from the phone (kept-app.ts).
 */
import type { D1Database } from '../env.js';
import { importAppKey } from './app-key.js';
import { keptApp } from './kept-app.js';
import { GitHubProblem } from './problems.js';

export interface GitHubEnv {
  /** The GitHub API's address; unset: https://api.github.com. The tests point it at a stand-in. */
  GITHUB_API?: string;
  /** GitHub's web address, where the owner makes and installs the App; unset: https://github.com. */
  GITHUB_WEB?: string;
  /** Who owns the repository, in GitHub's words: Organization or User (the deploy sets it); unset: User. */
  GITHUB_OWNER_TYPE?: string;
  /** The GitHub App's id (a number, on the App's settings page). */
  GITHUB_APP_ID?: string;
  /** A Worker secret: the App's private key, PEM, as GitHub gives it (PKCS#1) or PKCS#8. */
  GITHUB_APP_PRIVATE_KEY?: string;
  /** The company's repository, "owner/name". */
  GITHUB_REPOSITORY?: string;
  /** The branch the site is published from; unset: main. */
  GITHUB_BRANCH?: string;
  /** Where the App made from the phone is kept; without it only the settings above count. */
  DB?: D1Database;
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
  const { owner, repo } = repositoryOf(env) ?? {};
  const fromSettings = appFromSettings(env);
  const kept = fromSettings ? undefined : await keptApp(env.DB);
  const appId = fromSettings ? env.GITHUB_APP_ID?.trim() : kept?.appId;
  const pem = fromSettings ? env.GITHUB_APP_PRIVATE_KEY : kept?.privateKey;
  if (!appId || !owner || !repo || !pem) {
    throw new GitHubProblem('github-not-set-up', {
      detail:
        'GITHUB_REPOSITORY (owner/name) and an App (GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY, or one made at /admin/github/) are needed',
    });
  }
  const key = await importAppKey(pem);
  if (!key) throw new GitHubProblem('github-not-set-up', { detail: 'GITHUB_APP_PRIVATE_KEY holds no RSA private key in PEM form' });
  return { api: apiOf(env), appId, key, owner, repo, branch: env.GITHUB_BRANCH?.trim() || 'main' };
}

/** The company's repository from GITHUB_REPOSITORY, or undefined when it is not "owner/name". */
export function repositoryOf(env: GitHubEnv): { owner: string; repo: string } | undefined {
  const [owner, repo, extra] = (env.GITHUB_REPOSITORY ?? '').trim().split('/');
  return owner && repo && extra === undefined ? { owner, repo } : undefined;
}

/** True when the App's id or key is a setting of the Worker: those win over an App made from the phone. */
export function appFromSettings(env: GitHubEnv): boolean {
  return Boolean(env.GITHUB_APP_ID?.trim() || env.GITHUB_APP_PRIVATE_KEY);
}

export const apiOf = (env: GitHubEnv) => (env.GITHUB_API?.trim() || 'https://api.github.com').replace(/\/+$/, '');
export const webOf = (env: GitHubEnv) => (env.GITHUB_WEB?.trim() || 'https://github.com').replace(/\/+$/, '');
