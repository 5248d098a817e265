/**
 * The company's repository as the Worker sees it: the branch's head, its files, a file's history,
 * and one commit of every change the owner publishes. Each call carries the installation token; a
 * token GitHub refuses (401) is asked for again once, and the call tried once more.
 */
import { toBase64, fromBase64 } from './base64.js';
import { dropToken, installationToken, sharedTokens, type TokenCache } from './installation.js';
import { GitHubProblem } from './problems.js';
import { callGitHub, messageOf, type GitHubAnswer, type GitHubCall } from './request.js';
import type { GitHubSettings } from './settings.js';

export interface TreeEntry {
  path: string;
  /** blob: a file; tree: a folder; commit: a submodule. */
  type: 'blob' | 'tree' | 'commit';
  mode: string;
  sha: string;
  size?: number;
}

export interface HistoryEntry {
  sha: string;
  message: string;
  author: string;
  date: string;
}

export interface Change {
  /** The branch head the owner started from: the commit is refused if someone published since. */
  expectedHead: string;
  headline: string;
  body?: string;
  /** Files added or replaced, by path from the repository's root. */
  additions: Array<{ path: string; contents: Uint8Array | string }>;
  deletions: string[];
}

const encoder = new TextEncoder();

export class Repository {
  constructor(
    readonly settings: GitHubSettings,
    private readonly tokens: TokenCache = sharedTokens,
  ) {}

  private get base(): string {
    return `/repos/${encodeURIComponent(this.settings.owner)}/${encodeURIComponent(this.settings.repo)}`;
  }

  /** The commit the branch points at now. */
  async head(branch = this.settings.branch): Promise<string> {
    const answer = this.expect(await this.call({ method: 'GET', path: `${this.base}/git/ref/heads/${refPath(branch)}` }), 200);
    return answer.body.object.sha;
  }

  /** Every file and folder of a commit or tree; `truncated` when GitHub cut a very large listing short. */
  async tree(sha: string): Promise<{ sha: string; entries: TreeEntry[]; truncated: boolean }> {
    const answer = this.expect(
      await this.call({ method: 'GET', path: `${this.base}/git/trees/${encodeURIComponent(sha)}?recursive=1` }),
      200,
    );
    const entries = (answer.body.tree as Array<TreeEntry>).map(({ path, type, mode, sha: entrySha, size }) => ({
      path,
      type,
      mode,
      sha: entrySha,
      ...(size === undefined ? {} : { size }),
    }));
    return { sha: answer.body.sha, entries, truncated: answer.body.truncated };
  }

  /** A file's bytes, by its blob's sha (from the tree). */
  async blob(sha: string): Promise<Uint8Array> {
    const answer = this.expect(await this.call({ method: 'GET', path: `${this.base}/git/blobs/${encodeURIComponent(sha)}` }), 200);
    if (answer.body.encoding !== 'base64')
      throw new GitHubProblem('github-refused', { detail: `blob ${sha} came as ${answer.body.encoding}` });
    return fromBase64(answer.body.content);
  }

  /**
   * The commits that changed a file, newest first, from `from` (a commit or branch) back; with no
   * file, every commit from there back.
   */
  async history(path: string | undefined, from = this.settings.branch, perPage = 30): Promise<HistoryEntry[]> {
    const query = new URLSearchParams({ ...(path === undefined ? {} : { path }), sha: from, per_page: String(perPage) });
    const answer = this.expect(await this.call({ method: 'GET', path: `${this.base}/commits?${query}` }), 200);
    return (answer.body as Array<{ sha: string; commit: { message: string; author: { name?: string; date?: string } | null } }>).map(
      (item) => ({
        sha: item.sha,
        message: item.commit.message,
        author: item.commit.author?.name ?? '',
        date: item.commit.author?.date ?? '',
      }),
    );
  }

