// @vitest-environment happy-dom
/**
 * A save on the phone that renames a service's id (editor/phone/requests.ts answering the app's
 * `save`): the Worker sends back the other files the rename reached, and the phone keeps them with
 * the file saved, so the next Publish sends them all. The Worker is stood in for by a fetch.
 */
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';

type Requests = typeof import('../../../../editor/phone/requests.js');
let phoneRequest: Requests['phoneRequest'];

let sent: Array<{ address: string; body: Record<string, unknown> }>;

beforeAll(async () => {
  const meta = document.createElement('meta');
  meta.name = 'editor-settings';
  meta.content = JSON.stringify({ root: '/admin/edit', api: '/api/editor', tokenHeader: 'X-CSRF-Token', phone: true });
  document.head.append(meta);
  ({ phoneRequest } = await import('../../../../editor/phone/requests.js'));
});

beforeEach(() => {
  localStorage.clear();
  sent = [];
  vi.stubGlobal('fetch', async (address: string, init: RequestInit) => {
    sent.push({ address, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    if (address === '/api/editor/save')
      return Response.json({
        version: 'v2',
        text: 'services:\n  - id: house-shifting\n',
        changedLines: 1,
        renames: [{ from: 'residential', to: 'house-shifting' }],
        renamedIn: ['pages/home.yaml'],
        renamedTexts: { 'pages/home.yaml': 'featured:\n  - service: house-shifting\n' },
      });
    if (address === '/api/editor/publish') return Response.json({ commit: 'beef', files: [] });
    return new Response(null, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ask = (path: string, init: RequestInit = {}) => phoneRequest(path, init, '/api/editor', () => 'token', 'X-CSRF-Token');

it('keeps the files a renamed service id reached with the file saved, and publishes them together', async () => {
  const saved = await ask('save', { method: 'POST', body: JSON.stringify({ file: 'services.yaml', value: {}, version: 'v1' }) });
  expect(saved.ok).toBe(true);
  // The app hears of the rename as site dev's editor tells it; the texts themselves stay on the phone.
  expect(saved.body).toMatchObject({ renames: [{ from: 'residential', to: 'house-shifting' }], renamedIn: ['pages/home.yaml'] });
  expect(saved.body).not.toHaveProperty('renamedTexts');

  const state = await ask('publish');
  expect((state.body as { changed: string[] }).changed.sort()).toEqual(['content/pages/home.yaml', 'content/services.yaml']);

  await ask('publish', { method: 'POST', body: JSON.stringify({ message: 'House shifting' }) });
  const publish = sent.find((one) => one.address === '/api/editor/publish')!;
  expect(publish.body.saved).toEqual({
    'services.yaml': 'services:\n  - id: house-shifting\n',
    'pages/home.yaml': 'featured:\n  - service: house-shifting\n',
  });
});
