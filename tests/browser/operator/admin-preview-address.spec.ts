/**
 * A preview address from the phone: another company's site (tests/fixtures/stranger) built for
 * Cloudflare, served by its Worker in workerd against the GitHub stand-in, at 360×740 with touch in
 * Chromium, with a real passkey. The owner saves a price and taps "Get a preview address to share":
 * the preview branch gets one commit of it, main none; the phone says the address is on its way,
 * and once the address answers that commit (a stand-in for Cloudflare's preview of the branch,
 * "deployed" by the test), says it is ready and offers it to send on WhatsApp. A reload keeps it.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PREVIEW_BRANCH } from '../../../worker/editor/preview-address.js';
import { ROOT } from '../../helpers/content.js';
import { expect, test } from '../fixtures.js';
import { cloudflareBuild } from './builds.js';
import { addPhoneLock } from './phone-lock.js';
import { startPhoneEditorSite, type PhoneEditorSite } from './phone-editor-site.js';
import { setUpThisPhone } from './phone-set-up.js';

const PHONE = { width: 360, height: 740 } as const;

let project: string;
let site: PhoneEditorSite;
/** Cloudflare's preview of the branch, as the phone asks it: the commit its last deploy was built from. */
let preview: Server;
let previewAddress: string;
let deployed: string | null = null;
const asked: string[] = [];

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  preview = createServer((request, response) => {
    asked.push(`${request.method} ${request.url} from ${request.headers.origin}`);
    response.writeHead(request.url === '/api/site-commit' ? 200 : 404, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
    });
    response.end(JSON.stringify({ commit: deployed }));
  });
  await new Promise<void>((resolve) => preview.listen(0, '127.0.0.1', resolve));
  previewAddress = `http://127.0.0.1:${(preview.address() as AddressInfo).port}`;
  project = await mkdtemp(path.join(os.tmpdir(), 'site-stranger-'));
  const content = path.join(project, 'content');
  await cp(path.join(ROOT, 'tests/fixtures/stranger/content'), content, { recursive: true });
  site = await startPhoneEditorSite(await cloudflareBuild(content, path.join(project, 'dist')), { PREVIEW_ADDRESS: previewAddress });
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('worker output', { body: site.output() });
});

test.afterAll(async () => {
  await site?.close();
  preview?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

test('a price saved on the phone gets a preview address of its own, said ready once it shows it, to send on WhatsApp, with the live site untouched', async ({
  browser,
}, testInfo) => {
  const { origin, standin, start } = site;
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|CORS/i.test(message.text())) refused.push(message.text());
  });
  await addPhoneLock(context, page);
  await setUpThisPhone(page, origin);
  await page.goto(`${origin}/admin/edit/services.yaml`);
  await page.getByRole('textbox', { name: 'Starting' }).first().fill('7777');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();

  await page.goto(`${origin}/admin/edit/`);
  const panel = page.getByRole('region', { name: 'Publish' });
  await panel.getByLabel('What did you change?').fill('New price for a look first');
  await panel.getByRole('button', { name: 'Get a preview address to share' }).tap();
  const waiting = panel.getByRole('status').filter({ hasText: 'Your changes will show at' });
  await expect(waiting).toContainText(previewAddress);

  // One commit on the preview branch, on the owner's start; the live branch untouched.
  const commit = (await standin.git.ref(PREVIEW_BRANCH))!;
  expect(await standin.git.text(['rev-list', '--parents', '-n', '1', commit])).toBe(`${commit} ${start}`);
  expect(await standin.git.text(['diff-tree', '--no-commit-id', '--name-only', '-r', start, commit])).toBe('content/services.yaml');
  expect(await standin.git.text(['show', `${commit}:content/services.yaml`])).toContain('starting: 7777');
  expect(await standin.git.ref('main')).toBe(start);
  expect(standin.violations).toEqual([]);
  // Asked already, from the editor's page, before the deploy: not ready yet.
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  expect(asked[0]).toBe(`GET /api/site-commit from ${origin}`);
  await expect(waiting).toBeVisible();

  // The deploy has published the branch; the owner comes back to the page.
  deployed = commit;
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const ready = panel.getByRole('status').filter({ hasText: /^Ready:/ });
  await expect(ready).toContainText(`${previewAddress} shows your changes`);
  await expect(ready.getByRole('link', { name: previewAddress })).toHaveAttribute('href', `${previewAddress}/`);
  const whatsApp = panel.getByRole('link', { name: 'Send the preview on WhatsApp' });
  const share = new URL((await whatsApp.getAttribute('href'))!);
  expect(`${share.origin}${share.pathname}`).toBe('https://wa.me/');
  expect(share.searchParams.get('text')).toContain(`${previewAddress}/`);
  const box = (await whatsApp.boundingBox())!;
  expect(box.height, 'the WhatsApp link is a thumb’s height').toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'sideways scrolling').toBeLessThanOrEqual(PHONE.width);
  await whatsApp.scrollIntoViewIfNeeded();
  const screenshot = testInfo.outputPath('preview-address-360.png');
  await page.screenshot({ path: screenshot });
  await testInfo.attach('the preview address ready, at 360 px', { path: screenshot, contentType: 'image/png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await whatsApp.scrollIntoViewIfNeeded();
  const wide = testInfo.outputPath('preview-address-1280.png');
  await page.screenshot({ path: wide });
  await testInfo.attach('the preview address ready, at 1280 px', { path: wide, contentType: 'image/png' });
  await page.setViewportSize(PHONE);

  // A reload keeps the address and the change, still not published.
  await page.reload();
  await expect(panel.getByRole('status').filter({ hasText: /^Ready:/ })).toContainText(previewAddress);
  await expect(panel.getByText('content/services.yaml', { exact: true })).toBeVisible();
  expect(await standin.git.ref('main')).toBe(start);
  expect(refused).toEqual([]);
  await context.close();
});
