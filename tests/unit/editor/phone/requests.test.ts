// @vitest-environment happy-dom
/**
 * What a photo field offers on the phone (editor/phone/requests.ts answering the app's `images`):
 * the photos of content/images/ at the head the owner started from, as the Worker's list names
 * them, with the thumbnails the live site's build wrote (_editor/photos.json), and those added on
 * the phone. The Worker and the built site are stood in for by a fetch that answers as they do.
 */
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { EditorPhotos } from '../../../../generator/editor/photo-manifest.js';
import { namePhoneSettings } from './phone-page.js';

type Requests = typeof import('../../../../editor/phone/requests.js');
let phoneRequest: Requests['phoneRequest'];

const MANIFEST: EditorPhotos = {
  'images/van.jpg': {
    thumbnail: '/assets/photos/van-320.0123456789.jpg',
    preview: '/assets/photos/van-640.abcdef0123.jpg',
    width: 1280,
    height: 853,
  },
};

let asked: string[];
let photosJson: { status: number; body: unknown };

beforeAll(async () => {
  // The page names where the Worker and the built site's list are, as /admin/edit/ does.
  namePhoneSettings({ photos: '/_editor/photos.json' });
  ({ phoneRequest } = await import('../../../../editor/phone/requests.js'));
});

beforeEach(() => {
  localStorage.clear();
  asked = [];
  photosJson = { status: 200, body: MANIFEST };
  vi.stubGlobal('fetch', async (address: string) => {
    asked.push(address);
    if (address === '/api/editor/files')
      return Response.json({ head: 'c0ffee', files: [], texts: {}, images: ['images/boxes.jpg', 'images/van.jpg'] });
    if (address === '/_editor/photos.json') return Response.json(photosJson.body, { status: photosJson.status });
    return new Response(null, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ask = (path: string, init: RequestInit = {}) => phoneRequest(path, init, '/api/editor', () => 'token', 'X-CSRF-Token');

it('offers every photo of the repository, with its thumbnail where the live site shows it, and those added on the phone', async () => {
  localStorage.setItem('site-editor:kept', JSON.stringify({ saved: {}, photos: { 'truck.jpg': 'AAAA' } }));
  // The app asks for the photos and the list at once when a file opens: the Worker is asked once.
  const [images, files] = await Promise.all([ask('images'), ask('files')]);
  expect(files.ok).toBe(true);
  expect(asked.filter((address) => address === '/api/editor/files')).toHaveLength(1);
  expect(images.body).toEqual({
    images: [
      // In the repository, not on the live site yet: its name, and no picture that would show broken.
      { src: 'images/boxes.jpg' },
      { src: 'images/truck.jpg', url: 'data:image/jpeg;base64,AAAA', bytes: 3 },
      { src: 'images/van.jpg', url: '/assets/photos/van-320.0123456789.jpg' },
    ],
  });
  // Kept with the head they were read at: the next file's picker asks the Worker nothing.
  asked = [];
  await ask('images');
  expect(asked).not.toContain('/api/editor/files');
});

it('offers the repository’s photos without pictures when the live site was built before its list of them', async () => {
  photosJson = { status: 404, body: {} };
  vi.resetModules();
  ({ phoneRequest } = await import('../../../../editor/phone/requests.js'));
  const images = await ask('images');
  expect(images.body).toEqual({ images: [{ src: 'images/boxes.jpg' }, { src: 'images/van.jpg' }] });
});

it('refuses a photo added under the name of one in the repository, which Publish would replace', async () => {
  await ask('files');
  const answer = await ask('upload?name=van.jpg', {
    method: 'POST',
    body: new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }),
  });
  expect(answer.status).toBe(409);
  expect((answer.body as { message: string }).message).toBe(
    'A photo named van.jpg is in the site’s photos already: pick it in the list, or add this one under another name.',
  );
});
