/** The company's GitHub repository, reached through the site's GitHub App (docs/worker.md). */
import { gitHubSettings, type GitHubEnv } from './settings.js';
import { Repository } from './repository.js';
import type { TokenCache } from './installation.js';

export { GitHubProblem, GITHUB_MESSAGES, type GitHubProblemCode } from './problems.js';
export type { Change, HistoryEntry, TreeEntry } from './repository.js';
export type { GitHubEnv } from './settings.js';

/** The repository the Worker's settings name; github-not-set-up when they are incomplete. */
export async function companyRepository(env: GitHubEnv, tokens?: TokenCache): Promise<Repository> {
  return new Repository(await gitHubSettings(env), tokens);
}
