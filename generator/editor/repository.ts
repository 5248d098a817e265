import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { git } from './git.js';

/** The git repository the content folder is in, and what git shows changed in it. */

export interface Repository {
  top: string;
  /** The content folder from the top, with forward slashes and a trailing one: content/ */
  prefix: string;
}

export async function repositoryOf(contentDir: string): Promise<Repository | undefined> {
  const dir = await realpath(contentDir);
  const found = await git(dir, ['rev-parse', '--show-toplevel']);
  if (!found.ok) return undefined;
  const top = await realpath(found.stdout.trim());
  const rel = path.relative(top, dir).split(path.sep).join('/');
  return { top, prefix: rel === '' ? '' : `${rel}/` };
}

/** Paths with uncommitted changes (untracked ones too), from `git status -z`. */
export async function dirtyPaths(top: string): Promise<string[]> {
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
export function isScratch(file: string): boolean {
  const name = path.posix.basename(file);
  return /~$|\.(swp|swx|tmp|bak)$|^4913$|^#.*#$|^\.DS_Store$/i.test(name);
}

/**
 * The files under the content folder (from it, e.g. pages/about.yaml) that git shows changed:
 * uncommitted in the working tree, or put away with `git stash`. Undefined outside a repository.
 */
export async function contentChanges(contentDir: string): Promise<string[] | undefined> {
  const repo = await repositoryOf(contentDir).catch(() => undefined);
  if (!repo) return undefined;
  const changed = new Set((await dirtyPaths(repo.top)).filter((file) => !isScratch(file)));
  const stashes = await git(repo.top, ['log', '--walk-reflogs', '--format=%H', 'refs/stash']);
  for (const stash of stashes.ok ? stashes.stdout.split('\n').filter(Boolean) : []) {
    const tracked = await git(repo.top, ['diff', '--name-only', '-z', `${stash}^1`, stash, '--', repo.prefix || '.']);
    // A stash of untracked files keeps them in a third parent.
    const untracked = await git(repo.top, ['ls-tree', '-r', '--name-only', '-z', `${stash}^3`, '--', repo.prefix || '.']);
    for (const file of [...tracked.stdout.split('\0'), ...(untracked.ok ? untracked.stdout.split('\0') : [])]) if (file) changed.add(file);
  }
  return [...changed].filter((file) => file.startsWith(repo.prefix)).map((file) => file.slice(repo.prefix.length));
}
