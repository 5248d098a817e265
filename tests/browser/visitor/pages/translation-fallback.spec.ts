/**
 * The Malayalam pages after English edits not translated yet (a seventh service, the reviews
 * taken out, a photo beside the home page's title): the English texts show,
 * marked as English (screen readers switch voice), and the pages stay free of axe violations at phone and desktop width.
 * The site is built here from the frozen sample with those edits and served on its own port.
 */
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { main } from '../../../../bin/cli.js';
import { startPreview } from '../../../../generator/serve/preview.js';
import { contentWithFixture } from '../../../helpers/content.js';
import { applyEnglishOnlyEdits, type EnglishOnlyEdits } from '../../../helpers/operator-edits.js';
import { testPhoto } from '../../../helpers/photos.js';
import { expect, test } from '../../fixtures.js';
import { settle } from '../../helpers.js';

let project: string;
let edits: EnglishOnlyEdits;
let site: { url: string; close(): Promise<void> };

test.beforeAll(async () => {
  project = await contentWithFixture();
  edits = await applyEnglishOnlyEdits(path.join(project, 'content'), await testPhoto('hero'));
  const errors: string[] = [];
  const code = await main(['build', '--content', 'content', '--out', 'dist'], {
    cwd: project,
    out: () => {},
    err: (text) => errors.push(text),
  });
  if (code !== 0) throw new Error(`The edited sample did not build:\n${errors.join('\n')}`);
  site = await startPreview({ dir: path.join(project, 'dist'), port: 0, host: '127.0.0.1' });
});
test.afterAll(async () => {
  await site?.close();
  await rm(project, { recursive: true, force: true });
});

const at = (route: string) => new URL(route, site.url).href;

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    test.use({ viewport });

    for (const route of ['/ml/', '/ml/services/', '/ml/contact/']) {
      test(`${route} with English texts has no axe violations`, async ({ page }) => {
        await page.goto(at(route));
        // Text still fading in reads as too faint: axe looks at the page as it comes to rest.
        await settle(page);
        const results = await new AxeBuilder({ page }).analyze();
        const found = results.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(found, found.join('\n')).toEqual([]);
      });
    }
  });
}

test('the new service reads in English inside the Malayalam page, its language said', async ({ page }) => {
  await page.goto(at('/ml/services/'));
  const title = page.getByRole('heading', { level: 2, name: edits.newService.title });
  await expect(title).toBeVisible();
  const english = title.locator('[lang="en"]');
  await expect(english).toHaveText(edits.newService.title);
  // What a screen reader reads it in: the nearest language given around the text.
  expect(await english.evaluate((element) => element.closest('[lang]')!.getAttribute('lang'))).toBe('en');
  const malayalam = page.getByRole('heading', { level: 2, name: 'വീട് ഷിഫ്റ്റിംഗ്' });
  await expect(malayalam).toBeVisible();
});

test('the home page shows the photo, described in English, and no reviews section', async ({ page }) => {
  await page.goto(at('/ml/'));
  const photo = page.getByRole('img', { name: edits.heroPhoto.alt });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('lang', 'en');
  await expect(page.locator('#testimonials')).toHaveCount(0);
});
