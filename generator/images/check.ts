import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'sharp';
import type { LoadedFile } from '../load/load.js';
import { formatPath, locateValue } from '../problems/locate.js';
import { compareText } from '../problems/order.js';
import type { Problem, ProblemCode } from '../problems/problem.js';
import { closest } from '../problems/suggest.js';
import type { PhotoRef } from './refs.js';
import { loadSharp } from './sharp.js';
import { SLOTS, largestWidth } from '../contract/photo-slots.js';

/**
 * Pixels a photo may have: a 48-megapixel phone photo passes with room to spare, while a
 * "decompression bomb" (a small file claiming gigapixels) is refused before it is decoded.
 */
export const MAX_PIXELS = 100_000_000;

/** A photo whose file was found and whose header reads as a picture the site can publish. */
export interface CheckedPhoto extends PhotoRef {
  /** Absolute path of the file. */
  source: string;
  /** Size as a visitor sees it: after the EXIF orientation is applied. */
  width: number;
  height: number;
  /** Where problems with the file are reported: the `src` line. */
  at: Pick<Problem, 'file' | 'line' | 'column' | 'length' | 'path'>;
}

export interface PhotoCheck {
  photos: CheckedPhoto[];
  problems: Problem[];
  warnings: Problem[];
}

/** Formats sharp reads that the site publishes; sharp names AVIF "heif" (with AV1 inside). */
const PUBLISHABLE = new Set(['jpeg', 'png', 'webp', 'avif']);

/**
 * Checks each photo's file by reading its header only (fast: `site check` decodes nothing):
 * it is there, inside the content folder, a picture of a kind the site publishes, not too big to
 * process, and big enough for its slot (a warning).
 */
export async function checkPhotos(refs: readonly PhotoRef[], files: readonly LoadedFile[], contentDir: string): Promise<PhotoCheck> {
  const result: PhotoCheck = { photos: [], problems: [], warnings: [] };
  await Promise.all(
    refs.map(async (ref) => {
      const loaded = files.find((file) => file.name === ref.file);
      if (!loaded) return;
      const srcPath = ref.srcPath ?? [...ref.path, 'src'];
      const at = {
        file: loaded.file,
        ...locateValue(loaded.doc, loaded.lineCounter, loaded.source, srcPath),
        path: formatPath(srcPath, loaded.data),
      };
      const found = await checkOne(ref, path.resolve(contentDir), at);
      if ('photo' in found) {
        result.photos.push(found.photo);
        if (found.warning) result.warnings.push(found.warning);
      } else {
        result.problems.push(found.problem);
      }
    }),
  );
  const order = (p: { file: string; line?: number }) => `${p.file}\0${String(p.line ?? 0).padStart(8, '0')}`;
  result.photos.sort((a, b) => compareText(order(a.at), order(b.at)));
  return result;
}

type Outcome = { photo: CheckedPhoto; warning?: Problem } | { problem: Problem };

async function checkOne(ref: PhotoRef, contentDir: string, at: CheckedPhoto['at']): Promise<Outcome> {
  const shown = `content/${ref.src}`;
  const fail = (code: ProblemCode, message: string, hint: string): Outcome => ({ problem: { code, ...at, message, hint } });
  const source = path.resolve(contentDir, ref.src);
  // The schema refuses ".." and absolute paths; this also catches a link in content/ that leads out.
  if (!source.startsWith(contentDir + path.sep)) {
    return fail(
      'photo-outside-content',
      `"${ref.src}" is outside the content folder.`,
      'put the photo in content/images/ and write src: images/<its name>',
    );
  }
  const info = await stat(source).catch(() => undefined);
  if (!info) {
    const guess = await similarName(source);
    return fail(
      'photo-missing',
      `There is no photo at ${shown}.${guess ? ` Did you mean ${path.posix.join(path.posix.dirname(ref.src), guess)}?` : ''}`,
      guess
        ? `names must match exactly, capitals and ending included: write src: ${path.posix.join(path.posix.dirname(ref.src), guess)}`
        : `copy the photo to ${shown}, or correct the name here (capitals and the ending, such as .jpg or .jpeg, must match)`,
    );
  }
  // A link inside content/ may still lead out of it: where the file really is decides.
  const [real, realDir] = await Promise.all([realpath(source), realpath(contentDir)]);
  if (!real.startsWith(realDir + path.sep)) {
    return fail(
      'photo-outside-content',
      `${shown} is a link to a file outside the content folder.`,
      'copy the photo itself into content/images/',
    );
  }
  if (info.isDirectory())
    return fail('photo-unreadable', `${shown} is a folder, not a photo.`, 'name the photo file inside it, e.g. images/crew.jpg');
  if (!info.isFile())
    return fail(
      'photo-unreadable',
      `${shown} is a special file (a pipe, a device or a socket), not a photo.`,
      `delete ${shown} and copy the photo itself in its place`,
    );

  let meta: Metadata;
  try {
    const sharp = await loadSharp();
    meta = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    return fail(
      'photo-unreadable',
      `${shown} cannot be read as a picture: it is not an image, or the file is damaged (an unfinished copy or download).`,
      'open it on your computer to check that it shows; then copy or export it again as JPEG',
    );
  }
  const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format;
  if (!PUBLISHABLE.has(format)) {
    return fail(
      'photo-unsupported',
      `${shown} holds a ${format.toUpperCase()} picture, although its name says otherwise; the site takes photos as JPEG, PNG, WebP or AVIF.`,
      'open it in a photo program and export it as JPEG, then use that file',
    );
  }
  const { width = 0, height = 0 } = meta.autoOrient ?? meta;
  if (width * height > MAX_PIXELS) {
    const mp = Math.round((width * height) / 1e6);
    return fail(
      'photo-too-large',
      `${shown} is ${width}×${height} pixels (${mp} megapixels); the site processes photos of up to ${MAX_PIXELS / 1e6} megapixels.`,
      'resize it to about 3000 pixels wide in a photo program and save it again; that is still more than any screen shows',
    );
  }
  const photo: CheckedPhoto = { ...ref, source, width, height, at };
  const needed = largestWidth(ref.slot);
  const shortest = SLOTS[ref.slot].square ? Math.min(width, height) : width;
  if (shortest >= needed) return { photo };
  return {
    photo,
    warning: {
      code: 'photo-too-small',
      severity: 'warning',
      ...at,
      message: `${shown} is ${width}×${height} pixels, but it is shown up to ${needed} pixels ${SLOTS[ref.slot].square ? 'across' : 'wide'} on sharp screens, so it will look blurred there.`,
      hint: `use the original photo from the camera or phone (at least ${needed} pixels ${SLOTS[ref.slot].square ? 'on its shorter side' : 'wide'}), not one shrunk for WhatsApp or email`,
    },
  };
}

/** A file beside the missing one whose name is close to it (crew.JPG for crew.jpg). */
async function similarName(missing: string): Promise<string | undefined> {
  const names = await readdir(path.dirname(missing)).catch(() => [] as string[]);
  const wanted = path.basename(missing);
  return names.find((name) => name.toLowerCase() === wanted.toLowerCase()) ?? closest(wanted, names);
}
