import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../contract/root.js';

/** Encoded photo variants kept between builds, by a key naming everything that made them. */
export interface VariantCache {
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, contents: Buffer): Promise<void>;
}

/** Where variants are kept unless a build says otherwise: beside the other tools' caches, never published or committed. */
export function defaultCacheDir(): string {
  return path.join(projectRoot(), 'node_modules', '.cache', 'site-photos');
}

/**
 * A cache of one file per variant. Files are written under a temporary name and renamed, so a
 * build running alongside (site dev and site build) never reads half a file; a file that cannot
 * be read is treated as absent and encoded again.
 */
export function diskCache(dir: string = defaultCacheDir()): VariantCache {
  let made: Promise<unknown> | undefined;
  const fileOf = (key: string) => path.join(dir, key.slice(0, 2), key);
  return {
    async get(key) {
      return readFile(fileOf(key)).catch(() => undefined);
    },
    async put(key, contents) {
      const file = fileOf(key);
      made ??= mkdir(dir, { recursive: true });
      await made;
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, contents);
      await rename(temporary, file);
    },
  };
}
