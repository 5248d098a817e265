import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../build.js';
import { formatProblems } from '../problems/format.js';
import { ContentError } from '../problems/problem.js';
import { git } from './git.js';

/**
 * Publishing from the editor: commit the content files that changed, and only those, then push
 * when a remote is set (the deploy workflow builds from there). Every refusal changes nothing.
 */

export interface PublishStatus {
  repository: boolean;
  /** Content files with uncommitted changes, from the repository's top, e.g. content/services.yaml. */
  changed: string[];
  /** Other files with uncommitted changes, which keep the editor from publishing. */
  blocking: string[];
  /** Where a publish is pushed, or null when the repository has no remote. */
  remote: string | null;
  /** Commits here not yet sent to the remote (as last fetched): a publish sends them even with no file changed. */
  unpushed: number;
}

export type PublishResult = { status: 200; commit: string; pushed: boolean; message?: string } | { status: 409; message: string };

interface Repository {
  top: string;
  /** The content folder from the top, with forward slashes and a trailing one: content/ */
  prefix: string;
}

async function repositoryOf(contentDir: string): Promise<Repository | undefined> {
  const dir = await realpath(contentDir);
  const found = await git(dir, ['rev-parse', '--show-toplevel']);
  if (!found.ok) return undefined;
  const top = await realpath(found.stdout.trim());
  const rel = path.relative(top, dir).split(path.sep).join('/');
  return { top, prefix: rel === '' ? '' : `${rel}/` };
}

/** Paths with uncommitted changes (untracked ones too), from `git status -z`. */
async function dirtyPaths(top: string): Promise<string[]> {
  const status = await git(top, ['status', '--porcelain=v1', '-z', '--untracked-files=all']);
  if (!status.ok) throw new Error(`git status failed: ${status.stderr}`);
  const fields = status.stdout.split('\0');
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry.length < 4) continue;
    paths.push(entry.slice(3));
    // A rename or copy names its old path in the next field; that path changed too.
    if (/^[RC]/.test(entry)) paths.push(fields[++i]!);
  }
  return [...new Set(paths)].sort();
}

/**
 * Editors' swap, backup and temporary files in the content folder (and the system's .DS_Store):
 * never published, and no reason to refuse, as the dev server's watcher passes over them too.
 */
function isScratch(file: string): boolean {
  const name = path.posix.basename(file);
  return /~$|\.(swp|swx|tmp|bak)$|^4913$|^#.*#$|^\.DS_Store$/i.test(name);
}

/** The uncommitted paths, split into content files to publish and other files that block it. */
function split(dirty: readonly string[], repo: Repository): { changed: string[]; blocking: string[] } {
  const content = (file: string) => file.startsWith(repo.prefix);
  return { changed: dirty.filter((file) => content(file) && !isScratch(file)), blocking: dirty.filter((file) => !content(file)) };
}

interface Upstream {
  remote: string;
  branch: string;
}

