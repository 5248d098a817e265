/**
 * The photos the live site shows, as its last build wrote them (`_editor/photos.json`,
 * generator/editor/photo-manifest.ts): the picker's thumbnails and the preview's photos. Read once
 * while the editor is open; a build from before the list has none, and a read that failed
 * (offline) is tried again the next time.
 */
import type { EditorPhotos } from '../../generator/editor/photo-manifest.js';
import { SETTINGS } from '../settings.js';

let read: Promise<EditorPhotos> | undefined;

export function publishedPhotos(): Promise<EditorPhotos> {
  const address = SETTINGS.photos;
  if (!address) return Promise.resolve({});
  read ??= fetch(address)
    .then((response) => (response.ok ? (response.json() as Promise<EditorPhotos>) : {}))
    .catch(() => {
      read = undefined;
      return {};
    });
  return read;
}