  /**
   * One commit on the branch holding every change, made by GitHub (createCommitOnBranch), so it is
   * signed as the App's. If the branch moved since `expectedHead`, nothing is written and the
   * problem github-head-moved carries the new head.
   */
  async commit(change: Change): Promise<{ sha: string; url: string }> {
    const input = {
      branch: { repositoryNameWithOwner: `${this.settings.owner}/${this.settings.repo}`, branchName: this.settings.branch },
      message: { headline: change.headline, ...(change.body ? { body: change.body } : {}) },
      expectedHeadOid: change.expectedHead,
      fileChanges: {
        additions: change.additions.map(({ path, contents }) => ({
          path,
          contents: toBase64(typeof contents === 'string' ? encoder.encode(contents) : contents),
        })),
        deletions: change.deletions.map((path) => ({ path })),
      },
    };
    const answer = await this.call({ method: 'POST', path: '/graphql', body: { query: COMMIT_MUTATION, variables: { input } } });
    const errors = (answer.body?.errors ?? []) as Array<{ type?: string; message?: string }>;
    const detail = `createCommitOnBranch: ${answer.status} ${errors.map((error) => error.message).join('; ') || messageOf(answer.body)}`;
    if (errors.some((error) => error.type === 'STALE_DATA'))
      throw new GitHubProblem('github-head-moved', { detail, head: await this.head() });
    if (errors.some((error) => error.type === 'RATE_LIMITED')) {
      const reset = Number(answer.headers.get('x-ratelimit-reset'));
      throw new GitHubProblem('github-rate-limited', {
        detail,
        ...(Number.isFinite(reset) && reset > 0 ? { retryAt: new Date(reset * 1000) } : {}),
      });
    }
    if (errors.some((error) => error.type === 'FORBIDDEN')) throw new GitHubProblem('github-no-access', { detail });
    if (errors.some((error) => error.type === 'NOT_FOUND')) throw new GitHubProblem('github-not-found', { detail });
    const commit = answer.body?.data?.createCommitOnBranch?.commit;
    if (answer.status !== 200 || errors.length > 0 || typeof commit?.oid !== 'string')
      throw new GitHubProblem('github-refused', { detail });
    return { sha: commit.oid, url: commit.url };
  }

  /**
   * A commit of `change` on top of `parent`, made with the Git database, and `branch` made or moved
   * to it whatever it held: one push, so the deploy runs once for it. Only for a branch the Worker
   * owns (the preview's); the branch the site is published from is never moved this way.
   */
  async replaceBranch(branch: string, parent: string, change: Omit<Change, 'expectedHead'>): Promise<string> {
    if (branch === this.settings.branch) throw new Error(`replaceBranch: ${branch} is the branch the site is published from`);
    const { sha: baseTree } = await this.tree(parent);
    const entries = [];
    for (const { path, contents } of change.additions) {
      const bytes = typeof contents === 'string' ? encoder.encode(contents) : contents;
      const blob = this.expect(
        await this.call({ method: 'POST', path: `${this.base}/git/blobs`, body: { content: toBase64(bytes), encoding: 'base64' } }),
        201,
      );
      entries.push({ path, mode: '100644', type: 'blob', sha: blob.body.sha as string });
    }
    for (const path of change.deletions) entries.push({ path, mode: '100644', type: 'blob', sha: null });
    const tree = this.expect(
      await this.call({ method: 'POST', path: `${this.base}/git/trees`, body: { base_tree: baseTree, tree: entries } }),
      201,
    );
    const message = change.body ? `${change.headline}\n\n${change.body}` : change.headline;
    const made = this.expect(
      await this.call({ method: 'POST', path: `${this.base}/git/commits`, body: { message, tree: tree.body.sha, parents: [parent] } }),
      201,
    );
    const sha = made.body.sha as string;
    const created = await this.call({ method: 'POST', path: `${this.base}/git/refs`, body: { ref: `refs/heads/${branch}`, sha } });
    // 422: the branch is there from an earlier preview, and is moved instead.
    if (created.status !== 422) this.expect(created, 201);
    else
      this.expect(
        await this.call({ method: 'PATCH', path: `${this.base}/git/refs/heads/${refPath(branch)}`, body: { sha, force: true } }),
        200,
      );
    return sha;
  }

  /** The call with the installation token; on a 401 a new token, once. */
  private async call(call: Omit<GitHubCall, 'credential'>): Promise<GitHubAnswer> {
    const token = await installationToken(this.settings, this.tokens);
    const answer = await callGitHub(this.settings.api, { ...call, credential: token });
    if (answer.status !== 401) return answer;
    dropToken(this.settings, this.tokens, token);
    const again = await callGitHub(this.settings.api, { ...call, credential: await installationToken(this.settings, this.tokens) });
    // A token refused as soon as it is given out: GitHub is refusing the installation, not the token.
    if (again.status === 401)
      throw new GitHubProblem('github-refused', { detail: `${call.method} ${call.path.split('?')[0]}: 401 again with a new token` });
    return again;
  }

  /** The answer when its status is the one asked for; otherwise the owner's reason. */
  private expect(answer: GitHubAnswer, status: number): GitHubAnswer {
    if (answer.status === status) return answer;
    const detail = `${answer.status} ${messageOf(answer.body)}`;
    // Through an installation token, a repository the App cannot see answers 404 as well as a missing file.
    if (answer.status === 404 || answer.status === 409 || answer.status === 422) throw new GitHubProblem('github-not-found', { detail });
    if (answer.status === 403) throw new GitHubProblem('github-no-access', { detail });
    throw new GitHubProblem('github-refused', { detail });
  }
}

/** A branch's name in an address: each part encoded, its slashes kept (GitHub's refs are paths). */
const refPath = (branch: string) => branch.split('/').map(encodeURIComponent).join('/');

const COMMIT_MUTATION = `mutation Publish($input: CreateCommitOnBranchInput!) {
  createCommitOnBranch(input: $input) {
    commit { oid url }
  }
}`;
