/**
 * A photo from the phone's camera made ready to publish before it leaves the phone: no wider than
 * the widest the build makes of any photo, its location and every other camera note gone. It is
 * decoded straight to that size (createImageBitmap's resize), never at full size: a 48-megapixel
 * photo drawn whole would take some 190 MB, more than a mid-range phone gives a tab. Encoded
 * again from pixels, the file carries no EXIF, so no GPS.
 */
import { SLOTS } from '../../generator/contract/photo-slots.js';

/** The widest photo file the build makes, for any place a photo is shown. */
export const LARGEST_WIDTH = Math.max(...Object.values(SLOTS).flatMap((slot) => slot.widths));

/** A JPEG's size as stored and its EXIF orientation (5-8: turned a quarter, so shown width is its height). */
export function jpegFacts(bytes: Uint8Array): { width: number; height: number; orientation: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let orientation = 1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (marker === 0xe1) orientation = exifOrientation(bytes.subarray(at + 4, at + 2 + length)) ?? orientation;
    // Start of frame (baseline, progressive…; not DHT 0xc4, JPG 0xc8, DAC 0xcc): height then width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]!, orientation };
    }
    at += 2 + length;
  }
  return undefined;
}

function exifOrientation(segment: Uint8Array): number | undefined {
  if (String.fromCharCode(...segment.subarray(0, 4)) !== 'Exif') return undefined;
  const tiff = segment.subarray(6);
  const little = tiff[0] === 0x49;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  if (tiff.byteLength < 8) return undefined;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.byteLength) return undefined;
  const entries = view.getUint16(ifd, little);
  for (let index = 0; index < entries; index++) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.byteLength) return undefined;
    if (view.getUint16(entry, little) === 0x0112) return view.getUint16(entry + 8, little);
  }
  return undefined;
}

/** The photo as the site will publish it: JPEG, at most LARGEST_WIDTH wide, no camera notes. */
export async function photoForTheSite(file: Blob): Promise<Blob> {
  const facts = jpegFacts(new Uint8Array(await file.slice(0, 256 * 1024).arrayBuffer()));
  const shownWidth = facts ? (facts.orientation >= 5 ? facts.height : facts.width) : undefined;
  const resize = shownWidth && shownWidth > LARGEST_WIDTH ? { resizeWidth: LARGEST_WIDTH, resizeQuality: 'high' as const } : {};
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image', ...resize });
  try {
    // A photo of another kind (PNG, WebP), or whose size could not be read, is made smaller here if need be.
    const scale = Math.min(1, LARGEST_WIDTH / bitmap.width);
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
  } finally {
    bitmap.close();
  }
}
