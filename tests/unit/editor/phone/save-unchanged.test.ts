// @vitest-environment happy-dom
/**
 * A save on the phone that leaves a file as the repository has it (an entry added, then removed,
 * then Save): nothing is kept to publish for it, so the list does not offer a change that Publish
 * would refuse as nothing. The Worker is stood in for by a fetch answering the save with the text.
 */
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { namePhoneSettings } from './phone-page.js';

type Requests = typeof import('../../../../editor/phone/requests.js');
let phoneRequest: Requests['phoneRequest'];

const PUBLISHED = 'services:\n  - id: residential\n';
let answerText = PUBLISHED;

beforeAll(async () => {
  namePhoneSettings();
  ({ phoneRequest } = await import('../../../../editor/phone/requests.js'));
});

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', async (address: string) => {
    if (address === '/api/editor/files')
      return Response.json({ head: 'c0ffee', files: [], texts: { 'services.yaml': PUBLISHED, 'site.yaml': 'site: {}\n' }, images: [] });
    if (address === '/api/editor/save') return Response.json({ version: 'v2', text: answerText, changedLines: 0 });
    return new Response(null, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ask = (path: string, init: RequestInit = {}) => phoneRequest(path, init, '/api/editor', () => 'token', 'X-CSRF-Token');
const save = () => ask('save', { method: 'POST', body: JSON.stringify({ file: 'services.yaml', value: {}, version: 'v1' }) });
const changed = async () => ((await ask('publish')).body as { changed: string[] }).changed;

it('keeps nothing to publish for a file saved back as the repository has it, and drops a change saved before', async () => {
  await ask('files');
  answerText = 'services:\n  - id: residential\n  - id: vehicles\n';
  expect((await save()).ok).toBe(true);
  expect(await changed()).toEqual(['content/services.yaml']);

  answerText = PUBLISHED;
  expect((await save()).ok).toBe(true);
  expect(await changed()).toEqual([]);
});
