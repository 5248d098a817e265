import { createHash, randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readContentFile } from '../../load/read-file.js';

/** A file as read from disk, with its version: the sha256 of its bytes. */
export interface StoredFile {
  text: string;
  version: string;
}

export function versionOf(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Thrown for a file the content check would not read either: a link, a pipe, a device, too large. */
export class NotPlainFileError extends Error {
  override readonly name = 'NotPlainFileError';
}

/**
 * The file's text and version, or undefined when there is no such file. Read as the content check
 * reads it (load/read-file.ts), so a pipe put in a file's place cannot hold the editor up and a
 * link cannot show it another file.
 */
export async function readStored(file: string): Promise<StoredFile | undefined> {
  const read = await readContentFile(path.dirname(file), path.basename(file));
  if ('missing' in read) return undefined;
  if ('problem' in read) throw new NotPlainFileError(read.problem.message);
  return { text: read.bytes.toString('utf8'), version: versionOf(read.bytes) };
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
