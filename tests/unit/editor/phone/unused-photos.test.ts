// @vitest-environment happy-dom
/**
 * A photo uploaded on the phone in a form never saved (editor/phone/requests.ts and store.ts): it
 * is neither listed under the changes to publish nor sent with them, as on the computer; one a
 * saved file names is both. The Worker is stood in for by a fetch that keeps what it was sent.
 */
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { type Ask, keepNow, keptNow, phoneAsk } from './phone-ask.js';

let ask: Ask;
let sent: Record<string, unknown>[];

beforeAll(async () => {
  ask = await phoneAsk();
});

beforeEach(() => {
  localStorage.clear();
  sent = [];
  vi.stubGlobal('fetch', async (_address: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push(body);
    return Response.json({ commit: 'def5678', head: 'def5678', files: ['about.yaml', 'images/used.jpg'] });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

it('a photo uploaded in a form never saved is neither listed for publishing nor published, and one a saved file names is', async () => {
  keepNow({
    head: 'c0ffee',
    saved: { 'about.yaml': 'story:\n  image:\n    src: images/used.jpg\n    alt: Our first van\n' },
    photos: { 'used.jpg': 'AAAA', 'family.jpg': 'BBBB', 'later.jpg': 'CCCC' },
    // A form left half done: its photo waits for that form's save.
    typed: { 'services.yaml': { value: { services: [{ image: { src: 'images/later.jpg' } }] }, numbers: [] } },
  });
  const state = await ask('publish');
  expect((state.body as { changed: string[] }).changed).toEqual(['content/about.yaml', 'content/images/used.jpg']);

  const published = await ask('publish', { method: 'POST', body: JSON.stringify({ message: 'Our first van' }) });
  expect(published.ok).toBe(true);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.photos).toEqual({ 'used.jpg': 'AAAA' });
  // Published: the photo of the form left half done stays for its save; the one nothing names goes.
  expect(keptNow().photos).toEqual({ 'later.jpg': 'CCCC' });
});

it('a photo uploaded in a form never saved is not sent for the preview address either', async () => {
  keepNow({ head: 'c0ffee', saved: { 'site.yaml': 'email: a@example.com\n' }, photos: { 'family.jpg': 'BBBB' } });
  await ask('preview-address', { method: 'POST', body: JSON.stringify({ message: '' }) });
  expect(sent[0]!.photos).toEqual({});
});