/** Where pushes go: the branch's upstream, else the same branch on origin (or the only remote). */
async function upstreamOf(top: string): Promise<Upstream | undefined | 'detached'> {
  const branch = await git(top, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  const remotes = (await git(top, ['remote'])).stdout.split('\n').filter(Boolean);
  if (remotes.length === 0) return undefined;
  if (!branch.ok) return 'detached';
  const name = branch.stdout.trim();
  const remote = (await git(top, ['config', '--get', `branch.${name}.remote`])).stdout.trim();
  const merge = (await git(top, ['config', '--get', `branch.${name}.merge`])).stdout.trim().replace(/^refs\/heads\//, '');
  if (remote && remote !== '.' && remotes.includes(remote)) return { remote, branch: merge || name };
  return { remote: remotes.includes('origin') ? 'origin' : remotes[0]!, branch: name };
}

export async function publishStatus(contentDir: string): Promise<PublishStatus> {
  const repo = await repositoryOf(contentDir);
  if (!repo) return { repository: false, changed: [], blocking: [], remote: null, unpushed: 0 };
  const { changed, blocking } = split(await dirtyPaths(repo.top), repo);
  const upstream = await upstreamOf(repo.top);
  const remote = typeof upstream === 'object' ? (await git(repo.top, ['remote', 'get-url', upstream.remote])).stdout.trim() || upstream.remote : null;
  let unpushed = 0;
  if (typeof upstream === 'object') {
    const counted = await git(repo.top, ['rev-list', '--count', `refs/remotes/${upstream.remote}/${upstream.branch}..HEAD`]);
    unpushed = counted.ok ? Number(counted.stdout.trim()) : 0;
  }
  return { repository: true, changed, blocking, remote, unpushed };
}

export interface PublishOptions {
  contentDir: string;
  message: string;
  /** What a strict build says is wrong, or undefined when it would pass; defaults to building the site in memory. */
  strictCheck?: (contentDir: string, cwd: string) => Promise<string | undefined>;
  /** Paths in problems are shown relative to this folder. */
  cwd?: string;
}

export async function publish(options: PublishOptions): Promise<PublishResult> {
  const refuse = (message: string): PublishResult => ({ status: 409, message });
  const message = options.message.trim();
  if (message === '') return refuse('Write a few words saying what you changed (e.g. "New prices for 2027"); they are kept with the change.');
  const repo = await repositoryOf(options.contentDir);
  if (!repo) return refuse('This project is not a git repository, so there is nowhere to publish to. Ask whoever set up the site to put it in git (the README says how).');
  const { changed, blocking } = split(await dirtyPaths(repo.top), repo);
  if (blocking.length > 0 && changed.length > 0) {
    return refuse(
      `Other files than the content have unsaved changes in git (${blocking.join(', ')}), and publishing would leave them out or mix them in. Ask whoever changed them to commit or undo them, then publish again.`,
    );
  }
  const upstream = await upstreamOf(repo.top);
  if (upstream === 'detached') return refuse('The project is not on a branch (git says "detached HEAD"), so it cannot be published from here. Ask whoever set up the site to check out the main branch.');
  const sync = upstream ? await compare(repo.top, upstream) : { behind: 0, ahead: 0 };
  if ('error' in sync) return refuse(sync.error);
  // Nothing new to commit, but an earlier publish whose push failed is still only here: send it now.
  if (changed.length === 0 && (sync.ahead === 0 || !upstream)) return refuse('Nothing to publish: every content file is as it was last published.');
  if (sync.behind > 0) {
    return refuse(
      `Someone else published changes (${sync.behind} commit${sync.behind === 1 ? '' : 's'} on ${upstream!.remote}) that this copy does not have yet; reload first: stop the editor, run "git pull" in the project folder, start it again and check your changes, then publish.`,
    );
  }
  if (changed.length === 0) return push(repo.top, upstream!, (await git(repo.top, ['rev-parse', 'HEAD'])).stdout.trim());
  const failure = await (options.strictCheck ?? strictBuild)(options.contentDir, options.cwd ?? repo.top);
  if (failure !== undefined) return refuse(`The site would not pass the deploy's strict build, so nothing was published:\n${failure}`);

  const added = await git(repo.top, ['add', '-A', '--', ...changed]);
  if (!added.ok) return refuse(`git could not take the changed files: ${added.stderr}`);
  const committed = await git(repo.top, ['commit', '--quiet', '-m', message, '--', ...changed]);
  if (!committed.ok) {
    // Leave the index as it was found: nothing of this publish stays staged.
    await git(repo.top, ['reset', '--quiet', '--', ...changed]);
    return refuse(`git could not commit: ${committed.stderr}`);
  }
  const commit = (await git(repo.top, ['rev-parse', 'HEAD'])).stdout.trim();
  if (!upstream) return { status: 200, commit, pushed: false };
  return push(repo.top, upstream, commit);
}

async function push(top: string, upstream: Upstream, commit: string): Promise<PublishResult> {
  const pushed = await git(top, ['push', '--quiet', upstream.remote, `HEAD:refs/heads/${upstream.branch}`]);
  if (!pushed.ok) return { status: 200, commit, pushed: false, message: `Saved in git, but sending it to ${upstream.remote} failed: ${pushed.stderr}. Publish again later to send it.` };
  return { status: 200, commit, pushed: true };
}

/** How many commits the remote has that this copy lacks, and the other way round, after fetching. */
async function compare(top: string, upstream: Upstream): Promise<{ behind: number; ahead: number } | { error: string }> {
  const fetched = await git(top, ['fetch', '--quiet', upstream.remote]);
  if (!fetched.ok) return { error: `Could not reach ${upstream.remote} to check for changes published by others: ${fetched.stderr}. Check the internet connection and try again.` };
  const tracking = `refs/remotes/${upstream.remote}/${upstream.branch}`;
  // A remote without this branch yet: everything here is still to be sent.
  if (!(await git(top, ['rev-parse', '--verify', '--quiet', tracking])).ok) return { behind: 0, ahead: 1 };
  const counted = await git(top, ['rev-list', '--left-right', '--count', `${tracking}...HEAD`]);
  const [behind, ahead] = counted.stdout.trim().split(/\s+/).map(Number);
  if (!counted.ok || behind === undefined || ahead === undefined) return { error: `git could not compare this copy with ${upstream.remote}: ${counted.stderr}` };
  return { behind, ahead };
}

/** What `site build --strict` would say is wrong with the content, or undefined when it builds. */
async function strictBuild(contentDir: string, cwd: string): Promise<string | undefined> {
  try {
    await build({ contentDir, strict: true });
    return undefined;
  } catch (error) {
    if (error instanceof ContentError) return formatProblems(error.problems, error.sources, { cwd });
    return (error as Error).message;
  }
}
