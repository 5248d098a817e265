/**
 * What the editor keeps of what the owner meant: a price typed as "Rs. 12,999" is saved as 12999;
 * a map position typed with a fifth decimal of 0 keeps it, and pasted as Google Maps copies it
 * fills both its numbers; a sample value replaced and saved loses
 * its placeholder warning and its PLACEHOLDER comment; a file with a YAML mistake opens as its
 * text, with the mistake at its line, and is mended there until the form comes back.
 */
import { expect as baseExpect, test } from '../fixtures.js';
import { openFile, startEditorProject, type EditorProject } from '../editor-helpers.js';

// Each step waits for the server's check of the whole content (a second or more on a busy machine).
const expect = baseExpect.configure({ timeout: 20_000 });

let project: EditorProject;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  project = await startEditorProject();
});

test.afterAll(async () => {
  await project?.close();
});

const saved = (page: import('@playwright/test').Page) => expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();

test('a price typed as "Rs. 12,999" is shown as ₹12,999 and saved as 12999', async ({ page }) => {
  await openFile(page, project, 'services.yaml');
  const price = page.getByRole('textbox', { name: 'Starting' }).first();
  await price.fill('');
  await price.pressSequentially('Rs. 12,999');
  await expect(price).toHaveValue('Rs. 12,999');
  await expect(page.locator(`output[for="${await price.getAttribute('id')}"]`)).toHaveText('Shown as ₹12,999');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved(page);
  expect(await project.read('services.yaml')).toMatch(/^ {6}starting: 12999$/m);
});

test('a price that cannot be read for sure is refused at its field, in words, before anything is saved', async ({ page }) => {
  const before = await project.read('services.yaml');
  await openFile(page, project, 'services.yaml');
  const price = page.getByRole('textbox', { name: 'Starting' }).first();
  await price.fill('12.999');
  await expect(page.getByText(/Starting needs a whole number of rupees; "12\.999" cannot be read as one/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Not saved/ })).toBeVisible();
  expect(await project.read('services.yaml')).toBe(before);
});

test('a sample value replaced and saved is no longer a placeholder, and its PLACEHOLDER comment is gone', async ({ page }) => {
  await openFile(page, project, 'site.yaml');
  // At the field itself (the list at the top is folded).
  await expect(page.getByText('Replace the sample value in Company › Name with the company’s own.').locator('visible=true')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('placeholder-warning.png') });
  await page.locator('#field-company-name').fill('Nila Packers and Movers');
  await page.locator('#field-contact-geo-latitude').fill('10.52760');
  await expect(page.getByText('Replace the sample value in Company › Name')).toHaveCount(0);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`placeholder-replaced-${width}.png`) });
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved(page);
  const text = await project.read('site.yaml');
  expect(text).toContain('  name: Nila Packers and Movers');
  expect(text).not.toContain('replace with the real company name');
  expect(text).toMatch(/^ {4}latitude: 10\.52760$/m);
  await expect(page.getByText(/A latitude needs at least 5 digits/)).toHaveCount(0);
});

/** Pastes text from the clipboard into a box as the owner does: focus, select all, paste. */
async function paste(page: import('@playwright/test').Page, box: import('@playwright/test').Locator, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
  await box.focus();
  await box.press('ControlOrMeta+A');
  await box.press('ControlOrMeta+V');
}

test('the map position as Google Maps copies it ("10.01234, 76.29876") was squashed into the latitude: a pasted pair fills both boxes', async ({
  page,
}) => {
  await openFile(page, project, 'site.yaml');
  const latitude = page.locator('#field-contact-geo-latitude');
  const longitude = page.locator('#field-contact-geo-longitude');
  await paste(page, latitude, '10.01234, 76.29876');
  await expect(latitude).toHaveValue('10.01234');
  await expect(longitude).toHaveValue('76.29876');
  // Into the longitude's box too, the pair is latitude first, as Google Maps gives it.
  await paste(page, longitude, '9.98760,76.28540');
  await expect(latitude).toHaveValue('9.98760');
  await expect(longitude).toHaveValue('76.28540');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved(page);
  const text = await project.read('site.yaml');
  expect(text).toMatch(/^ {4}latitude: 9\.98760$/m);
  expect(text).toMatch(/^ {4}longitude: 76\.28540$/m);
});

test('a paste into a map position that is neither a number nor a pair is refused at the field, in words, and changes nothing', async ({
  page,
}) => {
  await openFile(page, project, 'site.yaml');
  const latitude = page.locator('#field-contact-geo-latitude');
  const before = await latitude.inputValue();
  await paste(page, latitude, 'Edappally, Kochi');
  const refusal = page.getByRole('alert').filter({ hasText: /^Latitude was not changed: “Edappally, Kochi” is not a number\./ });
  await expect(refusal).toBeVisible();
  await expect(latitude).toHaveValue(before);
  await expect(latitude).toHaveAttribute('aria-describedby', new RegExp(`${await refusal.getAttribute('id')}$`));
  // Typing in the box again takes the refusal away.
  await latitude.fill('10.02581');
  await expect(refusal).toHaveCount(0);
});

test('a file with a YAML mistake opens as its text with the mistake located, is mended there, and the form comes back', async ({
  page,
}) => {
  const good = await project.read('whatsapp.yaml');
  await project.write('whatsapp.yaml', (text) => text.replace(/^title: (.*)$/m, 'title: "$1'));
  const line = (await project.read('whatsapp.yaml')).split('\n').findIndex((row) => row.startsWith('title: "')) + 1;
  await page.goto(project.url('/__edit/whatsapp.yaml'));
  const box = page.getByRole('textbox', { name: 'Text of content/whatsapp.yaml' });
  await expect(box).toBeVisible();
  // Where on the line the parser notices the open quote depends on what follows it in the file.
  const located = page.getByRole('button', { name: new RegExp(`^Line ${line}, column \\d+$`) });
  await expect(located).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`text-mode-${width}.png`), fullPage: true });
  }
  await located.click();
  await expect(box).toBeFocused();
  await box.fill(good);
  await page.getByRole('button', { name: 'Save the text' }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  expect(await project.read('whatsapp.yaml')).toBe(good);
});
