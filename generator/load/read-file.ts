import { constants } from 'node:fs';
import { lstat, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Problem } from '../problems/problem.js';

/**
 * The one way a content file is read from disk. Content comes from whoever can push to the
 * repository, and its text is printed in problems (a CI log, the editor), so only a plain file
 * inside the content folder is read: never through a link (it could show a file from elsewhere),
 * never a pipe or a device (a pipe would wait for ever, /dev/zero would fill the memory), and
 * never more than MAX_CONTENT_BYTES.
 */

/** The most a content file may hold: the largest shipped one is about 40 KB. */
export const MAX_CONTENT_BYTES = 4 * 1024 * 1024;

export type ReadResult = { bytes: Buffer } | { problem: Problem } | { missing: true };

/**
 * Reads `rel` (a name inside `contentDir`, e.g. ml/services.yaml). Missing when neither it nor its
 * folder exists; a located problem when it is not a plain file of at most MAX_CONTENT_BYTES, or
 * when a folder on its way is a link (the link's own problem, the same for every file in it).
 */
export async function readContentFile(contentDir: string, rel: string): Promise<ReadResult> {
  const file = path.join(contentDir, rel);
  const parts = rel.split('/');
  for (let i = 1; i < parts.length; i++) {
    const folder = parts.slice(0, i).join('/');
    const info = await lstatOrMissing(path.join(contentDir, folder));
    if (!info) return { missing: true };
    if (info.isSymbolicLink()) return { problem: linkProblem(path.join(contentDir, folder), folder) };
  }
  const info = await lstatOrMissing(file);
  if (!info) return { missing: true };
  const refused = refusal(file, rel, info);
  if (refused) return { problem: refused };
  let handle: FileHandle;
  try {
    // O_NOFOLLOW and O_NONBLOCK: a link or a pipe put in the file's place since lstat() is
    // refused, or opened without waiting for a writer, and then refused below.
    handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { missing: true };
    if (code === 'ELOOP' || code === 'EMLINK') return { problem: notPlain(file, rel, 'a link to another place') };
    throw error;
  }
  try {
    const opened = await handle.stat();
    const swapped = refusal(file, rel, opened);
    if (swapped) return { problem: swapped };
    return await readBounded(handle, file, rel, opened.size);
  } finally {
    await handle.close();
  }
}

interface Kind {
  isFile(): boolean;
  isSymbolicLink(): boolean;
  isDirectory(): boolean;
  size: number;
}

/** Why a file of this kind and size is not read, or undefined for a plain file small enough. */
function refusal(file: string, rel: string, info: Kind): Problem | undefined {
  if (info.isSymbolicLink()) return notPlain(file, rel, 'a link to another place');
  if (info.isDirectory()) return notPlain(file, rel, 'a folder', `rename or move the folder ${rel}, then restore the file`);
  if (!info.isFile()) return notPlain(file, rel, 'a special file (a pipe, a device or a socket)');
  if (info.size > MAX_CONTENT_BYTES) return tooLarge(file, rel);
  return undefined;
}

/** Reads until the end or one byte past the cap, whichever comes first: a file that grows while it is read is refused, not read whole. */
async function readBounded(handle: FileHandle, file: string, rel: string, size: number): Promise<ReadResult> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(Math.max(size + 1 - total, 4096), MAX_CONTENT_BYTES + 1 - total));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
    if (bytesRead === 0) return { bytes: Buffer.concat(chunks, total) };
    chunks.push(chunk.subarray(0, bytesRead));
    total += bytesRead;
    if (total > MAX_CONTENT_BYTES) return { problem: tooLarge(file, rel) };
  }
}

async function lstatOrMissing(file: string) {
  return lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  });
}

function notPlain(file: string, rel: string, what: string, hint = `delete ${rel} and put the file itself in its place`): Problem {
  return {
    code: 'not-a-file',
    file,
    path: '',
    message: `${rel} is ${what}, but the site needs a plain file by that name, and never follows a link out of the content folder.`,
    hint,
  };
}

/**
 * A link in the content folder, where no file is expected (or a folder on a content file's way):
 * one problem for the link, however many files the site would have read through it.
 */
export function linkProblem(file: string, rel: string): Problem {
  return {
    code: 'not-a-file',
    file,
    path: '',
    message: `${rel} is a link to another place. The site never follows a link out of the content folder, and Publish would share the link, not what it points to.`,
    hint: `delete the link, and copy in the files it points to if the site needs them`,
  };
}

function tooLarge(file: string, rel: string): Problem {
  return {
    code: 'too-complex',
    file,
    path: '',
    message: `${rel} is larger than ${MAX_CONTENT_BYTES / 1024 / 1024} MB, the most a content file may hold (the largest the site comes with is about 40 KB), so it is not read.`,
    hint: 'restore the file from its last good version, and look for a paste gone wrong',
  };
}
