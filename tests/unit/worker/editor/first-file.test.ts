/**
 * The editor's page for one file carries that file as /api/editor/file answers it, with the head it
 * was read at, after the page's own markup (so the app's script is named before the Worker reads
 * the repository): the phone shows the form without asking for it. A file GitHub does not give
 * (rate-limited here) is left out, and the app asks as before.
 */
import { afterEach, expect, it } from 'vitest';
import { editorHarnessForFile } from './editor-worker.js';

const harness = editorHarnessForFile();
const BLOCK = /<script type="application\/json" id="editor-first-file">(.*?)<\/script>\s*<\/body>/s;

afterEach(() => {
  harness().standin.rateLimit = undefined;
});

async function page(pathname: string): Promise<{ status: number; html: string }> {
  const { worker, signIn } = harness();
  const { cookie } = await signIn();
  const answer = await worker.fetch(pathname, { headers: { Cookie: cookie } });
  return { status: answer.status, html: await answer.text() };
}

it('sends the file the page opens inside the page, as the file request answers it at the head', async () => {
  const { standin, seed, call } = harness();
  const head = await standin.push(seed, 'The site as it starts');
  const { status, html } = await page('/admin/edit/services.yaml');
  const block = BLOCK.exec(html);
  expect([status, block === null]).toEqual([200, false]);
  const asked = await (await call('file', { saved: {}, file: 'services.yaml' })).json();
  expect(JSON.parse(block![1]!)).toEqual({ ...(asked as object), head });
  expect(html.indexOf('<script type="module"')).toBeLessThan(html.indexOf('editor-first-file'));
});

it('leaves the file out when GitHub does not give it, and the list of files has none', async () => {
  const { standin, seed } = harness();
  await standin.push(seed, 'The site as it starts');
  standin.rateLimit = { status: 403, kind: 'primary', until: new Date(Date.now() + 60_000) };
  const limited = await page('/admin/edit/services.yaml');
  expect([limited.status, BLOCK.test(limited.html), limited.html.trimEnd().endsWith('</html>')]).toEqual([200, false, true]);
  standin.rateLimit = undefined;
  const list = await page('/admin/edit/');
  expect([list.status, list.html.includes('editor-first-file')]).toEqual([200, false]);
});
