// @vitest-environment happy-dom
/**
 * The preview address on the phone (editor/phone/requests.ts answering the app's `preview-address`):
 * the Worker is sent the files and photos kept on the phone, as Publish sends them, and the address
 * it answers is kept on the phone until a publish or a discard, so a reload still shows it. The
 * Worker is stood in for by a fetch that answers as it does.
 */
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { Kept } from '../../../../editor/phone/store.js';
import { namePhoneSettings } from './phone-page.js';

type Requests = typeof import('../../../../editor/phone/requests.js');
let phoneRequest: Requests['phoneRequest'];

const ADDRESS = 'https://site-preview-acme.acme-movers.workers.dev';
/** The services file saved on the phone, naming the photo added there: the photos sent are those a saved file names. */
const SERVICES = 'services:\n  - image:\n      src: images/crew.jpg\n';
let sent: Array<{ address: string; body: Record<string, unknown> }>;

beforeAll(async () => {
  namePhoneSettings({ previewAddress: ADDRESS });
  ({ phoneRequest } = await import('../../../../editor/phone/requests.js'));
});

beforeEach(() => {
  localStorage.setItem(
    'site-editor:kept',
    JSON.stringify({ head: 'c0ffee', saved: { 'services.yaml': SERVICES }, photos: { 'crew.jpg': '/9j/AA==' } } satisfies Kept),
  );
  sent = [];
  vi.stubGlobal('fetch', async (address: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push({ address, body });
    if (address === '/api/editor/preview-address') return Response.json({ address: ADDRESS, commit: 'beef01' });
    if (address === '/api/editor/publish') return Response.json({ commit: 'face02', head: 'face02', files: ['services.yaml'] });
    return new Response(null, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ask = (path: string, init: RequestInit = {}) => phoneRequest(path, init, '/api/editor', () => 'token', 'X-CSRF-Token');
const kept = () => JSON.parse(localStorage.getItem('site-editor:kept')!) as Kept;

it('sends the kept files and photos with the head they started from, and keeps the address it is given', async () => {
  const answer = await ask('preview-address', { method: 'POST', body: JSON.stringify({ message: 'New prices' }) });
  expect(answer.ok).toBe(true);
  expect(sent).toEqual([
    {
      address: '/api/editor/preview-address',
      body: { message: 'New prices', head: 'c0ffee', saved: { 'services.yaml': SERVICES }, photos: { 'crew.jpg': '/9j/AA==' } },
    },
  ]);
  expect(kept().preview).toEqual({ address: ADDRESS, commit: 'beef01' });
  // Still kept: a preview publishes nothing.
  expect(kept().saved).toEqual({ 'services.yaml': SERVICES });
});

it('forgets the address once the changes are published or thrown away: it no longer shows what the phone keeps', async () => {
  await ask('preview-address', { method: 'POST', body: JSON.stringify({ message: '' }) });
  await ask('publish', { method: 'POST', body: JSON.stringify({ message: 'New prices' }) });
  expect(kept().preview).toBeUndefined();

  localStorage.setItem('site-editor:kept', JSON.stringify({ saved: { 'a.yaml': 'x' }, preview: { address: ADDRESS, commit: 'beef01' } }));
  await ask('discard', { method: 'POST' });
  expect(kept().preview).toBeUndefined();
});
