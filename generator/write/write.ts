import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { guardOutDir, markerFile, type GuardOptions } from './out-guard.js';
import type { OutputFile } from '../contract/output.js';

/** Any web server must be able to read the site, whatever the umask: folders 755, files 644. */
const FOLDER_MODE = 0o755;
const FILE_MODE = 0o644;

/**
 * Writes the site into a fresh folder beside `outDir`, then swaps it in. First it proves that
 * `outDir` may be replaced (guardOutDir); until the swap the old folder is untouched, so a failure
 * at any point leaves the last good site as it was. The new folder carries the marker that lets
 * the next build recognise it as its own.
 */
export async function writeSite(files: readonly OutputFile[], outDir: string, guard: Omit<GuardOptions, 'files'>): Promise<void> {
  await guardOutDir(outDir, { ...guard, files });
  const target = path.resolve(guard.cwd, outDir);
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, `.${path.basename(target)}-new-`));
  try {
    await chmod(staging, FOLDER_MODE);
    const writes = [...files, markerFile(files)].map((file) => {
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
    await swap(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** mkdir -p below `base`, each new folder 755 whatever the umask. */
async function makeFolders(base: string, dir: string): Promise<void> {
  if (dir === base) return;
  const created = await mkdir(dir, { recursive: true, mode: FOLDER_MODE });
  if (created === undefined) return;
  for (let folder = dir; folder.startsWith(created); folder = path.dirname(folder)) await chmod(folder, FOLDER_MODE);
}

async function swap(staging: string, target: string): Promise<void> {
  const retired = `${staging}-old`;
  let hadPrevious = true;
  try {
    await rename(target, retired);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadPrevious = false;
  }
  try {
    await rename(staging, target);
  } catch (error) {
    if (hadPrevious) await rename(retired, target);
    throw error;
  }
  if (hadPrevious) await rm(retired, { recursive: true, force: true });
}
