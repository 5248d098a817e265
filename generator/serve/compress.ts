import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Recent, type Session } from '../contract/session.js';

/**
 * Compression as the static hosts the site is published on apply it (GitHub Pages sends gzip,
 * Netlify and Cloudflare Pages brotli): text is compressed when the browser accepts it, images
 * and fonts (already compressed) are sent as they are. `site preview` does the same, so what is
 * measured on it (page weight, first paint) is what a visitor gets from the host.
 */

export type Encoding = 'br' | 'gzip';

/** Hosts skip bodies this small: the headers would outweigh the saving. */
const MIN_BYTES = 1024;

const TEXT_TYPES = /^(text\/|application\/(javascript|json|xml|manifest\+json|ld\+json)|image\/svg\+xml)/;

/** The encoding to answer with for an Accept-Encoding header: brotli first, then gzip; `q=0` refuses one. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (name && (!q || Number(q[1]) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** Text the hosts compress; pictures and fonts are compressed already and go as they are. */
export function isTextType(contentType: string): boolean {
  return TEXT_TYPES.test(contentType);
}

export function isCompressible(contentType: string, bytes: number): boolean {
  return bytes >= MIN_BYTES && isTextType(contentType);
}

/** Bodies a server keeps compressed, the last used first kept: a few sites' worth of text files. */
const CACHE_ENTRIES = 256;

/**
 * `body` compressed with `encoding`; `key` names this exact content (e.g. path, size and
 * modification time), so a changed file is compressed afresh. With a session (one per server),
 * a file asked for again is not compressed again.
 */
export function compressed(body: Buffer, encoding: Encoding, key: string, session?: Session): Buffer {
  const cache = session?.recent<string, Buffer>('serve/compressed', CACHE_ENTRIES) ?? new Recent<string, Buffer>(CACHE_ENTRIES);
  const id = `${encoding}\0${key}`;
  const hit = cache.recall(id);
  if (hit) return hit;
  const result =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : gzipSync(body, { level: 9 });
  cache.keep(id, result);
  return result;
}
