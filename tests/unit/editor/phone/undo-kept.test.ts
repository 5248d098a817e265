// @vitest-environment happy-dom
/**
 * Undo the last publish while the phone keeps other changes (editor/phone/requests.ts): refused,
 * with nothing asked of the Worker, while a saved change is in a file the undo would put back;
 * done, the changes kept go on from the undo commit, so the next publish carries them alone and
 * never offers the owner's own undo as someone else's change. The Worker is stood in for by a fetch.
 */
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { type Ask, keepNow, keptNow, phoneAsk } from './phone-ask.js';

let ask: Ask;
let asked: string[];
/** The head the stand-in made its undo on. */
let undoneOn: string;

beforeAll(async () => {
  ask = await phoneAsk();
});

beforeEach(() => {
  localStorage.clear();
  asked = [];
  undoneOn = 'publish1';
  vi.stubGlobal('fetch', async (address: string) => {
    asked.push(address);
    return Response.json({ commit: 'undo1', head: 'undo1', files: ['services.yaml'], parent: undoneOn });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const undo = () => ask('undo', { method: 'POST', body: '{}' });
const LAST = { commit: 'publish1', files: ['services.yaml'], message: 'Residential price' };

it('undo with a saved change kept on the phone in the file it would put back is refused in words, and nothing is undone', async () => {
  keepNow({ head: 'publish1', saved: { 'services.yaml': 'packing: 5600\n' }, lastPublish: LAST });
  const refused = await undo();
  expect(refused.status).toBe(409);
  expect((refused.body as { message: string }).message).toBe(
    'Not undone: this phone keeps saved changes to services.yaml that are not published yet, and undoing “Residential price” would put that file back as before it. Change back by hand the values “Residential price” changed instead, then publish.',
  );
  expect(asked).toEqual([]);
  expect(keptNow().lastPublish).toEqual(LAST);
});

it('undo with changes kept on the phone in other files moves them on to the undo commit, so the next publish does not call the undo someone else’s change', async () => {
  keepNow({
    head: 'publish1',
    base: { 'site.yaml': 'email: old@example.com\n' },
    saved: { 'site.yaml': 'email: new@example.com\n' },
    typed: { 'services.yaml': { value: { starting: 13600 }, numbers: [] }, 'site.yaml': { value: { email: 'n' }, numbers: [] } },
    lastPublish: LAST,
  });
  const undone = await undo();
  expect(undone.ok).toBe(true);
  expect(asked).toEqual(['/api/editor/undo']);
  const now = keptNow();
  expect(now.head).toBe('undo1');
  expect(now.saved).toEqual({ 'site.yaml': 'email: new@example.com\n' });
  // Typed over the values the undo put back, it would bring them back once saved.
  expect(now.typed).toEqual({ 'site.yaml': { value: { email: 'n' }, numbers: [] } });
  expect(now.lastPublish).toBeUndefined();
});

it('undo made on someone else’s later publish leaves the changes kept on the phone where they started', async () => {
  undoneOn = 'someone-else';
  keepNow({ head: 'publish1', saved: { 'site.yaml': 'email: new@example.com\n' }, lastPublish: LAST });
  expect((await undo()).ok).toBe(true);
  expect(keptNow().head).toBe('publish1');
});
