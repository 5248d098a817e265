import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A file as read from disk, with its version: the sha256 of its bytes. */
export interface StoredFile {
  text: string;
  version: string;
}

export function versionOf(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The file's text and version, or undefined when there is no such file. */
export async function readStored(file: string): Promise<StoredFile | undefined> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return bytes === undefined ? undefined : { text: bytes.toString('utf8'), version: versionOf(bytes) };
}

/** Thrown when the file on disk is no longer the version the change was made to. */
export class ConflictError extends Error {
  override readonly name = 'ConflictError';
}

/**
 * Writes `text` over `file` only if the file still has `version` (undefined: must not exist yet),
 * atomically: into a temporary file in the same folder, then renamed over it, so a reader (the
 * dev server, a text editor) sees the old file or the new one, never half of one.
 */
export async function writeStored(file: string, text: string, version: string | undefined): Promise<string> {
  const current = await readStored(file);
  if (current?.version !== version) {
    throw new ConflictError(`${path.basename(file)} was changed outside the editor since it was opened.`);
  }
  // A dot name ending in .tmp: the dev server's watcher and the content check both pass over it.
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { flag: 'wx' });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return versionOf(text);
}
