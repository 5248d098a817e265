import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from './output.js';

/**
 * Writes the site into a fresh folder beside `outDir`, then swaps it in. Until the swap the
 * old folder is untouched, so a failure at any point leaves the last good site as it was.
 */
export async function writeSite(files: readonly OutputFile[], outDir: string): Promise<void> {
  const target = path.resolve(outDir);
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, `.${path.basename(target)}-new-`));
  try {
    for (const file of files) {
      const destination = path.join(staging, ...file.path.split('/'));
      if (!destination.startsWith(staging + path.sep)) throw new Error(`Refusing to write outside the output folder: ${file.path}`);
      await mkdir(path.dirname(destination), { recursive: true });
      await writeFile(destination, file.contents);
    }
    await swap(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
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
