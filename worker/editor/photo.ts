/**
 * Photos the phone sends with Publish. The phone made each ready already (no wider than the build
 * needs, encoded again without camera notes); the Worker takes only a JPEG, and drops any EXIF or
 * XMP segment left in one (APP1), so no location reaches the repository whatever sent it.
 */
import { fromBase64 } from '../github/base64.js';

/** A photo's name in content/images/, as the phone names it. */
const PHOTO_NAME = /^[a-z0-9][a-z0-9._-]{0,99}\.jpg$/;
/** The widest photo the build makes is 1600 px; a JPEG of that is far below this. */
export const MAX_PHOTO_BYTES = 3 * 1024 * 1024;

/** The photos of a publish by name, or undefined when one is not a JPEG the phone could have sent. */
export function readPhotos(given: unknown): Map<string, Uint8Array> | undefined {
  const photos = new Map<string, Uint8Array>();
  if (given === undefined) return photos;
  if (!given || typeof given !== 'object' || Array.isArray(given)) return undefined;
  for (const [name, base64] of Object.entries(given)) {
    if (!PHOTO_NAME.test(name) || typeof base64 !== 'string') return undefined;
    let bytes: Uint8Array;
    try {
      bytes = fromBase64(base64);
    } catch {
      return undefined;
    }
    if (bytes.length > MAX_PHOTO_BYTES || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
    photos.set(name, withoutCameraNotes(bytes));
  }
  return photos;
}

/** The JPEG without its APP1 segments (EXIF, with GPS; XMP), every other byte as it was. */
export function withoutCameraNotes(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    // Start of scan: the picture itself follows, to the end.
    if (marker === 0xda) break;
    const end = at + 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
    if (marker !== 0xe1) kept.push(bytes.subarray(at, end));
    at = end;
  }
  kept.push(bytes.subarray(at));
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
