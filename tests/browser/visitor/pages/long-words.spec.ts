/**
 * Malayalam joins words into long compounds: one of them in a card or a heading must wrap, not
 * push the page wider than a phone (/ml/ was 366 px wide at 360 px for one word in the home
 * page's points card). The site is built from the frozen sample with tests/fixtures/long-malayalam-words
 * (its Malayalam texts' neighbouring words joined into compounds of up to about 40 letters),
 * drawn in the phone's Noto Sans Malayalam, and every page of both languages is held to the window.
 */
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { main } from '../../../../bin/cli.js';
import { startPreview } from '../../../../generator/serve/preview.js';
import { contentWithFixture } from '../../../helpers/content.js';
import { expect, test } from '../../fixtures.js';
import { FOOTER_ROUTES, MALAYALAM_ROUTES, ROUTES, settle } from '../../helpers.js';

let project: string;
let site: { url: string; close(): Promise<void> };

test.beforeAll(async () => {
  project = await contentWithFixture('long-malayalam-words');
  const errors: string[] = [];
  const code = await main(['build', '--content', 'content', '--out', 'dist'], {
    cwd: project,
    out: () => {},
    err: (text) => errors.push(text),
  });
  if (code !== 0) throw new Error(`The sample with long Malayalam words did not build:\n${errors.join('\n')}`);
  site = await startPreview({ dir: path.join(project, 'dist'), port: 0, host: '127.0.0.1' });
});
test.afterAll(async () => {
  await site?.close();
  await rm(project, { recursive: true, force: true });
});

const at = (route: string) => new URL(route, site.url).href;
const PAGES = [
  ...ROUTES.map((route) => route.path),
  ...FOOTER_ROUTES.map((route) => route.path),
  '/404.html',
  ...MALAYALAM_ROUTES.map((route) => route.path),
  '/ml/404.html',
];

for (const width of [320, 360]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: 740 } });

    for (const route of PAGES) {
      test(`${route} is no wider than the window (regression: /ml/ 366 px wide at 360 px)`, async ({ page }, testInfo) => {
        await page.goto(at(route));
        await settle(page);
        if (route.startsWith('/ml/')) {
          // Drawn in the phone's Malayalam font, as the width depends on it.
          expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Malayalam"', 'മലയാളം'))).toBe(true);
          expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Noto Sans Malayalam"?/);
        }
        const wide = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          window: document.documentElement.clientWidth,
          // What sticks out, to say where to look when it fails.
          out: [...document.querySelectorAll('body *')]
            .filter(
              (element) =>
                element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 && element.getClientRects().length > 0,
            )
            .filter(
              (element) =>
                getComputedStyle(element).visibility !== 'hidden' && !element.closest('[hidden], [aria-hidden="true"], #site-menu'),
            )
            .slice(0, 5)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 40)}"`),
        }));
        expect(wide.page, `${route} at ${width} px: ${wide.out.join('; ')}`).toBeLessThanOrEqual(wide.window);
        if (width === 320 && (route === '/ml/' || route === '/ml/about')) {
          // Kept beside the test's other output, to look at how the long words break.
          const file = testInfo.outputPath(`${route.replaceAll('/', '-').replace(/^-|-$/g, '')}-320.png`);
          await page.screenshot({ path: file, fullPage: true });
          await testInfo.attach('page at 320 px', { path: file, contentType: 'image/png' });
        }
      });
    }
  });
}
