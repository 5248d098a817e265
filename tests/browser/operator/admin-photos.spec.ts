/**
 * The photos already in the company's repository, on the phone's editor at /admin/edit/: the
 * site's own Worker (workerd, with a local D1) serving a Cloudflare build of the sample with a
 * service photo, against the GitHub stand-in holding that content and its photos, at 360×740 with
 * touch in Chromium, with a real passkey. The picker of another service's photo offers the
 * repository's photo with the thumbnail the live site's build wrote, and one the site does not
 * show yet by its name alone; picked, the preview shows it, and published, the commit names the
 * photo in that service.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { parse } from 'yaml';
import { replacePlaceholders } from '../../helpers/content.js';
import { PHOTO_PLACES, TEST_PHOTOS, contentWithPhotos } from '../../helpers/photos.js';
import { expect, test } from '../fixtures.js';
import { entriesDrawn } from './entries-drawn.js';
import { cloudflareBuild } from './builds.js';
import { addPhoneLock } from './phone-lock.js';
import { startPhoneEditorSite, type PhoneEditorSite } from './phone-editor-site.js';
import { setUpThisPhone } from './phone-set-up.js';

const PHONE = { width: 360, height: 740 } as const;
/** The photo the repository has and the live site shows: the second service's (700×525). */
const SHOWN = PHOTO_PLACES.find((place) => place.photo === 'small')!;
const BOXES = TEST_PHOTOS.small.file;

let project: string;
let site: PhoneEditorSite;
let withPhotos: string;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  project = await contentWithPhotos([SHOWN]);
  await replacePlaceholders(project);
  const content = path.join(project, 'content');
  site = await startPhoneEditorSite(await cloudflareBuild(content, path.join(project, 'dist')));
  // The photos beside the texts, as bytes; `spare.jpg` is in the repository but no page shows it yet.
  const boxes = await readFile(path.join(content, BOXES));
  const photos = new Map([
    [`content/${BOXES}`, boxes],
    ['content/images/spare.jpg', boxes],
  ]);
  const made = await site.standin.git.commitFiles('main', site.start, 'The photos of the site', photos, []);
  if (!made) throw new Error('the branch moved while the photos were pushed');
  withPhotos = made;
});

test.afterAll(async () => {
  await site?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

test('the picker of a service’s photo offers the repository’s photos with the live site’s thumbnails, and publishing the one picked names it in that service', async ({
  browser,
}, testInfo) => {
  const { origin, standin } = site;
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await addPhoneLock(context, page);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image' && !response.ok()) missing.push(response.url());
  });

  await setUpThisPhone(page, origin);
  await page.goto(`${origin}/admin/edit/services.yaml`);

  const loaded = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
  // A field set to a published photo shows it, from the file the live site's build wrote.
  const shown = page.locator('#field-services-1-image').getByRole('img', { name: `Now chosen: ${SHOWN.alt}` });
  await expect(shown).toHaveAttribute('src', /^\/assets\/photos\/boxes-320\.[0-9a-f]+\.jpg$/);
  await expect.poll(() => loaded(shown)).toBeGreaterThan(0);

  const field = page.locator('#field-services-0-image');
  const picker = field.getByLabel('Photo file');
  await field.scrollIntoViewIfNeeded();
  await expect(picker.locator('option')).toHaveText(['(no photo)', 'boxes.jpg', 'spare.jpg']);
  // In the repository, shown nowhere yet: its name, and no picture that would show broken.
  await picker.selectOption('images/spare.jpg');
  await expect(field.locator('.thumbnail')).toHaveText('spare.jpg');
  await expect(field.getByRole('img')).toHaveCount(0);

  await picker.selectOption('images/boxes.jpg');
  const thumbnail = field.getByRole('img', { name: 'Now chosen: images/boxes.jpg' });
  await expect(thumbnail).toHaveAttribute('src', /^\/assets\/photos\/boxes-320\.[0-9a-f]+\.jpg$/);
  await expect.poll(() => loaded(thumbnail)).toBeGreaterThan(0);
  await field.getByLabel('Alt text: what the photo shows').fill('Boxes packed for a house move');
  const screenshot = testInfo.outputPath('picker-360.png');
  await page.screenshot({ path: screenshot });
  await testInfo.attach('the picked photo at 360 px', { path: screenshot, contentType: 'image/png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'sideways scrolling').toBeLessThanOrEqual(PHONE.width);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
  // The preview shows it too, from the same list, though the live services page shows it elsewhere.
  await entriesDrawn(page, 'field-services');
  await page.getByRole('button', { name: 'Preview', exact: true }).tap();
  const frame = page.frameLocator('iframe[title="Preview of the Services page"]');
  const previewed = frame.getByRole('img', { name: 'Boxes packed for a house move' });
  await expect(previewed).toHaveAttribute('src', /^\/assets\/photos\/boxes-\d+\.[0-9a-f]+\.jpg$/);
  await previewed.scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(previewed)).toBeGreaterThan(0);
  await page.goto(`${origin}/admin/edit/`);
  const panel = page.getByRole('region', { name: 'Publish' });
  await panel.getByLabel('What did you change?').fill('The boxes photo for house shifting too');
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Published as commit/ })).toBeVisible();

  const commits = (await standin.git.text(['rev-list', `${withPhotos}..main`])).split('\n').filter(Boolean);
  expect(commits).toHaveLength(1);
  expect(await standin.git.text(['diff-tree', '--no-commit-id', '--name-only', '-r', withPhotos, commits[0]!])).toBe(
    'content/services.yaml',
  );
  const services = parse(await standin.git.text(['show', `${commits[0]}:content/services.yaml`])) as {
    services: Array<{ image?: { src: string; alt: string } }>;
  };
  expect(services.services[0]!.image).toEqual({ src: 'images/boxes.jpg', alt: 'Boxes packed for a house move' });
  expect(missing, 'pictures that did not load').toEqual([]);
  expect(refused, 'what the page’s policy refused').toEqual([]);
  await context.close();
});
