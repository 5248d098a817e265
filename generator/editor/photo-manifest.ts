/**
 * The published photos as the phone's editor shows them (`_editor/photos.json`): the build names
 * each photo's files by their bytes, which the phone never has, so the build says which files it
 * wrote of each photo of content/images/. No Node here: the phone reads the same shape.
 */
import type { Photo, Photos } from '../contract/photo.js';
import { SLOTS, type SlotName } from '../contract/photo-slots.js';

/** One photo of content/images/ the live site shows, by the addresses of files the build wrote of it. */
export interface EditorPhoto {
  /** Its smallest JPEG: the picker's thumbnail. */
  thumbnail: string;
  /** A JPEG wide enough for a page at a phone's width: the preview's. */
  preview: string;
  /** The preview's proportions, for the space a page keeps for it. */
  width: number;
  height: number;
}

/** By the photo's `src` in the content (images/van.jpg). */
export type EditorPhotos = Record<string, EditorPhoto>;

/** A `srcset` as the build writes it (`/a.jpg 320w, /b.jpg 640w`): each file's address and width. */
function filesOf(srcset: string): { url: string; width: number }[] {
  return srcset
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .flatMap(([url, descriptor]) => (url ? [{ url, width: Number.parseInt(descriptor ?? '', 10) || 0 }] : []));
}

/**
 * Each photo the build made files of, from the build's own record of them (`photos`, looked up by
 * every place the content shows a photo). A photo cut square for a portrait is taken only where
 * it is shown nowhere else, so the picker and the preview show the whole photo where they can.
 */
export function editorPhotos(shown: readonly { slot: SlotName; src: string }[], photos: Photos): EditorPhotos {
  const chosen = new Map<string, Photo & { square: boolean }>();
  for (const { slot, src } of shown) {
    const photo = photos.get(slot, src);
    const square = SLOTS[slot].square === true;
    const before = chosen.get(src);
    if (photo && (!before || (before.square && !square))) chosen.set(src, { ...photo, square });
  }
  const manifest: EditorPhotos = {};
  for (const src of [...chosen.keys()].sort()) {
    const photo = chosen.get(src)!;
    const smallest = filesOf(photo.jpeg).sort((a, b) => a.width - b.width)[0];
    manifest[src] = { thumbnail: smallest?.url ?? photo.src, preview: photo.src, width: photo.width, height: photo.height };
  }
  return manifest;
}
