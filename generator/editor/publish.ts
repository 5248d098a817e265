import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../build.js';
import { ContentError } from '../problems/problem.js';
import { uiProblem } from './content/problems.js';
import { explainGitFailure } from './git-failures.js';
import {
  EXPLICIT_IDENTITY,
  checkAddress,
  checkIdentity,
  identityOf,
  isFolder,
  saveAddress,
  saveIdentity,
  untypable,
  type Identity,
} from './git-settings.js';
import { NETWORK_TIMEOUT_MS, git, type GitOptions } from './git.js';
import { dirtyPaths, isScratch, repositoryOf, type Repository } from './repository.js';
import { takeIn, type Choices, type Conflicts } from './take-in.js';

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
  /** The remote is a folder on this computer (as `git clone` of a folder leaves it), not a server: publishing asks first. */
  folder: boolean;
  /** Who changes are signed as, or null when git knows no name and email yet: the first publish asks. */
  identity: Identity | null;
  /** Commits here not yet sent to the remote (as last fetched): a publish sends them even with no file changed. */
  unpushed: number;
}

/** A refusal says what to do; `needs` names the field the editor shows for it, `details` is git's own text. */
export type PublishResult =
  | { status: 200; commit: string; pushed: boolean; message?: string; details?: string; note?: string }
  | { status: 409; message: string; details?: string; needs?: 'identity' | 'folder' | 'choose'; conflicts?: Conflicts };

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
  if (!repo) return { repository: false, changed: [], blocking: [], remote: null, folder: false, identity: null, unpushed: 0 };
  const { changed, blocking } = split(await dirtyPaths(repo.top), repo);
  const upstream = await upstreamOf(repo.top);
  const remote = typeof upstream === 'object' ? await urlOf(repo.top, upstream) : null;
  let unpushed = 0;
  if (typeof upstream === 'object') {
    const counted = await git(repo.top, ['rev-list', '--count', `refs/remotes/${upstream.remote}/${upstream.branch}..HEAD`]);
    unpushed = counted.ok ? Number(counted.stdout.trim()) : 0;
  }
  return {
    repository: true,
    changed,
    blocking,
    remote,
    folder: remote !== null && isFolder(remote),
    identity: await identityOf(repo.top),
    unpushed,
  };
}

async function urlOf(top: string, upstream: Upstream): Promise<string> {
  return (await git(top, ['remote', 'get-url', upstream.remote])).stdout.trim() || upstream.remote;
}

/** Sets the address publishing sends to (the remote a publish would use, else origin). */
export async function setPublishAddress(
  contentDir: string,
  address: string,
): Promise<{ status: 200; value: PublishStatus } | { status: 409; message: string }> {
  const url = address.trim();
  const wrong = checkAddress(url);
  if (wrong) return { status: 409, message: wrong };
  const repo = await repositoryOf(contentDir);
  if (!repo) return { status: 409, message: NOT_A_REPOSITORY };
  const upstream = await upstreamOf(repo.top);
  const failed = await saveAddress(repo.top, typeof upstream === 'object' ? upstream.remote : 'origin', url);
  if (failed) return { status: 409, message: failed };
  return { status: 200, value: await publishStatus(contentDir) };
}

export interface PublishOptions {
  contentDir: string;
  message: string;
  /** The name and email typed in the editor: kept in the repository's settings when the change is committed. */
  identity?: Identity;
  /** The folder the owner agreed to publish to, when the remote is one: without it, publishing asks first. */
  sendToFolder?: string;
  /** What a strict build says is wrong, or undefined when it would pass; defaults to building the site in memory. */
  strictCheck?: (contentDir: string, cwd: string) => Promise<string | undefined>;
  /** Paths in problems are shown relative to this folder. */
  cwd?: string;
  /**
   * Runs `work` while no save is written (the editor's save queue). Publishing holds it only
   * to read and commit the files, never while it builds or talks to the remote.
   */
  holdingSaves?: <T>(work: () => Promise<T>) => Promise<T>;
  /** How long fetch and push may take before they are stopped. */
  networkTimeoutMs?: number;
  /** The owner's choice for each value both they and someone who published meanwhile changed. */
  choices?: Choices;
  /** Uploads no saved file names (images/van.jpg), asked at the commit: one that came while publishing is left out too. */
  unusedUploads?: () => Promise<string[]>;
}

const NOT_A_REPOSITORY =
  'This project is not a git repository, so there is nowhere to publish to. Ask whoever set up the site to put it in git (the README says how).';

