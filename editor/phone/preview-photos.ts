/**
 * The photos of the phone's preview. The build names each photo's files by their bytes
 * (images/encode.ts), which the phone does not have, so a published photo is shown from the file
 * the build says it wrote of it (`_editor/photos.json`, generator/editor/photo-manifest.ts); a
 * photo added on the phone and not published yet from its kept JPEG (a blob: address); any other
 * as a plain grey box of the photo's place.
 */
import type { Photo, Photos } from '../../generator/contract/photo.js';
import { SLOTS, type SlotName } from '../../generator/contract/photo-slots.js';
import type { EditorPhotos } from '../../generator/editor/photo-manifest.js';
import { normalizeSrc } from '../../generator/images/refs.js';
import type { LogoPicture } from '../../templates/palette.js';

/** A photo kept on the phone (phone/photo.ts), by its name in content/images/. */
export interface PhonePhoto {
  url: string;
  width: number;
  height: number;
}

const GREY_BOX = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#d5dadf"/></svg>')}`;

/** An attribute's value in a tag as React writes it (srcSet), matched as HTML does, whatever its case. */
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/** The header's logo as the live page shows it, if it shows the company's own. */
export function liveLogo(html: string): LogoPicture | undefined {
  const img = /<img\b[^>]*\sclass="logo-mark"[^>]*>/.exec(html)?.[0];
  const src = img && attribute(img, 'src');
  const width = Number(img && attribute(img, 'width'));
  const height = Number(img && attribute(img, 'height'));
  return src && width > 0 && height > 0 ? { src, aspect: width / height } : undefined;
}

/**
 * The preview's photos: the phone's own where it has one (added, and what Publish will send),
 * else the published one, else a grey box in the slot's place. Never undefined: the templates need each.
 */
export function previewPhotos(published: EditorPhotos, phone: ReadonlyMap<string, PhonePhoto>): Photos {
  return {
    get(slot: SlotName, src: string): Photo {
      const { sizes, priority = false } = SLOTS[slot];
      const key = normalizeSrc(src);
      const live = published[key];
      const shown =
        phone.get(key.replace(/^images\//, '')) ??
        (live ? { url: live.preview, width: live.width, height: live.height } : { url: GREY_BOX, width: 1280, height: 960 });
      return { avif: '', webp: '', jpeg: shown.url, src: shown.url, width: shown.width, height: shown.height, sizes, priority };
    },
  };
}
