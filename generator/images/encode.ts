import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../contract/output.js';
import type { Session } from '../contract/session.js';
import type { Problem } from '../problems/problem.js';
import { diskCache, type VariantCache } from './cache.js';
import { MAX_PIXELS, type CheckedPhoto } from './check.js';
import { mapBounded } from './pool.js';
import { photoKey } from './refs.js';
import { loadSharp } from './sharp.js';
import { SLOTS } from '../contract/photo-slots.js';
import type { Photo, Photos } from '../contract/photo.js';

/**
 * Encoder settings, chosen by measuring on camera-like photos (`npm run bench`;
 * docs/operator/photos.md). AVIF at effort 2 is several times faster than the default 4 for about 10%
 * more bytes, and 4:2:0 chroma (as JPEG uses) saves another tenth at no visible cost in a photo.
 */
export const ENCODING = {
  avif: { quality: 50, effort: 2, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true },
} as const;

type Format = keyof typeof ENCODING;
const FORMATS: readonly Format[] = ['avif', 'webp', 'jpeg'];
const EXTENSION: Record<Format, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** Part of every cache key: a new sharp or libvips may encode differently, so it starts afresh. */
async function encoderVersion(): Promise<string> {
  const sharp = await loadSharp();
  return `${sharp.versions.sharp}/${sharp.versions.vips}`;
}

export interface ProcessOptions {
  /** Defaults to the disk cache under node_modules/.cache/site-photos. */
  cache?: VariantCache;
  /** Photos encoded at once; defaults to one per CPU. */
  concurrency?: number;
  /** What `site dev` remembers between builds: each photo's hash, by size and modification time. */
  session?: Session;
}

export interface ProcessedPhotos {
  files: OutputFile[];
  photos: Photos;
  /** Variant files made by encoding, and taken from the cache. */
  stats: { encoded: number; cached: number };
  /** Photos whose header read well but whose pixels cannot be decoded (a damaged file). */
  problems: Problem[];
}

interface Job {
  photo: CheckedPhoto;
  width: number;
  height: number;
}

/**
 * Makes every variant of every photo: each slot's widths (none wider than the original) in
 * AVIF, WebP and JPEG, oriented as the camera meant and with all metadata (GPS position, camera,
 * date) left out, as sharp does unless asked to keep it. Variants come from the cache when the
 * source bytes and settings are unchanged.
 */
export async function processPhotos(checked: readonly CheckedPhoto[], options: ProcessOptions = {}): Promise<ProcessedPhotos> {
  const cache = options.cache ?? diskCache();
  const known = options.session?.memory('images/hashes', (): KnownHashes => new Map()) ?? new Map();
  const unique = [...new Map(checked.map((photo) => [photoKey(photo.slot, photo.src), photo])).values()];
  const stats = { encoded: 0, cached: 0 };
  const jobs = unique.flatMap((photo) => widthsFor(photo).map((width) => ({ photo, width, height: heightFor(photo, width) })));
  const sources = new Map<string, Promise<Source>>();
  const sourceOf = (photo: CheckedPhoto) => {
    let found = sources.get(photo.source);
    if (!found) sources.set(photo.source, (found = readSource(photo.source, known)));
    return found;
  };

  const failed = new Map<string, Problem>();
  const results = await mapBounded(
    jobs,
    async (job) => {
      try {
        return await variantsOf(job, await sourceOf(job.photo), cache, stats);
      } catch (error) {
        if (!isDecodeError(error)) throw error;
        failed.set(job.photo.source, unreadable(job.photo, error as Error));
        return undefined;
      }
    },
    options.concurrency,
  );

  const files: OutputFile[] = [];
  const byPhoto = new Map<CheckedPhoto, Array<{ job: Job; urls: Record<Format, string> }>>();
  results.forEach((variants, index) => {
    if (!variants) return;
    const job = jobs[index]!;
    const urls = {} as Record<Format, string>;
    for (const format of FORMATS) {
      const file = { path: outputPath(job, format, variants[format]), contents: variants[format] };
      // The same file at the same width in two places is the same bytes: published once.
      if (!files.some((other) => other.path === file.path)) files.push(file);
      urls[format] = `/${file.path}`;
    }
    byPhoto.set(job.photo, [...(byPhoto.get(job.photo) ?? []), { job, urls }]);
  });

  const byKey = new Map<string, Photo>();
  for (const [photo, variants] of byPhoto) {
    if (failed.has(photo.source)) continue;
    const srcset = (format: Format) => variants.map(({ job, urls }) => `${urls[format]} ${job.width}w`).join(', ');
    const largest = variants.at(-1)!.job;
    // The plain <img src> is for browsers that ignore srcset: a middle size serves them well enough.
    const fallback = variants.find(({ job }) => job.width >= 640) ?? variants.at(-1)!;
    const slot = SLOTS[photo.slot];
    byKey.set(photoKey(photo.slot, photo.src), {
      width: largest.width,
      height: largest.height,
      sizes: slot.sizes,
      avif: srcset('avif'),
      webp: srcset('webp'),
      jpeg: srcset('jpeg'),
      src: fallback.urls.jpeg,
      priority: slot.priority === true,
    });
  }
  const photos: Photos = { get: (slot, src) => byKey.get(photoKey(slot, src)) };
  return { files, photos, stats, problems: [...failed.values()] };
}