export async function publish(options: PublishOptions): Promise<PublishResult> {
  const refuse = (message: string, extra: { details?: string; needs?: 'identity' | 'folder' } = {}): PublishResult => ({
    status: 409,
    message,
    ...extra,
  });
  const holdingSaves = options.holdingSaves ?? (<T>(work: () => Promise<T>) => work());
  const network = { network: true, timeoutMs: options.networkTimeoutMs ?? NETWORK_TIMEOUT_MS };
  const message = options.message.trim();
  if (message === '')
    return refuse('Write a few words saying what you changed (e.g. "New prices for 2027"); they are kept with the change.');
  const hidden = untypable('What did you change?', message, true);
  if (hidden) return refuse(hidden);
  const repo = await repositoryOf(options.contentDir);
  if (!repo) return refuse(NOT_A_REPOSITORY);
  const identity = options.identity;
  if (identity) {
    const wrong = checkIdentity(identity);
    if (wrong) return refuse(wrong, { needs: 'identity' });
  } else if (!(await identityOf(repo.top))) {
    return refuse(
      'Git needs a name and an email to sign the change with: fill in "Your name" and "Your email" under Publish, then press Publish again.',
      { needs: 'identity' },
    );
  }
  const { changed, blocking } = split(await dirtyPaths(repo.top), repo);
  if (blocking.length > 0 && changed.length > 0) {
    return refuse(
      `Other files than the content have unsaved changes in git (${blocking.join(', ')}), and publishing would leave them out or mix them in. Ask whoever changed them to commit or undo them, then publish again.`,
    );
  }
  const upstream = await upstreamOf(repo.top);
  if (upstream === 'detached')
    return refuse(
      'The project is not on a branch (git says "detached HEAD"), so it cannot be published from here. Ask whoever set up the site to check out the main branch.',
    );
  const target = upstream ? { ...upstream, url: await urlOf(repo.top, upstream) } : undefined;
  if (target && isFolder(target.url) && options.sendToFolder !== target.url) {
    return refuse(
      `Publishing would send the change to ${target.url}, a folder on this computer, not to your site's repository: set your repository's address under "Publish to", or tick "Send it to this folder" to publish there anyway.`,
      { needs: 'folder' },
    );
  }
  const sync = target ? await compare(repo.top, target, network) : { behind: 0, ahead: 0 };
  if ('error' in sync) return refuse(sync.error, { details: sync.details });
  // Nothing new to commit, but an earlier publish whose push failed is still only here: send it now.
  if (changed.length === 0 && (sync.ahead === 0 || !target))
    return refuse('Nothing to publish: every content file is as it was last published.');
  if (changed.length === 0 && sync.behind === 0)
    return push(repo.top, target!, (await git(repo.top, ['rev-parse', 'HEAD'])).stdout.trim(), network);

  // Someone else published meanwhile: their files are written in first, so that what is checked is what is sent.
  const taken =
    sync.behind > 0
      ? await holdingSaves(() => takeIn(repo, target!.branch, `refs/remotes/${target!.remote}/${target!.branch}`, options.choices))
      : undefined;
  if (taken?.kind === 'refused') return refuse(taken.message, { details: taken.details });
  if (taken?.kind === 'choose') {
    const files = taken.conflicts.files.map((conflict) => conflict.file).join(', ');
    return {
      status: 409,
      message: taken.again
        ? `The versions changed since you chose (someone published again, or a file was saved): choose again above for each value of ${files}, then press Publish again. Nothing was sent and nothing is lost.`
        : `Someone else published meanwhile and changed ${files} too, so nothing was sent and nothing is lost: for each value above, choose their version or yours, then press Publish again.`,
      needs: 'choose',
      conflicts: taken.conflicts,
    };
  }
  const undoing = async (result: PublishResult) => {
    if (taken) await holdingSaves(() => taken.undo());
    return result;
  };

  // The strict build reads the files without holding saves back; a save meanwhile is noticed below.
  const checked = await holdingSaves(() => snapshot(repo));
  const failure = await (options.strictCheck ?? strictBuild)(options.contentDir, options.cwd ?? repo.top);
  if (failure !== undefined)
    return undoing(refuse(`The site would not pass the deploy's strict build, so nothing was published:\n${failure}`));

  const committed = await holdingSaves(async (): Promise<PublishResult | string> => {
    if ((await snapshot(repo)) !== checked)
      return refuse(
        'A file was saved while publishing was checking the site, so nothing was published: press Publish again to publish that change too.',
      );
    if (identity) {
      const failed = await saveIdentity(repo.top, identity);
      if (failed) return refuse(failed);
    }
    if (taken) {
      const failed = await taken.finish();
      if (failed !== undefined)
        return refuse(
          'Git could not take in what was published elsewhere, so nothing was published: show the details to whoever looks after the site.',
          { details: failed },
        );
    }
    const unused = new Set((await (options.unusedUploads?.() ?? Promise.resolve([]))).map((src) => `${repo.prefix}${src}`));
    const mine = (taken ? split(await dirtyPaths(repo.top), repo).changed : changed).filter((file) => !unused.has(file));
    // Only their version was kept: the remote has everything already.
    if (mine.length === 0) return taken ? '' : refuse('Nothing to publish: every content file is as it was last published.');
    const added = await git(repo.top, ['add', '-A', '--', ...mine]);
    if (!added.ok)
      return refuse('Git could not take the changed files, so nothing was published: show the details to whoever looks after the site.', {
        details: added.stderr,
      });
    const made = await git(repo.top, [...EXPLICIT_IDENTITY, 'commit', '--quiet', '-m', message, '--', ...mine]);
    if (!made.ok) {
      // Leave the index as it was found: nothing of this publish stays staged.
      await git(repo.top, ['reset', '--quiet', '--', ...mine]);
      const explained = explainGitFailure(made, { url: target?.url ?? repo.top });
      return refuse(
        explained.name === 'unknown'
          ? 'Git could not record the change, so nothing was published: show the details to whoever looks after the site.'
          : explained.message,
        {
          details: explained.details,
          ...(explained.name === 'no-identity' ? { needs: 'identity' as const } : {}),
        },
      );
    }
    return (await git(repo.top, ['rev-parse', 'HEAD'])).stdout.trim();
  });
  if (typeof committed !== 'string') return undoing(committed);
  const note = taken ? takenInNote(taken.theirs, taken.chosen) : undefined;
  if (committed === '')
    return { status: 200, commit: (await git(repo.top, ['rev-parse', 'HEAD'])).stdout.trim(), pushed: true, ...(note ? { note } : {}) };
  if (!target) return { status: 200, commit: committed, pushed: false };
  return { ...(await push(repo.top, target, committed, network)), ...(note ? { note } : {}) };
}

