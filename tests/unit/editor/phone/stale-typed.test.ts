// @vitest-environment happy-dom
/**
 * A value typed in a second tab (or any stale form) on the phone (editor/phone/requests.ts and
 * store.ts): typed over an older version of a file than the one this tab opens, it is not laid
 * over the file, so a change saved meanwhile is not undone by the next save. Each tab's
 * sessionStorage is its own: the test switches tabs by putting back the one each tab had.
 */
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { typedDraft } from '../../../../editor/phone/store.js';
import { type Ask, phoneAsk } from './phone-ask.js';

let ask: Ask;
/** The version of services.yaml the Worker answers now. */
let version: string;

beforeAll(async () => {
  ask = await phoneAsk();
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  version = 'v1';
  vi.stubGlobal('fetch', async (address: string) => {
    if (address === '/api/editor/save') {
      version = 'v2';
      return Response.json({ text: 'price: 20000\n', version });
    }
    return Response.json({ file: 'services.yaml', value: { price: 17500 }, version });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const open = () => ask('file?file=services.yaml');
const typeIn = (value: unknown) => ask('draft', { method: 'POST', body: JSON.stringify({ file: 'services.yaml', value, numbers: [] }) });

it('a value typed in a second tab over a file saved since in the first is not laid over it when the first tab opens it again', async () => {
  const tab = (session: string) => sessionStorage.setItem('site-editor:opened', session);
  await open();
  const first = sessionStorage.getItem('site-editor:opened')!;
  sessionStorage.clear();
  await open();
  const second = sessionStorage.getItem('site-editor:opened')!;
  tab(first);
  const saved = await ask('save', {
    method: 'POST',
    body: JSON.stringify({ file: 'services.yaml', value: { price: 20000 }, version: 'v1' }),
  });
  expect(saved.ok).toBe(true);
  const firstAfterSave = sessionStorage.getItem('site-editor:opened')!;
  // The second tab, still showing the file as it was, types a value over it.
  tab(second);
  await typeIn({ price: 5500 });
  // The first tab reloads: the price it saved stays, the second tab's form is not laid over it.
  tab(firstAfterSave);
  await open();
  expect(typedDraft('services.yaml')).toBeUndefined();
});

it('a value typed in this tab is laid over the file again after a reload', async () => {
  await open();
  await typeIn({ price: 16001 });
  await open();
  expect(typedDraft('services.yaml')).toMatchObject({ value: { price: 16001 } });
});
