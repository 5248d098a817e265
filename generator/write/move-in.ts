import { chmod, lstat, mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MARKER, type Marker } from './out-guard.js';

/**
 * Moves a finished build from `staging` into the previous build at `target` so that, at every
 * instant, `target` holds a complete site: each file is replaced by one rename (never missing,
 * never half written), the new pages' assets arrive before the pages that name them, and the old
 * files go only after every new page is in. A build killed part-way leaves a working mix of old
 * and new pages, and a marker listing both, so the next build recognises every file as its own.
 * Two renames of the whole folder would leave no site at all between them.
 */
export async function moveIn(
  staging: string,
  target: string,
  files: readonly string[],
  modes: { file: number; folder: number },
): Promise<void> {
  const previous = await markedFiles(target);
  const next = new Set(files);
  await writeMarker(target, [...new Set([...previous, ...files])], modes.file);
  // Pages last: a page that arrives finds its stylesheet and scripts already there.
  const order = [...files].sort((a, b) => Number(a.endsWith('.html')) - Number(b.endsWith('.html')));
  for (const file of order) {
    const destination = path.join(target, ...file.split('/'));
    await makeRoom(target, destination, modes.folder);
    await rename(path.join(staging, ...file.split('/')), destination);
  }
  const stale = previous.filter((file) => !next.has(file));
  for (const file of stale) await rm(path.join(target, ...file.split('/')), { force: true, recursive: true });
  for (const file of stale) await removeEmptyFolders(target, path.dirname(path.join(target, ...file.split('/'))));
  await writeMarker(target, files, modes.file);
}

/** The files the build in `dir` wrote, by its marker (the --out guard has checked there is one, or that every file is a build's). */
async function markedFiles(dir: string): Promise<string[]> {
  const raw = await readFile(path.join(dir, MARKER), 'utf8').catch(() => undefined);
  try {
    const marker = JSON.parse(raw ?? '') as Partial<Marker>;
    return Array.isArray(marker.files) ? marker.files.map(String) : [];
  } catch {
    return [];
  }
}

/** Replaces the marker with one rename, so it is never half written. */
async function writeMarker(dir: string, files: readonly string[], mode: number): Promise<void> {
  const marker: Marker = { builtBy: 'site build', files: [...files].sort() };
  const temp = path.join(dir, `${MARKER}.new`);
  await writeFile(temp, `${JSON.stringify(marker, null, 2)}\n`, { mode });
  await chmod(temp, mode);
  await rename(temp, path.join(dir, MARKER));
}

/** Creates the folders above `destination`, removing a previous build's file that stands where a folder must go (or a folder where the file goes). */
async function makeRoom(target: string, destination: string, folderMode: number): Promise<void> {
  const relative = path.relative(target, path.dirname(destination));
  let at = target;
  for (const part of relative === '' ? [] : relative.split(path.sep)) {
    at = path.join(at, part);
    const info = await lstat(at).catch(() => undefined);
    if (info && !info.isDirectory()) await rm(at, { force: true });
    if (!info || !info.isDirectory()) {
      await mkdir(at);
      await chmod(at, folderMode);
    }
  }
  if ((await lstat(destination).catch(() => undefined))?.isDirectory()) await rm(destination, { recursive: true, force: true });
}

async function removeEmptyFolders(target: string, dir: string): Promise<void> {
  for (let at = dir; at !== target && at.startsWith(target + path.sep); at = path.dirname(at)) {
    const removed = await rmdir(at).then(
      () => true,
      () => false,
    );
    if (!removed) return;
  }
}