/** The slot's widths the original can fill, and the original's own width when it falls short of the largest. */
export function widthsFor(photo: Pick<CheckedPhoto, 'slot' | 'width' | 'height'>): number[] {
  const slot = SLOTS[photo.slot];
  if (slot.drawn) return [];
  const available = slot.square ? Math.min(photo.width, photo.height) : photo.width;
  const widths: number[] = slot.widths.filter((width) => width < available);
  const top = Math.min(available, Math.max(...slot.widths));
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

function heightFor(photo: CheckedPhoto, width: number): number {
  const slot = SLOTS[photo.slot];
  if (slot.square) return width;
  return Math.max(1, Math.round((width * photo.height) / photo.width));
}

interface Source {
  bytes: () => Promise<Buffer>;
  hash: string;
}

/**
 * Each source's hash, remembered by size and modification time while a session lasts, so a
 * rebuild in `site dev` with unchanged photos reads no photo at all when every variant is in the cache.
 */
type KnownHashes = Map<string, { size: number; mtimeMs: number; hash: string }>;

async function readSource(file: string, known: KnownHashes): Promise<Source> {
  const info = await stat(file);
  const remembered = known.get(file);
  let bytes: Promise<Buffer> | undefined;
  const read = () => (bytes ??= readFile(file));
  if (remembered && remembered.size === info.size && remembered.mtimeMs === info.mtimeMs) return { bytes: read, hash: remembered.hash };
  const hash = createHash('sha256')
    .update(await read())
    .digest('hex');
  known.set(file, { size: info.size, mtimeMs: info.mtimeMs, hash });
  return { bytes: read, hash };
}

async function variantsOf(job: Job, source: Source, cache: VariantCache, stats: ProcessedPhotos['stats']): Promise<Record<Format, Buffer>> {
  const square = SLOTS[job.photo.slot].square === true;
  const encoder = await encoderVersion();
  const keys = Object.fromEntries(
    FORMATS.map((format) => [
      format,
      createHash('sha256')
        .update(
          JSON.stringify({
            encoder,
            source: source.hash,
            width: job.width,
            height: job.height,
            square,
            format,
            settings: ENCODING[format],
          }),
        )
        .digest('hex'),
    ]),
  ) as Record<Format, string>;
  const found = await Promise.all(FORMATS.map((format) => cache.get(keys[format])));
  const out = {} as Record<Format, Buffer>;
  const missing = FORMATS.filter((format, index) => {
    const hit = found[index];
    if (hit) out[format] = hit;
    return !hit;
  });
  stats.cached += FORMATS.length - missing.length;
  if (missing.length === 0) return out;

  // One decode and resize per width; each missing format is encoded from those pixels.
  const bytes = await source.bytes();
  const sharp = await loadSharp();
  const pixels = await sharp(bytes, { limitInputPixels: MAX_PIXELS, sequentialRead: true })
    .autoOrient()
    .resize(job.width, square ? job.height : undefined, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new DecodeError(error);
    });
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
  await Promise.all(
    missing.map(async (format) => {
      const encoded = await sharp(pixels.data, raw).toFormat(format, ENCODING[format]).toBuffer();
      out[format] = encoded;
      stats.encoded += 1;
      await cache.put(keys[format], encoded);
    }),
  );
  return out;
}

/** assets/photos/<name>-<width>.<hash of the bytes>.<ext>: a new photo gets a new address, so caches never serve a stale one. */
function outputPath(job: Job, format: Format, contents: Buffer): string {
  const stem =
    path
      .basename(job.photo.src, path.extname(job.photo.src))
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'photo';
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  return `assets/photos/${stem}-${job.width}.${hash}.${EXTENSION[format]}`;
}

/** The source's pixels could not be decoded: the operator's file, not a bug or a full disk. */
class DecodeError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

function isDecodeError(error: unknown): boolean {
  return error instanceof DecodeError;
}

function unreadable(photo: CheckedPhoto, error: Error): Problem {
  // sharp's first line may only say that a decoder warning counts as an error; the next says which.
  const lines = error.message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const reason = (lines.find((line) => !/treated as error/i.test(line)) ?? lines[0] ?? 'unknown reason')
    .replace(/^\w+:\s*/, '')
    .replace(/\.$/, '');
  return {
    code: 'photo-unreadable',
    ...photo.at,
    message: `content/${photo.src} starts like a picture but cannot be read to the end (${reason}): the file is damaged, perhaps an unfinished copy or download.`,
    hint: 'copy or export the photo again from the original, then check that it opens on your computer',
  };
}
