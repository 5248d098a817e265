import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { OutputFile } from '../contract/output.js';
import { isTextType } from './compress.js';
import { contentType } from './mime.js';

const gzipBytes = promisify(gzip);

/**
 * Each text file's gzipped size, as hosts send it; pictures and fonts are compressed already and
 * sent as they are. Compressed on libuv's threads, so it runs while the files are written.
 */
export async function sentSizes(files: readonly OutputFile[]): Promise<Map<OutputFile, number>> {
  const texts = files.filter((file) => isTextType(contentType(file.path)));
  const sizes = await Promise.all(texts.map(async (file) => (await gzipBytes(file.contents)).length));
  return new Map(texts.map((file, i) => [file, sizes[i]!]));
}
