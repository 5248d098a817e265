import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { differences, resolve, type Difference, type Side, type Versions } from './differences.js';
import { git } from './git.js';
import { dirtyPaths, isScratch, type Repository } from './repository.js';

/**
 * Taking in what someone else published meanwhile, before publishing on top of it. Their files
 * that the owner did not change are written into the project as they published them; a file both
 * changed is written as their version with the values the owner chose as theirs or mine. The
 * branch moves onto theirs only when the change is committed, so until then every step can be
 * undone, and the push stays a plain fast-forward.
 */

export interface ConflictFile {
  /** From the repository's top: content/services.yaml */
  file: string;
  differences: Difference[];
}

/** What the owner is asked to choose; `id` says which versions the choices were made between. */
export interface Conflicts {
  id: string;
  files: ConflictFile[];
}

/** The owner's choice for each difference, in the order they were listed, for the versions `id` names. */
export interface Choices {
  id: string;
  picks: Side[];
}

export type TakeIn =
  | {
      kind: 'taken';
      /** Their files, from the repository's top. */
      theirs: string[];
      /** The files both changed, written with the owner's choices. */
      chosen: string[];
      /** Puts back every file written, unless it changed again since. */
      undo: () => Promise<void>;
      /** Moves the branch onto theirs, leaving the owner's changes as changes to it: call right before committing them. */
      finish: () => Promise<string | undefined>;
    }
  | { kind: 'choose'; conflicts: Conflicts; again: boolean }
  | { kind: 'refused'; message: string; details?: string };

async function names(top: string, args: string[]): Promise<string[]> {
  return (await git(top, [...args, '-z'])).stdout.split('\0').filter(Boolean);
}

async function blob(top: string, commit: string, file: string): Promise<Buffer | undefined> {
  const found = await git(top, ['cat-file', 'blob', `${commit}:${file}`]);
  return found.ok ? found.bytes : undefined;
}

/** Whether git keeps `file` at `commit` as a program (mode 100755, as .ci/run): written so, git sees no change of mode. */
async function executableAt(top: string, commit: string, file: string): Promise<boolean> {
  return (await git(top, ['ls-tree', commit, '--', file])).stdout.startsWith('100755 ');
}

/** Written beside itself and renamed over it: the dev server and a text editor see the old file or the new one. */
async function put(file: string, bytes: Buffer | undefined, executable: boolean): Promise<void> {
  if (bytes === undefined) {
    await rm(file, { force: true });
    return;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temp, bytes, { flag: 'wx', mode: executable ? 0o755 : 0o644 });
  await rename(temp, file);
}

const same = (a: Buffer | undefined, b: Buffer | undefined) => (a === undefined ? b === undefined : b !== undefined && a.equals(b));

export async function takeIn(repo: Repository, branch: string, tracking: string, choices?: Choices): Promise<TakeIn> {
  const { top, prefix } = repo;
  const head = (await git(top, ['rev-parse', 'HEAD'])).stdout.trim();
  const theirsAt = (await git(top, ['rev-parse', tracking])).stdout.trim();
  const base = (await git(top, ['merge-base', head, theirsAt])).stdout.trim();
  if (!base)
    return {
      kind: 'refused',
      message:
        'The repository you publish to holds a history of its own, unrelated to this copy, so nothing was sent: ask whoever looks after the site.',
    };
  const theirs = await names(top, ['diff', '--name-only', '--no-renames', base, theirsAt]);
  const recorded = await names(top, ['diff', '--name-only', '--no-renames', base, head]);
  const dirty = (await dirtyPaths(top)).filter((file) => !isScratch(file));
  const outside = [...recorded, ...dirty].filter((file) => !file.startsWith(prefix) && theirs.includes(file));
  const recordedOutside = recorded.filter((file) => !file.startsWith(prefix));
  if (outside.length > 0 || recordedOutside.length > 0) {
    return {
      kind: 'refused',
      message: `Someone else published meanwhile, and other files than the content are changed here too (${[...new Set([...outside, ...recordedOutside])].join(', ')}), so their changes cannot be taken in from the editor and nothing was sent: ask whoever looks after the site.`,
    };
  }
  const mine = new Set([...recorded, ...dirty.filter((file) => file.startsWith(prefix))]);
  // A file here that git does not list (ignored) but they added: never written over unasked.
  for (const file of theirs) {
    if (mine.has(file) || (await git(top, ['cat-file', '-e', `${head}:${file}`])).ok) continue;
    if ((await readFile(path.join(top, file)).catch(() => undefined)) !== undefined) mine.add(file);
  }

  const versions = new Map<string, Versions>();
  const conflicts: ConflictFile[] = [];
  for (const file of theirs.filter((name) => mine.has(name))) {
    const three: Versions = {
      base: await blob(top, base, file),
      theirs: await blob(top, theirsAt, file),
      mine: await readFile(path.join(top, file)).catch(() => undefined),
    };
    versions.set(file, three);
    const found = differences(file, three);
    if (found.length > 0) conflicts.push({ file, differences: found });
  }
  const id = createHash('sha256')
    .update(JSON.stringify([theirsAt, conflicts]))
    .digest('hex')
    .slice(0, 16);
  const count = conflicts.reduce((sum, conflict) => sum + conflict.differences.length, 0);
  if (conflicts.length > 0 && (choices?.id !== id || choices.picks.length !== count)) {
    return { kind: 'choose', conflicts: { id, files: conflicts }, again: choices !== undefined };
  }

  // What each file becomes: theirs where only they changed it, their version with the chosen values where both did.
  const writes = new Map<string, Buffer | undefined>();
  for (const file of theirs.filter((name) => !mine.has(name))) writes.set(file, await blob(top, theirsAt, file));
  let pick = 0;
  for (const conflict of conflicts) {
    const start = pick;
    const resolved = resolve(conflict.file, versions.get(conflict.file)!, (_, index) => choices!.picks[start + index]!);
    writes.set(conflict.file, resolved && Buffer.from(resolved));
    pick += conflict.differences.length;
  }
  const written: { file: string; before: Buffer | undefined; after: Buffer | undefined; wasExecutable: boolean }[] = [];
  let finished = false;
  const undo = async () => {
    // Once the branch is on theirs, their files are the repository's: nothing to put back.
    if (finished) return;
    for (const { file, before, after, wasExecutable } of written.reverse()) {
      const full = path.join(top, file);
      if (same(await readFile(full).catch(() => undefined), after)) await put(full, before, wasExecutable);
    }
  };
  try {
    for (const [file, after] of writes) {
      const full = path.join(top, file);
      const before = await readFile(full).catch(() => undefined);
      if (same(before, after)) continue;
      const wasExecutable = Boolean(((await stat(full).catch(() => undefined))?.mode ?? 0) & 0o100);
      await put(full, after, await executableAt(top, theirsAt, file));
      written.push({ file, before, after, wasExecutable });
    }
  } catch (error) {
    await undo();
    throw error;
  }

  const finish = async (): Promise<string | undefined> => {
    finished = true;
    const moved = await git(top, [
      'update-ref',
      '-m',
      'publish: take in what was published elsewhere',
      `refs/heads/${branch}`,
      theirsAt,
      head,
    ]);
    if (!moved.ok) return moved.stderr;
    // The index follows the branch for their files; the owner's changes stay changes.
    const reset = await git(top, ['reset', '--quiet', theirsAt, '--', ...theirs]);
    return reset.ok ? undefined : reset.stderr;
  };
  return { kind: 'taken', theirs, chosen: conflicts.map((conflict) => conflict.file), undo, finish };
}
