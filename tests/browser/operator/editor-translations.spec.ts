/**
 * A translator in the editor after the English changed: the Malayalam field is marked "English
 * changed" with the English it was made from and the English now, and the mark goes when the
 * field is saved or marked "Translation still right"; Add in a Malayalam list writes the id of
 * the English item it translates.
 */
import { parse } from 'yaml';
import { expectNoAxeViolations } from '../axe.js';
import { expect as baseExpect, test } from '../fixtures.js';
import { openFile, startEditorProject, type EditorProject } from '../editor-helpers.js';

// Each step waits for the server's check of the whole content (a second or more on a busy machine).
const expect = baseExpect.configure({ timeout: 15_000 });
const SAVE_WAIT = 20_000;

let project: EditorProject;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  project = await startEditorProject();
  // The English changes after the Malayalam was written: the heading and the page's description.
  await project.write('pages/not-found.yaml', (text) =>
    text
      .replace('title: Sorry, We Could Not Find That Page', 'title: Sorry, That Page Is Not Here')
      .replace('Return to our home page', 'Go back to our home page'),
  );
});

test.afterAll(async () => {
  await project?.close();
});

const recorded = async (file: string) =>
  (parse(await project.read('ml/translated-from.yaml')) as Record<string, Record<string, string>>)[file]!;

test('a Malayalam field whose English changed is marked with both Englishes, and saving it takes the mark away', async ({
  page,
}, testInfo) => {
  await openFile(page, project, 'ml/pages/not-found.yaml');
  await expect(page.getByText('2 texts were translated from English that has changed since, marked “English changed”')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('banner.png') });
  const mark = page.locator('#field-heading-title-outdated');
  await expect(mark).toContainText('English changed');
  await expect(mark.locator('q').first()).toHaveText('Sorry, We Could Not Find That Page');
  await expect(mark.locator('q').nth(1)).toHaveText('Sorry, That Page Is Not Here');
  // The field's screen reader description includes the mark.
  await expect(page.locator('#field-heading-title')).toHaveAttribute('aria-describedby', /field-heading-title-outdated/);
  // A field whose English did not change has no mark.
  await expect(page.locator('#field-heading-intro-outdated')).toHaveCount(0);

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await mark.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`english-changed-${width}.png`) });
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }));
    expect(widths.page, 'the page is no wider than the screen').toBeLessThanOrEqual(widths.screen);
  }
  // The preview frame is the site itself, which accessibility.spec.ts checks page by page.
  await expectNoAxeViolations(page, (axe) => axe.exclude('iframe'));

  await page.locator('#field-heading-title').fill('ക്ഷമിക്കണം, ആ പേജ് ഇവിടെയില്ല');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at .*: 1 line changed/)).toBeVisible({ timeout: SAVE_WAIT });
  await expect(mark).toHaveCount(0);
  await expect(page.getByText('1 text was translated from English that has changed since')).toBeVisible();
  expect((await recorded('pages/not-found.yaml'))['heading.title']).toBe('Sorry, That Page Is Not Here');
  // The other one is still marked: saving the file did not review a text nobody touched.
  await expect(page.locator('#field-seo-description-outdated')).toBeVisible();
});

test('"Translation still right" takes the mark away without changing the Malayalam', async ({ page }) => {
  const before = await project.read('ml/pages/not-found.yaml');
  await openFile(page, project, 'ml/pages/not-found.yaml');
  const mark = page.locator('#field-seo-description-outdated');
  await expect(mark).toBeVisible();
  await mark.getByRole('button', { name: 'Translation still right' }).click();
  await expect(mark).toHaveCount(0);
  await expect(page.getByText(/translated from English that has changed since/)).toHaveCount(0);
  expect(await project.read('ml/pages/not-found.yaml')).toBe(before);
  expect((await recorded('pages/not-found.yaml'))['seo.description']).toContain('Go back to our home page');
  // The English is shown again as for any other field.
  await expect(page.locator('#field-seo-description-english')).toContainText('Go back to our home page');
});

test('Add in a Malayalam list writes the id of the English item it translates', async ({ page }) => {
  // The last quick action is not translated yet.
  await project.write('ml/whatsapp.yaml', (text) => text.replace(/ {2}- id: general\n(?: {4}.*\n)+/, ''));
  await openFile(page, project, 'ml/whatsapp.yaml');
  await page.getByRole('button', { name: /^Add / }).first().click();
  await page.locator('#field-actions-3-title').fill('മറ്റ് സംശയങ്ങൾ');
  await page.locator('#field-actions-3-message').fill('നമസ്കാരം! ഒരു സംശയം ചോദിക്കാനുണ്ട്.');
  await expect(page.locator('#field-actions-3-title-english')).toContainText('General Inquiry');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at/)).toBeVisible({ timeout: SAVE_WAIT });
  const saved = parse(await project.read('ml/whatsapp.yaml')) as { actions: { id?: string; title: string }[] };
  expect(saved.actions.at(-1)).toEqual({ id: 'general', title: 'മറ്റ് സംശയങ്ങൾ', message: 'നമസ്കാരം! ഒരു സംശയം ചോദിക്കാനുണ്ട്.' });
  expect((await recorded('whatsapp.yaml'))['actions[general].title']).toBe('General Inquiry');
});
