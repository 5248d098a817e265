import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { MARKER, type Marker } from './out-guard.js';

/** The prefix of the folder a build writes into beside the output folder before moving it in; .gitignore ignores it. */
export const STAGING_PREFIX = '.out-new-';

/** The staging folder's name for `base` (dist → .out-new-dist-XXXXXX, as mkdtemp completes it). */
export function stagingPrefix(base: string): string {
  return `${STAGING_PREFIX}${base}-`;
}

/**
 * Removes what a killed build left beside the output folder `base` in `parent`: staging folders
 * named as this build names them (and as earlier versions did, .dist-new-…), each only when it
 * proves to be a build's own: empty, or holding nothing its marker does not list. Anything else
 * is left where it is.
 */
export async function removeLeftovers(parent: string, base: string): Promise<string[]> {
  const names = await readdir(parent).catch(() => [] as string[]);
  const ours = names.filter((name) => name.startsWith(stagingPrefix(base)) || name.startsWith(`.${base}-new-`));
  const removed: string[] = [];
  for (const name of ours) {
    const dir = path.join(parent, name);
    if (await ownBuild(dir)) {
      await rm(dir, { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

async function ownBuild(dir: string): Promise<boolean> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => undefined);
  if (!entries) return false;
  const present = entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  if (present.length === 0) return true;
  const raw = await readFile(path.join(dir, MARKER), 'utf8').catch(() => undefined);
  let listed: Set<string>;
  try {
    const marker = JSON.parse(raw ?? '') as Partial<Marker>;
    if (marker.builtBy !== 'site build' || !Array.isArray(marker.files)) return false;
    listed = new Set(marker.files.map(String));
  } catch {
    return false;
  }
  return present.every((file) => file === MARKER || listed.has(file));
}
