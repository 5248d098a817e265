/**
 * The company's details: its logo uploaded as a photo is, and with more than one office, each
 * office's hours in one press, map positions typed the same way for every office, and problem
 * links that name an office as the form labels it.
 */
import sharp from 'sharp';
import { expect as baseExpect, test } from '../fixtures.js';
import { openFile, startEditorProject, type EditorProject } from '../editor-helpers.js';

// Each step waits for the server's check of the whole content (a second or more on a busy machine).
const expect = baseExpect.configure({ timeout: 20_000 });

let project: EditorProject;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const BRANCH = `offices:
  - id: kozhikode
    label: Kozhikode branch
    address:
      street: 4 Beach Road
      city: Kozhikode
      region: Kerala
      postalCode: "673032"
      country: IN
    hours: Mon-Fri 9AM-6PM
    openingHours:
      days: [Mo, Tu, We, Th, Fr]
      opens: "09:00"
      closes: "18:00"
    mapEmbedUrl: https://www.openstreetmap.org/export/embed.html?bbox=75.76%2C11.26%2C75.78%2C11.27&layer=mapnik
    directionsUrl: https://www.openstreetmap.org/?mlat=11.26543&mlon=75.77012
    geo:
      latitude: 11.26543
      longitude: 75.77012

`;

test.beforeAll(async () => {
  project = await startEditorProject();
  await project.write('site.yaml', (text) => text.replace(/^social:/m, `${BRANCH}social:`));
});

test.afterAll(async () => {
  await project?.close();
});

const saved = (page: import('@playwright/test').Page) => expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();

test('a second office’s hours took six “Add day” presses: one press makes them the main office’s', async ({ page }) => {
  await openFile(page, project, 'site.yaml');
  const office = page.locator('#field-offices-0');
  await office.getByRole('button', { name: /^Same hours as the main office/ }).click();
  await expect(office.getByText(/^Opening hours: the same as the main office’s \(Mon-Sat 8AM-8PM/)).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await office.getByText(/^Opening hours: the same/).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`same-hours-${width}.png`) });
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved(page);
  const text = await project.read('site.yaml');
  const branch = text.slice(text.indexOf('  - id: kozhikode'), text.indexOf('\nsocial:'));
  expect(branch).not.toMatch(/^ +(hours|openingHours|opens|days):/m);

  // Hours of its own start from the main office's, to change where they differ.
  await office.getByRole('button', { name: 'Add opening hours' }).click();
  await expect(office.getByRole('combobox', { name: 'Day 6' })).toHaveValue('Sa');
  await expect(office.getByRole('textbox', { name: 'Opens' })).toHaveValue('08:00');
});

test('an added office’s map position lost a typed trailing zero (76.59330 read as "76.5933 has 4"): it keeps the digits typed, as the main office’s does', async ({
  page,
}) => {
  await openFile(page, project, 'site.yaml');
  await page.getByRole('button', { name: 'Add office' }).click();
  const longitude = page.locator('#field-offices-1-geo-longitude');
  const latitude = page.locator('#field-offices-1-geo-latitude');
  // A map position is an optional group in a new office until it is added.
  const addGeo = page.locator('#field-offices-1').getByRole('button', { name: 'Add map position' });
  if (await addGeo.count()) await addGeo.click();
  await latitude.fill('11.25880');
  await longitude.fill('76.59330');
  await expect(page.getByRole('status').filter({ hasText: /problems? to fix before saving/ })).toBeVisible();
  await expect(page.getByText(/76\.5933 has 4|11\.2588 has 4/)).toHaveCount(0);
  await expect(longitude).toHaveValue('76.59330');
});

test('problem links named an office one too high (“Office 2 › Map position” on office 1): the link names it as the form does and lands on the field', async ({
  page,
}) => {
  await openFile(page, project, 'site.yaml');
  const latitude = page.locator('#field-offices-0-geo-latitude');
  await latitude.fill('11.2654');
  const link = page.locator('.check-summary .problem-list a').filter({ hasText: /^Office 1 › Map position › Latitude$/ });
  await expect(link).toBeVisible();
  await expect(page.locator('.check-summary .problem-list a').filter({ hasText: /Office 2/ })).toHaveCount(0);
  await link.click();
  await expect(page).toHaveURL(/#field-offices-0-geo-latitude$/);
  await expect(page.locator(':target')).toHaveAttribute('id', 'field-offices-0-geo-latitude');
});

test('the logo was a text box with no upload and the preview drew the stock mark: it uploads like a photo, and the preview shows the company’s logo', async ({
  page,
}, testInfo) => {
  const file = testInfo.outputPath('Our Logo.png');
  await sharp({ create: { width: 600, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: Buffer.from('<svg width="600" height="600"><circle cx="300" cy="300" r="280" fill="#c0392b"/></svg>'), top: 0, left: 0 },
    ])
    .png()
    .toFile(file);
  await openFile(page, project, 'site.yaml');
  // The sample names no brand: the company's colours and logo are added as a group.
  await page.getByRole('button', { name: 'Add brand' }).click();
  const logo = page.locator('#field-brand-logo-picture');
  await expect(logo.getByRole('textbox')).toHaveCount(0);
  await logo.getByLabel('Or upload a new logo (PNG or JPEG)').setInputFiles(file);
  await expect(logo.getByRole('status')).toContainText('Uploaded as content/images/our-logo.png');
  await expect(logo.getByLabel('Logo file')).toHaveValue('images/our-logo.png');
  await expect(logo.getByRole('img')).toBeVisible();
  const preview = page.frameLocator('iframe[title^="Preview"]');
  await expect(preview.locator('header img.logo-mark').first()).toHaveAttribute('src', /^\/__edit\/preview\/assets\/logo\.[0-9a-f]+\.png$/);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await logo.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`logo-${width}.png`) });
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved(page);
  expect(await project.read('site.yaml')).toMatch(/^brand:\n {2}logo: images\/our-logo\.png$/m);
});
