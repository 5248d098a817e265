/**
 * The content editor at /__edit, driven as the operator uses it: change a price and see it in the
 * preview before saving and on the site after; a save changes one line and keeps every comment;
 * an invalid value or a file changed on disk is refused and nothing is written; list items are
 * added, removed and moved (by keyboard too); a photo is uploaded and shows on the page.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect as baseExpect, test } from '../fixtures.js';
import { changedLines, openFile, startEditorProject, type EditorProject } from '../editor-helpers.js';

// Each step waits for the server's check of the whole content (a second or more on a busy machine).
const expect = baseExpect.configure({ timeout: 15_000 });
// A save checks the whole content first: on a busy machine that takes some seconds.
const SAVE_WAIT = 20_000;

let project: EditorProject;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  project = await startEditorProject();
});

test.afterAll(async () => {
  await project?.close();
});

test('the list page names every content file, English and Malayalam, with a line on what each holds', async ({ page }) => {
  await page.goto(project.url('/__edit'));
  await expect(page.getByRole('heading', { level: 1, name: 'Content editor' })).toBeVisible();
  const english = page.getByRole('region', { name: 'English' });
  const malayalam = page.getByRole('region', { name: 'Malayalam' });
  await expect(english.getByRole('link', { name: /content\/services\.yaml/ })).toHaveAttribute('href', '/__edit/services.yaml');
  await expect(english.getByRole('link', { name: /content\/pages\/home\.yaml/ })).toBeVisible();
  await expect(malayalam.getByRole('link', { name: /content\/ml\/services\.yaml/ })).toHaveAttribute('href', '/__edit/ml/services.yaml');
  // Each file has its line of summary.
  for (const item of await english.getByRole('listitem').all()) {
    await expect(item.locator('.summary')).not.toBeEmpty();
  }
});

test('the Publish panel is never shown where it will not stay: the list of files drawn above it comes first', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/files$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(project.url('/__edit'));
  await expect(page.getByText('Reading the content folder…')).toBeVisible();
  // The panel has read what there is to publish (drawn or not), so its button is there to be seen.
  await page.waitForFunction(() => !document.body.textContent?.includes('Looking for changes…'));
  await expect(page.getByText('Reading the content folder…')).toBeVisible();
  const button = page.getByRole('region', { name: 'Publish' }).getByRole('button', { name: 'Publish', exact: true });
  // Where an owner about to tap it sees it, if anywhere, while the list is still on its way.
  const before = (await button.isVisible()) ? await button.boundingBox() : null;
  release();
  await expect(page.getByRole('region', { name: 'English' }).getByRole('link').first()).toBeVisible();
  await expect(button).toBeVisible();
  const after = await button.boundingBox();
  if (before) expect(after?.y, 'the Publish button moved down as the list came in').toBe(before.y);
});

test('a link to a field of another file (a problem there) opens that file at the field, not at its top', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(project.url('/__edit/pages/home.yaml#field-services-items-1-service'));
  await expect(page.locator('#field-services-items-1-service')).toBeInViewport();
});

test('a new price shows in the preview before saving, and on the site after; the save changes one line and keeps every comment', async ({
  page,
}) => {
  const before = await project.read('services.yaml');
  await openFile(page, project, 'services.yaml');
  const price = page.locator('#field-services-0-pricing-starting');
  await expect(price).toHaveValue('8999');
  await expect(page.locator('label[for="field-services-0-pricing-starting"]')).toBeVisible();

  await price.fill('12499');
  // The en-IN preview beside the field, as the site writes prices.
  await expect(page.locator('output[for="field-services-0-pricing-starting"]')).toHaveText('Shown as ₹12,499');
  // See it before you save: the preview frame shows the services page with the unsaved price.
  const preview = page.frameLocator('iframe[title^="Preview"]');
  await expect(preview.getByText('₹12,499').first()).toBeVisible({ timeout: 15_000 });
  expect(await project.read('services.yaml')).toBe(before);
  // The page picker shows the other pages the file is used on, with the same unsaved change.
  await page.getByLabel('Page', { exact: true }).selectOption({ label: 'Home' });
  await expect(page.locator('iframe[title^="Preview"]')).toHaveAttribute('src', '/__edit/preview/');
  await expect(preview.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Page', { exact: true }).selectOption({ label: 'Services' });
  await expect(preview.getByText('₹12,499').first()).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at .*: 1 line changed/)).toBeVisible({ timeout: SAVE_WAIT });

  const diff = await changedLines(project, 'services.yaml');
  expect(diff).toEqual({ removed: ['      starting: 8999'], added: ['      starting: 12499'] });
  const after = await project.read('services.yaml');
  const comments = (text: string) => text.split('\n').filter((line) => line.trim().startsWith('#'));
  expect(comments(after)).toEqual(comments(before));
  expect(comments(after).length).toBeGreaterThan(2);

  // The site itself (the dev server's own pages) shows the saved price.
  const site = await page.context().newPage();
  await site.goto(project.url('/services/'));
  await expect(site.getByText('₹12,499').first()).toBeVisible({ timeout: 15_000 });
  await site.close();
});

test('a tab gone without a word (a phone closing it in the background) left its unsaved price in the preview, shown to the next tab as its own unsaved change: opening the file shows it as saved', async ({
  page,
}) => {
  await page.goto(project.url('/__edit'));
  // What the gone tab had sent: a draft with a price it never saved.
  const left = await page.evaluate(async () => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="editor-token"]')!.content;
    const headers = { 'Content-Type': 'application/json', 'X-Editor-Token': token };
    const file = (await (await fetch('/__edit/api/file?file=services.yaml', { headers })).json()) as {
      value: { services: { pricing: { starting: number } }[] };
    };
    file.value.services[1]!.pricing.starting = 77777;
    return (
      await fetch('/__edit/api/draft', { method: 'POST', headers, body: JSON.stringify({ file: 'services.yaml', value: file.value }) })
    ).status;
  });
  expect(left).toBe(200);
  await openFile(page, project, 'services.yaml');
  await expect(page.locator('#field-services-1-pricing-starting')).not.toHaveValue('77777');
  const preview = page.frameLocator('iframe[title^="Preview"]');
  await expect(preview.getByText('₹12,499').first()).toBeVisible({ timeout: 15_000 });
  await expect(preview.getByText('₹77,777')).toHaveCount(0);
});

test('an invalid phone number is shown at its field as you type, and a save is refused, leaving the file untouched', async ({ page }) => {
  const before = await project.read('site.yaml');
  await openFile(page, project, 'site.yaml');
  const phone = page.locator('#field-contact-phone');
  // The sample number is a placeholder: a warning at the field from the start (saving stays allowed).
  await expect(page.locator('#field-contact-phone-warnings')).toContainText('Replace the sample value in Contact › Phone');
  await phone.fill('12345');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  const message = page.locator('#field-contact-phone-problems');
  await expect(message).toContainText(/phone/i);
  expect(await phone.getAttribute('aria-describedby')).toContain('field-contact-phone-problems');
  // The summary above the form lists it too, with a link to the field.
  const listed = page.locator('.problem-list li').filter({ has: page.locator('a[href="#field-contact-phone"]') });
  await expect(listed.first()).toContainText(await message.locator('li').first().innerText());

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Not saved', { timeout: SAVE_WAIT });
  await expect(message).toContainText(/phone/i);
  expect(await project.read('site.yaml')).toBe(before);
});

test('a file changed on disk since it was opened is not overwritten; Reload shows it as it is now', async ({ page }) => {
  await openFile(page, project, 'pages/about.yaml');
  const title = page.locator('#field-hero-title');
  await expect(title).toHaveValue('Moving Kerala Families Since ${founded}');
  await title.fill('Moving Kerala Families Since ${founded}, With Care');

  // Meanwhile, someone edits the same file in a text editor.
  await project.write('pages/about.yaml', (text) => text.replace('eyebrow: About Us', 'eyebrow: About Our Company'));
  const onDisk = await project.read('pages/about.yaml');
  // The editor notices by itself, before any save is tried.
  await expect(page.getByRole('alert')).toContainText('saving your changes would be refused');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('Not saved', { timeout: SAVE_WAIT });
  await expect(refusal).toContainText(/changed/i);
  expect(await project.read('pages/about.yaml')).toBe(onDisk);

  await refusal.getByRole('button', { name: 'Reload the file from disk' }).click();
  await expect(page.locator('#field-hero-eyebrow')).toHaveValue('About Our Company');
  await expect(title).toHaveValue('Moving Kerala Families Since ${founded}');
  // The reloaded file saves normally.
  await title.fill('Moving Kerala Families Since ${founded}!');
  // Saved from the keyboard, as in any editor.
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/Saved at .*: 1 line changed/)).toBeVisible({ timeout: SAVE_WAIT });
  expect(await project.read('pages/about.yaml')).toContain('title: Moving Kerala Families Since ${founded}!');
});

test('a file changed on disk while open without changes in the form is shown as it is now', async ({ page }) => {
  await openFile(page, project, 'pages/contact.yaml');
  const eyebrow = page.locator('#field-hero-eyebrow');
  const before = await eyebrow.inputValue();
  await project.write('pages/contact.yaml', (text) => text.replace(`eyebrow: ${before}`, 'eyebrow: Talk To Us Today'));
  await expect(eyebrow).toHaveValue('Talk To Us Today');
  await expect(page.getByText(/The file was changed on disk at .*; the form shows it as it is now/)).toBeVisible();
});

test('list items are added, removed and moved, moving by keyboard too', async ({ page }) => {
  await openFile(page, project, 'services.yaml');
  const list = page.locator('#field-services-0-whatsIncluded');
  const items = list.locator(':scope > ol > li');
  const texts = () => items.locator('input, textarea').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const original = await texts();
  expect(original.length).toBe(6);

  // Add one by mouse: it goes at the end, and the focus is in its field.
  await list.getByRole('button', { name: /^Add / }).click();
  await expect(items).toHaveCount(7);
  await expect(items.nth(6).locator('input, textarea')).toBeFocused();
  await page.keyboard.type('Free storage for a week');

  // Remove the second one.
  await items
    .nth(1)
    .getByRole('button', { name: /^Remove / })
    .click();
  await expect(items).toHaveCount(6);

  // Move the first one down twice, by keyboard: the focus follows the item.
  await items
    .nth(0)
    .getByRole('button', { name: /^Move .* down$/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(items.nth(1).getByRole('button', { name: /^Move .* down$/ })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(items.nth(2).getByRole('button', { name: /^Move .* down$/ })).toBeFocused();

  const expected = [original[2], original[3], original[0], original[4], original[5], 'Free storage for a week'];
  expect(await texts()).toEqual(expected);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at .*: \d+ lines? changed/)).toBeVisible({ timeout: SAVE_WAIT });
  const saved = await project.read('services.yaml');
  const block = saved.slice(saved.indexOf('whatsIncluded:'), saved.indexOf('keyFeatures:'));
  expect(
    block
      .split('\n')
      .filter((line) => line.trim().startsWith('- '))
      .map((line) => line.trim().slice(2)),
  ).toEqual(expected);
});

test('a photo uploaded from the computer shows in the form and, once saved with its Malayalam description, on the services pages', async ({
  page,
}, testInfo) => {
  // A phone-camera-like JPEG, made here.
  const file = testInfo.outputPath('Crew At Work.JPG');
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 30, g: 110, b: 160 } } })
    .composite([
      { input: Buffer.from('<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#f5c542"/></svg>'), top: 0, left: 0 },
    ])
    .jpeg({ quality: 80 })
    .toFile(file);

  await openFile(page, project, 'services.yaml');
  const photo = page.locator('#field-services-0-image');
  await photo.getByLabel('Or upload a new photo (JPEG, PNG, WebP or AVIF)').setInputFiles(file);
  await expect(photo.getByRole('status')).toContainText('Uploaded as content/images/crew-at-work.jpg');
  expect((await readFile(path.join(project.content, 'images/crew-at-work.jpg'))).equals(await readFile(file))).toBe(true);
  await expect(photo.getByRole('img')).toBeVisible();
  await expect(photo.getByLabel('Photo file')).toHaveValue('images/crew-at-work.jpg');

  await photo.getByLabel('Alt text: what the photo shows').fill('Our crew carrying a wrapped sofa down the stairs');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at .*: \d+ lines? changed/)).toBeVisible({ timeout: SAVE_WAIT });

  // The Malayalam pages show the photo too, described in Malayalam: the translation file asks for it.
  const malayalam = 'സോഫ പൊതിഞ്ഞ് പടികളിറക്കുന്ന ഞങ്ങളുടെ ടീം';
  await openFile(page, project, 'ml/services.yaml');
  const translated = page.locator('#field-services-0-image');
  await expect(translated).toContainText('Not translated yet');
  const add = translated.getByRole('button', { name: /^Add / });
  if (await add.isVisible()) await add.click();
  await page.locator('#field-services-0-image-alt').fill(malayalam);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at .*: \d+ lines? changed/)).toBeVisible({ timeout: SAVE_WAIT });

  const site = await page.context().newPage();
  for (const [address, alt] of [
    ['/services/', 'Our crew carrying a wrapped sofa down the stairs'],
    ['/ml/services/', malayalam],
  ] as const) {
    await site.goto(project.url(address));
    const shown = site.getByRole('img', { name: alt });
    await expect(shown).toBeVisible({ timeout: 15_000 });
    expect(await shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await site.close();
});

test('an upload that is not a picture is refused with its message, and nothing is stored', async ({ page, issues }, testInfo) => {
  issues.allow('console', /status of 415/);
  const file = testInfo.outputPath('holiday.jpg');
  await writeFile(file, 'These are not the bytes of a photo.\n');
  await openFile(page, project, 'pages/about.yaml');
  const photo = page.locator('#field-story-image');
  await photo.getByLabel('Or upload a new photo (JPEG, PNG, WebP or AVIF)').setInputFiles(file);
  const refusal = photo.getByRole('alert');
  await expect(refusal).toContainText(/JPEG/);
  expect(existsSync(path.join(project.content, 'images/holiday.jpg'))).toBe(false);
  await expect(photo.getByLabel('Photo file')).toHaveValue('');
});

test('icons are drawn beside their choice, and review dates have a date picker', async ({ page }) => {
  await openFile(page, project, 'services.yaml');
  const drawn = page.locator('#field-services-0-icon').locator('xpath=preceding-sibling::*[1]');
  const home = await drawn.innerHTML();
  expect(home).toContain('<svg');
  await page.locator('#field-services-0-icon').selectOption({ label: 'Truck' });
  await expect.poll(() => drawn.innerHTML()).not.toBe(home);
  expect(await drawn.innerHTML()).toContain('<svg');

  await openFile(page, project, 'testimonials.yaml');
  const date = page.locator('#field-testimonials-0-date');
  await expect(date).toHaveAttribute('type', 'date');
  await expect(date).toHaveValue('2026-09-21');
});

test('a translation file shows the English beside each field and marks the fields not translated yet', async ({ page }) => {
  const original = await project.read('ml/services.yaml');
  try {
    // The Malayalam tagline of the second service is taken out, as if never translated.
    await project.write('ml/services.yaml', (text) => {
      const lines = text.split('\n');
      const second = lines.findIndex((line, at) => at > lines.findIndex((l) => l.startsWith('  - ')) && line.startsWith('  - '));
      const tagline = lines.findIndex((line, at) => at > second && line.startsWith('    tagline:'));
      return lines.filter((_, at) => at !== tagline).join('\n');
    });
    await openFile(page, project, 'ml/services.yaml');
    await expect(page.locator('#field-services-0-title-english')).toContainText('Residential Moving');
    await expect(page.locator('#field-services-1-tagline-english')).toContainText('Relocate your business with minimum downtime');
    const mark = page.locator('#field-services-1-tagline-missing');
    await expect(mark).toContainText('Not translated yet');
    // Said once, in the editor's words: not again as the check's warning, with its hint about YAML.
    await expect(page.locator('#field-services-1-tagline-warnings')).toHaveCount(0);
    await expect(page.locator('#field-services-0-tagline-missing')).toHaveCount(0);
    await page.locator('#field-services-1-tagline').fill('ബിസിനസ് തടസ്സമില്ലാതെ മാറ്റുന്നു');
    await expect(mark).toHaveCount(0);
  } finally {
    await project.write('ml/services.yaml', () => original);
  }
});
