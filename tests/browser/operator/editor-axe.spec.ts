/**
 * The editor's pages under axe-core, at phone and desktop width, and their layout: at 375 px the
 * form sits above the preview with nothing wider than the screen; at 1280 px they are side by side.
 */
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe.js';
import { expect as baseExpect, test } from '../fixtures.js';
import { DESKTOP, MOBILE } from '../helpers.js';
import { openFile, startEditorProject, type EditorProject } from '../editor-helpers.js';

// Each step waits for the server's check of the whole content (a second or more on a busy machine).
const expect = baseExpect.configure({ timeout: 15_000 });

let project: EditorProject;

// The services form is long (six services, every field of each): axe takes a while over it on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  project = await startEditorProject();
});

test.afterAll(async () => {
  await project?.close();
});

async function expectNoViolations(page: Page): Promise<void> {
  // The preview frame is the site itself, which accessibility.spec.ts checks page by page.
  await expectNoAxeViolations(page, (axe) => axe.exclude('iframe'));
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.page, 'the page is no wider than the screen').toBeLessThanOrEqual(widths.screen);
}

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('the list of files has no axe violations', async ({ page }) => {
      await page.goto(project.url('/__edit'));
      await expect(page.getByRole('region', { name: 'Publish' }).getByRole('button', { name: 'Publish' })).toBeVisible();
      await expectNoViolations(page);
      await expectNoSidewaysScroll(page);
    });

    test('a file with problems showing has no axe violations', async ({ page }) => {
      await openFile(page, project, 'services.yaml');
      await page.locator('#field-services-0-title').fill('');
      await expect(page.locator('#field-services-0-title')).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page);
      await expectNoSidewaysScroll(page);
      const form = await page.locator('section.form').boundingBox();
      const preview = await page.locator('section.preview').boundingBox();
      if (viewport.width < 1000) expect(preview!.y, 'the preview is below the form').toBeGreaterThanOrEqual(form!.y + form!.height - 1);
      else expect(preview!.x, 'the preview is beside the form').toBeGreaterThanOrEqual(form!.x + form!.width - 1);
    });

    test('a translation file, with the English beside each field, has no axe violations', async ({ page }) => {
      await openFile(page, project, 'ml/services.yaml');
      await expect(page.locator('#field-services-0-title-english')).toContainText('Residential Moving');
      await expectNoViolations(page);
      await expectNoSidewaysScroll(page);
    });
  });
}

/** Buttons, boxes, lists and standalone links shorter than 44 px, a finger's width (links inside a sentence excepted). */
async function shortTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'button, select, textarea, input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), .files a, .jump a',
      ),
    ]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height < 44 && !element.closest('iframe');
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${(element.textContent || (element as HTMLInputElement).value || element.id).trim().slice(0, 40)}" ${Math.round(element.getBoundingClientRect().height)} px`,
      ),
  );
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('buttons, boxes and the file links were 22 to 40 px tall (Up, Down and Remove 36 px), under a finger’s 44: each is 44 px at least', async ({
    page,
  }) => {
    await page.goto(project.url('/__edit'));
    await expect(page.getByRole('region', { name: 'Publish' }).getByRole('button', { name: 'Publish' })).toBeVisible();
    expect(await shortTargets(page)).toEqual([]);
    await openFile(page, project, 'services.yaml');
    await expect(page.locator('#field-services-0-title')).toBeVisible();
    expect(await shortTargets(page)).toEqual([]);
  });
});