/** What the owner is told of the changes taken in: "Someone else published meanwhile; their changes to … were taken in." */
function takenInNote(theirs: readonly string[], chosen: readonly string[]): string {
  const shown = theirs.length <= 4 ? theirs.join(', ') : `${theirs.slice(0, 3).join(', ')} and ${theirs.length - 3} more files`;
  const choices = chosen.length > 0 ? `, with your choices for ${chosen.join(', ')}` : '';
  return `Someone else published meanwhile; their changes to ${shown} were taken in${choices}.`;
}

interface Target extends Upstream {
  url: string;
}

/** The content files to publish and what is in them now: equal snapshots mean nothing was saved between them. */
async function snapshot(repo: Repository): Promise<string> {
  const { changed, blocking } = split(await dirtyPaths(repo.top), repo);
  const hash = createHash('sha256');
  for (const file of [...changed, ...blocking]) {
    hash.update(`${file}\0`);
    hash.update((await readFile(path.join(repo.top, file)).catch(() => undefined)) ?? '(gone)');
  }
  return hash.digest('hex');
}

async function push(top: string, target: Target, commit: string, network: GitOptions): Promise<PublishResult> {
  const pushed = await git(top, ['push', '--quiet', target.remote, `HEAD:refs/heads/${target.branch}`], network);
  if (!pushed.ok) {
    const explained = explainGitFailure(pushed, { url: target.url, timeoutMs: network.timeoutMs });
    return { status: 200, commit, pushed: false, message: explained.message, details: explained.details };
  }
  // What the remote now has: the next status counts nothing as still to send.
  await git(top, ['update-ref', `refs/remotes/${target.remote}/${target.branch}`, commit]);
  return { status: 200, commit, pushed: true };
}

/** How many commits the remote has that this copy lacks, and the other way round, after fetching. */
async function compare(
  top: string,
  target: Target,
  network: GitOptions,
): Promise<{ behind: number; ahead: number } | { error: string; details?: string }> {
  const fetched = await git(top, ['fetch', '--quiet', '--prune', target.remote], network);
  if (!fetched.ok) {
    const explained = explainGitFailure(fetched, { url: target.url, timeoutMs: network.timeoutMs });
    return { error: explained.message, details: explained.details };
  }
  const tracking = `refs/remotes/${target.remote}/${target.branch}`;
  // A remote without this branch yet: everything here is still to be sent.
  if (!(await git(top, ['rev-parse', '--verify', '--quiet', tracking])).ok) return { behind: 0, ahead: 1 };
  const counted = await git(top, ['rev-list', '--left-right', '--count', `${tracking}...HEAD`]);
  const [behind, ahead] = counted.stdout.trim().split(/\s+/).map(Number);
  if (!counted.ok || behind === undefined || ahead === undefined)
    return {
      error: `Git could not compare this copy with ${target.remote}: show the details to whoever looks after the site.`,
      details: counted.stderr,
    };
  return { behind, ahead };
}

/**
 * What `site build --strict` would say is wrong with the content, or undefined when it builds: in
 * the editor's words, a line a problem, naming the file and the field as the form labels it.
 */
async function strictBuild(contentDir: string): Promise<string | undefined> {
  try {
    await build({ contentDir, strict: true });
    return undefined;
  } catch (error) {
    if (!(error instanceof ContentError)) return (error as Error).message;
    return error.problems
      .map((problem) => {
        const shown = uiProblem(problem, contentDir);
        const where = shown.message.includes(shown.field) ? shown.file : `${shown.file}, ${shown.field}`;
        return `${where}: ${shown.message}${shown.hint ? ` (${shown.hint})` : ''}`;
      })
      .join('\n');
  }
}
