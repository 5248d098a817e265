import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../contract/root.js';

/**
 * Caches of something made from files (a bundle): valid while every file it was made from is
 * unchanged. In memory the files' modification times decide; on disk, under
 * node_modules/.cache/<folder>/, the sha256 of their contents, so a fresh process takes the last
 * result without starting the tool that made it.
 */

/** Each input file with its modification time when it was read, or -1 when it may have changed since. */
export type InputTimes = Map<string, number>;

export async function unchangedSince(inputs: InputTimes): Promise<boolean> {
  const checks = [...inputs].map(async ([file, mtime]) => (await stat(file).catch(() => undefined))?.mtimeMs === mtime);
  return (await Promise.all(checks)).every(Boolean);
}

/** Each file's modification time; one saved after `started` (while it was being read) counts as changed. */
export async function modificationTimes(files: readonly string[], started: number): Promise<InputTimes> {
  const mtimes = await Promise.all(files.map(async (file) => (await stat(file).catch(() => undefined))?.mtimeMs));
  return new Map(files.map((file, i) => [file, mtimes[i] !== undefined && mtimes[i] < started ? mtimes[i] : -1]));
}

/** Where the entry for `key` (e.g. a version, settings and an entry file) lives in the cache `folder`. */
export function cacheFile(folder: string, key: string): string {
  const name = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return path.join(projectRoot(), 'node_modules', '.cache', folder, `${name}.json`);
}

interface DiskEntry {
  /** Each input's absolute path and the sha256 of its contents. */
  inputs: Array<[file: string, sha256: string]>;
  result: unknown;
}

async function sha256Of(file: string): Promise<string | undefined> {
  const bytes = await readFile(file).catch(() => undefined);
  return bytes && createHash('sha256').update(bytes).digest('hex');
}

/**
 * The saved result, if every file it was made from still has the same contents; `read` turns the
 * saved JSON back into the result, or gives undefined for an entry it does not recognise.
 */
export async function readCacheEntry<T>(
  file: string,
  read: (saved: unknown) => T | undefined,
): Promise<{ inputs: InputTimes; result: T } | undefined> {
  const raw = await readFile(file, 'utf8').catch(() => undefined);
  if (!raw) return undefined;
  let saved: DiskEntry;
  try {
    saved = JSON.parse(raw) as DiskEntry;
  } catch {
    return undefined;
  }
  if (!Array.isArray(saved.inputs) || saved.inputs.length === 0) return undefined;
  const result = read(saved.result);
  if (result === undefined) return undefined;
  const started = Date.now();
  const same = await Promise.all(saved.inputs.map(async ([input, hash]) => (await sha256Of(input)) === hash));
  if (!same.every(Boolean)) return undefined;
  return {
    inputs: await modificationTimes(
      saved.inputs.map(([input]) => input),
      started,
    ),
    result,
  };
}

export async function writeCacheEntry(file: string, inputs: InputTimes, result: unknown): Promise<void> {
  const hashed = await Promise.all([...inputs.keys()].map(async (input) => [input, (await sha256Of(input)) ?? ''] as [string, string]));
  await mkdir(path.dirname(file), { recursive: true });
  // Written aside, then renamed: two processes at once never read half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify({ inputs: hashed, result } satisfies DiskEntry));
  await rename(temporary, file);
}
