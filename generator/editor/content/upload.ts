import { link, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_NAME, checkName, insideContent } from '../security.js';

/**
 * Photos uploaded from the editor into content/images/. A file is taken only when its bytes are a
 * picture of the type it claims (its first bytes, then sharp reading it whole), within the size
 * limit, under a plain new name; otherwise nothing is written.
 */

/** A phone camera's JPEG is 2 to 8 MB; anything far beyond is not a photo for a web page. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

export const IMAGES_FOLDER = 'images';

const TYPES = {
  'image/jpeg': { format: 'jpeg', endings: ['.jpg', '.jpeg'], name: 'JPEG' },
  'image/png': { format: 'png', endings: ['.png'], name: 'PNG' },
  'image/webp': { format: 'webp', endings: ['.webp'], name: 'WebP' },
  'image/avif': { format: 'heif', endings: ['.avif'], name: 'AVIF' },
} as const;

type ImageType = keyof typeof TYPES;

export type UploadResult = { status: 201; src: string } | { status: 400 | 409 | 413 | 415; message: string };

/** The type the first bytes of a file show, or undefined when they are not one of the site's picture types. */
export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp' && /avi[fs]/.test(bytes.subarray(8, 32).toString('latin1'))) return 'image/avif';
  return undefined;
}

/** The body of a request, or undefined as soon as it grows past `limit` bytes (the rest is not read). */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Checks and stores an upload; `body` is undefined when it was over the limit. */
export async function storeUpload(
  contentDir: string,
  name: string,
  contentType: string | undefined,
  body: Buffer | undefined,
): Promise<UploadResult> {
  const limit = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
  const named = checkName(name);
  if (!named.ok || name.includes('/') || !IMAGE_NAME.test(name)) {
    return {
      status: 400,
      message: `"${name}" cannot be a photo's file name: use letters, digits, dashes and dots only, ending in .jpg, .png, .webp or .avif, e.g. crew-at-work.jpg.`,
    };
  }
  if (body === undefined)
    return {
      status: 413,
      message: `This file is larger than ${limit}, the most a photo may be; export it smaller (e.g. 2000 pixels wide) and upload that.`,
    };
  const claimed = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const type = TYPES[claimed as ImageType];
  const ending = path.extname(name).toLowerCase();
  if (!type)
    return {
      status: 415,
      message: 'Only JPEG, PNG, WebP and AVIF pictures can be uploaded; an iPhone HEIC photo can be shared or exported as JPEG first.',
    };
  if (sniffImage(body) !== claimed)
    return {
      status: 415,
      message: `This file is not a ${type.name} picture, whatever its name says; open it in a photo program and save it as JPEG.`,
    };
  if (!(type.endings as readonly string[]).includes(ending))
    return { status: 400, message: `A ${type.name} picture's name ends in ${type.endings.join(' or ')}, not ${ending}.` };
  const readable = await sharp(body)
    .metadata()
    .then((meta) => meta.format === type.format && (meta.width ?? 0) > 0)
    .catch(() => false);
  if (!readable)
    return {
      status: 415,
      message: `This ${type.name} file is damaged or cannot be read as a picture; save it again from a photo program.`,
    };

  const folder = path.join(contentDir, IMAGES_FOLDER);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, name);
  if (!(await insideContent(contentDir, file)))
    return { status: 400, message: `content/${IMAGES_FOLDER}/ is not inside the content folder, so nothing can be stored there.` };
  const taken = await takenAs(file);
  if (taken !== undefined) {
    const same =
      taken === name
        ? `A photo named ${name}`
        : `A photo named ${taken}, which differs from ${name} only in capitals (Windows and Mac computers count them as one name),`;
    return {
      status: 409,
      message: `${same} is already in content/${IMAGES_FOLDER}/; choose another name, e.g. ${await freeName(folder, name)}.`,
    };
  }
  // Written under a temporary name, then linked to its own: link() never replaces an existing file.
  const temp = path.join(folder, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, body, { flag: 'wx' });
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return {
        status: 409,
        message: `A photo named ${name} is already in content/${IMAGES_FOLDER}/; choose another name, e.g. ${await freeName(folder, name)}.`,
      };
    }
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
  return { status: 201, src: `${IMAGES_FOLDER}/${name}` };
}

/** The name under which `file` or one differing only in capitals is already in its folder, if one is. */
async function takenAs(file: string): Promise<string | undefined> {
  const name = path.basename(file);
  const entries = await readdir(path.dirname(file));
  if (entries.includes(name)) return name;
  const other = entries.find((entry) => entry.toLowerCase() === name.toLowerCase());
  if (other !== undefined) return other;
  return (await stat(file).catch(() => undefined)) !== undefined ? name : undefined;
}

/** `van.jpg` → the first of van-2.jpg, van-3.jpg… not yet taken. */
export async function freeName(folder: string, name: string): Promise<string> {
  const taken = new Set((await readdir(folder)).map((entry) => entry.toLowerCase()));
  const ending = path.extname(name);
  const stem = name.slice(0, name.length - ending.length);
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}${ending}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** The photos in content/images/, as the editor lists them. */
export async function listImages(contentDir: string): Promise<{ src: string; url: string; bytes: number }[]> {
  const folder = path.join(contentDir, IMAGES_FOLDER);
  const names = await readdir(folder).catch(() => [] as string[]);
  const found = await Promise.all(
    names
      .filter((name) => IMAGE_NAME.test(name))
      .sort()
      .map(async (name) => {
        const info = await stat(path.join(folder, name)).catch(() => undefined);
        if (!info?.isFile() || !(await insideContent(contentDir, path.join(folder, name)))) return [];
        return [{ src: `${IMAGES_FOLDER}/${name}`, url: `/__edit/${IMAGES_FOLDER}/${encodeURIComponent(name)}`, bytes: info.size }];
      }),
  );
  return found.flat();
}
