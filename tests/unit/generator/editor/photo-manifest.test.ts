import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../../generator/build.js';
import type { Photo } from '../../../../generator/contract/photo.js';
import type { SlotName } from '../../../../generator/contract/photo-slots.js';
import { editorPhotos, type EditorPhotos } from '../../../../generator/editor/photo-manifest.js';
import { editorPhotosFile } from '../../../../generator/editor/worker-files.js';
import { diskCache } from '../../../../generator/images/cache.js';
import { PHOTO_PLACES, contentWithPhotos } from '../../../helpers/photos.js';

const temporary: string[] = [];

afterAll(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A photo as the images stage records it, its files at the given widths. */
function built(name: string, widths: number[], height: number): Photo {
  const files = widths.map((width) => `/assets/photos/${name}-${width}.0123456789.jpg ${width}w`).join(', ');
  return {
    width: widths.at(-1)!,
    height,
    sizes: '32rem',
    avif: files.replaceAll('.jpg', '.avif'),
    webp: files.replaceAll('.jpg', '.webp'),
    jpeg: files,
    src: `/assets/photos/${name}-${widths.find((width) => width >= 640) ?? widths.at(-1)}.0123456789.jpg`,
    priority: false,
  };
}

describe('the published photos the phone’s editor is told of (_editor/photos.json)', () => {
  it('gives each photo its smallest file for the picker and a page-wide one for the preview, preferring the whole photo to a portrait’s square', () => {
    const records = new Map<string, Photo>([
      ['service:images/van.jpg', built('van', [640, 320, 960], 640)],
      ['avatar:images/anjali.jpg', built('anjali', [96, 144], 144)],
      ['avatar:images/van.jpg', built('van', [96, 144], 144)],
    ]);
    const shown: { slot: SlotName; src: string }[] = [
      { slot: 'avatar', src: 'images/van.jpg' },
      { slot: 'service', src: 'images/van.jpg' },
      { slot: 'avatar', src: 'images/anjali.jpg' },
      // The logo is drawn into pictures of its own: the images stage records no files of it.
      { slot: 'logo', src: 'images/logo.png' },
    ];
    expect(editorPhotos(shown, { get: (slot, src) => records.get(`${slot}:${src}`) })).toEqual({
      'images/anjali.jpg': {
        thumbnail: '/assets/photos/anjali-96.0123456789.jpg',
        preview: '/assets/photos/anjali-144.0123456789.jpg',
        width: 144,
        height: 144,
      },
      'images/van.jpg': {
        thumbnail: '/assets/photos/van-320.0123456789.jpg',
        preview: '/assets/photos/van-640.0123456789.jpg',
        width: 960,
        height: 640,
      },
    });
  });

  it('names only files the build really wrote, for every photo the content shows', async () => {
    const places = PHOTO_PLACES.filter((place) => place.photo === 'small' || place.photo === 'face');
    const project = await contentWithPhotos(places);
    const cache = await mkdtemp(path.join(os.tmpdir(), 'site-photo-cache-'));
    temporary.push(project, cache);
    const result = await build({ contentDir: path.join(project, 'content'), photos: { cache: diskCache(cache) } });
    const file = editorPhotosFile(result.site, result.photos);
    expect(file.path).toBe('_editor/photos.json');
    const manifest = JSON.parse(String(file.contents)) as EditorPhotos;
    expect(Object.keys(manifest)).toEqual(['images/anjali.jpg', 'images/boxes.jpg']);
    const written = new Set(result.files.map((one) => `/${one.path}`));
    for (const [src, photo] of Object.entries(manifest)) {
      expect(written, `${src}'s thumbnail`).toContain(photo.thumbnail);
      expect(written, `${src}'s preview`).toContain(photo.preview);
    }
    // boxes.jpg is 700 px wide: its smallest file is the service card's 320.
    expect(manifest['images/boxes.jpg']!.thumbnail).toMatch(/^\/assets\/photos\/boxes-320\.[0-9a-f]+\.jpg$/);
  }, 120_000);
});
