/**
 * The phone's preview at /admin/edit/: the site's own Worker (workerd through Miniflare, offline, with a local
 * D1) against the GitHub stand-in, at 360×740 with touch in Chromium, with a real passkey. The
 * owner changes a price and adds a photo, saves, taps Preview and sees the services page with the
 * new price and the photo (from the phone), drawn on the phone by the site's templates in a frame
 * that runs no script, in English and Malayalam;
 * the preview's script is not fetched before that tap, and the page's policy refuses nothing.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { photoWithLocation } from '../../unit/worker/editor/camera-photo.js';
import { expect, test } from '../fixtures.js';
import { addPhoneLock } from './phone-lock.js';
import { startPhoneEditorSite, type PhoneEditorSite } from './phone-editor-site.js';
import { setUpThisPhone } from './phone-set-up.js';

const PHONE = { width: 360, height: 740 } as const;
const SHOTS = process.env.EDITOR_SHOTS;

let site: PhoneEditorSite;
let origin: string;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  site = await startPhoneEditorSite();
  ({ origin } = site);
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('worker output', { body: site.output() });
});

test.afterAll(async () => {
  await site?.close();
});

/** The preview as the owner sees it: its panel scrolled into view (the form above it is long). */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    await page.getByRole('region', { name: 'Preview' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize(PHONE);
}

async function savePrice(page: Page, price: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Starting' }).first().fill(price);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
}

test('a price saved on the phone shows in the preview of the services page, in both languages, drawn on the phone', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await addPhoneLock(context, page);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });

  await setUpThisPhone(page, origin);

  // A camera photo added to the first service, kept on the phone until Publish, with the new price.
  const camera = testInfo.outputPath('IMG 3050.JPG');
  await writeFile(camera, await photoWithLocation(800, 600));
  await page.goto(`${origin}/admin/edit/services.yaml`);
  const photo = page.locator('#field-services-0-image');
  await photo.getByLabel('Or upload a new photo (JPEG, PNG, WebP or AVIF)').setInputFiles(camera);
  await expect(photo.getByRole('status')).toContainText('Uploaded as content/images/img-3050.jpg');
  await photo.getByLabel('Alt text: what the photo shows').fill('Our crew at a house in Aluva');
  await savePrice(page, '7777');
  expect(fetched, 'the preview is fetched only when asked for').not.toContain('/_editor/preview.js');

  const open = page.getByRole('button', { name: 'Preview', exact: true });
  await expect(open).toHaveCSS('min-height', '44px');
  await open.tap();
  const frame = page.frameLocator('iframe[title="Preview of the Services page"]');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Moving Services for Every Need');
  await expect(frame.locator('main')).toContainText('7,777');
  await expect(frame.locator('main')).not.toContainText('8,999');
  expect(fetched).toContain('/_editor/preview.js');
  await expect(page.locator('iframe[title="Preview of the Services page"]')).toBeVisible();
  // The photo not published yet comes from the phone itself, and the page's policy lets it show.
  const added = frame.getByRole('img', { name: 'Our crew at a house in Aluva' });
  await expect(added).toHaveAttribute('src', /^blob:/);
  await added.scrollIntoViewIfNeeded();
  await expect.poll(() => added.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  // The site's stylesheet reached the frame: at a phone's width, with no script, its header is in
  // the flow (position: relative) as on the live site, where a page without styles would leave it static.
  await expect(frame.locator('header').first()).toHaveCSS('position', 'relative');
  const size = await page.locator('iframe[title="Preview of the Services page"]').boundingBox();
  expect(size?.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'preview');

  // Saved again while open: the preview follows.
  await savePrice(page, '6666');
  await expect(frame.locator('main')).toContainText('6,666');

  await page.getByRole('button', { name: 'Malayalam' }).tap();
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('ഏത് ആവശ്യത്തിനും ഷിഫ്റ്റിംഗ് സേവനം');
  await expect(frame.locator('main')).toContainText('6,666');
  await shot(page, 'preview-ml');

  expect(refused, 'what the page’s policy refused').toEqual([]);
  await context.close();
});
