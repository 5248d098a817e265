import { chmod, lstat, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { guardOutDir, markerFile, type GuardOptions } from './out-guard.js';
import { removeLeftovers, stagingPrefix } from './leftovers.js';
import { moveIn } from './move-in.js';
import type { OutputFile } from '../contract/output.js';

/** Any web server must be able to read the site, whatever the umask: folders 755, files 644. */
const FOLDER_MODE = 0o755;
const FILE_MODE = 0o644;

/**
 * Writes the site into a fresh folder beside `outDir`, then moves it in. First it proves that
 * `outDir` may be replaced (guardOutDir) and removes what a killed build left beside it; until the
 * move the old folder is untouched, so a failure while writing leaves the last good site as it
 * was, and the move keeps a complete site in `outDir` at every instant (move-in.ts). The new
 * folder carries the marker that lets the next build recognise it as its own.
 */
export async function writeSite(files: readonly OutputFile[], outDir: string, guard: Omit<GuardOptions, 'files'>): Promise<void> {
  await guardOutDir(outDir, { ...guard, files });
  const target = path.resolve(guard.cwd, outDir);
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  await removeLeftovers(parent, path.basename(target));
  const staging = await mkdtemp(path.join(parent, stagingPrefix(path.basename(target))));
  try {
    await chmod(staging, FOLDER_MODE);
    // The marker first: a folder left by a build killed while writing proves itself the build's own.
    await writeFile(path.join(staging, markerFile(files).path), markerFile(files).contents, { mode: FILE_MODE });
    await chmod(path.join(staging, markerFile(files).path), FILE_MODE);
    const writes = files.map((file) => {
      const destination = path.join(staging, ...file.path.split('/'));
      if (!destination.startsWith(staging + path.sep)) throw new Error(`Refusing to write outside the output folder: ${file.path}`);
      return { destination, contents: file.contents };
    });
    for (const folder of new Set(writes.map(({ destination }) => path.dirname(destination)))) await makeFolders(staging, folder);
    // All at once: one after the other, the waits for the disk were a sixth of a cold build.
    await Promise.all(
      writes.map(async ({ destination, contents }) => {
        await writeFile(destination, contents, { mode: FILE_MODE });
        await chmod(destination, FILE_MODE);
      }),
    );
    if (await lstat(target).catch(() => undefined)) {
      await moveIn(
        staging,
        target,
        files.map((file) => file.path),
        { file: FILE_MODE, folder: FOLDER_MODE },
      );
    } else {
      await rename(staging, target);
      return;
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await rm(staging, { recursive: true, force: true });
}

/** mkdir -p below `base`, each new folder 755 whatever the umask. */
async function makeFolders(base: string, dir: string): Promise<void> {
  if (dir === base) return;
  const created = await mkdir(dir, { recursive: true, mode: FOLDER_MODE });
  if (created === undefined) return;
  for (let folder = dir; folder.startsWith(created); folder = path.dirname(folder)) await chmod(folder, FOLDER_MODE);
}
