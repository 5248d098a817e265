/**
 * The photos of the phone's preview. The build names each photo's files by their bytes
 * (assets/photos/<name>-<width>.<hash>.<ext>, images/encode.ts), which the phone does not have, so
 * a published photo is shown from the addresses the live page itself names; a photo added on the
 * phone and not published yet from its kept JPEG (a blob: address); any other as a plain grey box
 * of the photo's place.
 */
import type { Photo, Photos } from '../../generator/contract/photo.js';
import { SLOTS, type SlotName } from '../../generator/contract/photo-slots.js';
import type { LogoPicture } from '../../templates/palette.js';

/** A photo kept on the phone (phone/photo.ts), by its name in content/images/. */
export interface PhonePhoto {
  url: string;
  width: number;
  height: number;
}

/** The published files of one photo, as a live page's <picture> names them. */
interface LivePicture {
  avif: string;
  webp: string;
  jpeg: string;
  src: string;
  width: number;
  height: number;
}

const GREY_BOX = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#d5dadf"/></svg>')}`;

/** A photo's name as the build writes it into its files' names: images/Crew Van.JPG → crew-van. */
export function photoStem(src: string): string {
  const base = src.slice(src.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return (
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'photo'
  );
}

/** An attribute's value in a tag as React writes it (srcSet), matched as HTML does, whatever its case. */
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/** Every photo a live page shows, by its name (photoStem), read from its <picture> elements. */
export function livePictures(html: string): Map<string, LivePicture> {
  const found = new Map<string, LivePicture>();
  for (const [picture] of html.matchAll(/<picture\b[\s\S]*?<\/picture>/g)) {
    const img = /<img\b[^>]*>/.exec(picture)?.[0] ?? '';
    const src = attribute(img, 'src');
    const stem = src && /\/assets\/photos\/(.+)-\d+\.[0-9a-f]+\.\w+$/.exec(src)?.[1];
    if (!src || !stem) continue;
    const sources = [...picture.matchAll(/<source\b[^>]*>/g)].map(([tag]) => tag);
    const source = (type: string) => attribute(sources.find((tag) => attribute(tag, 'type') === type) ?? '', 'srcset');
    found.set(stem, {
      avif: source('image/avif') ?? '',
      webp: source('image/webp') ?? '',
      jpeg: attribute(img, 'srcset') ?? src,
      src,
      width: Number(attribute(img, 'width') ?? 0),
      height: Number(attribute(img, 'height') ?? 0),
    });
  }
  return found;
}

/** The header's logo as the live page shows it, if it shows the company's own. */
export function liveLogo(html: string): LogoPicture | undefined {
  const img = /<img\b[^>]*\sclass="logo-mark"[^>]*>/.exec(html)?.[0];
  const src = img && attribute(img, 'src');
  const width = Number(img && attribute(img, 'width'));
  const height = Number(img && attribute(img, 'height'));
  return src && width > 0 && height > 0 ? { src, aspect: width / height } : undefined;
}

/**
 * The preview's photos: the live page's where it shows the photo, else the phone's own (added and
 * not published), else a grey box in the slot's place. Never undefined: the templates need each.
 */
export function previewPhotos(live: ReadonlyMap<string, LivePicture>, phone: ReadonlyMap<string, PhonePhoto>): Photos {
  return {
    get(slot: SlotName, src: string): Photo {
      const { sizes, priority = false } = SLOTS[slot];
      const published = live.get(photoStem(src));
      if (published) return { ...published, sizes, priority };
      const own = phone.get(src.replace(/^images\//, ''));
      const shown = own ?? { url: GREY_BOX, width: 1280, height: 960 };
      return { avif: '', webp: '', jpeg: shown.url, src: shown.url, width: shown.width, height: shown.height, sizes, priority };
    },
  };
}
