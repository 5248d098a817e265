/**
 * Each band of a page and the footer paints on its own (templates/styles/layout.css), so what a
 * tap or a keystroke changes inside one band is repainted without the rest of the page. A band
 * that lost it would still look the same; only a slow phone would feel each keystroke again.
 */
import { expect, test } from '../../fixtures.js';
import { FOOTER_ROUTES, MALAYALAM_ROUTES, MOBILE, ROUTES } from '../../helpers.js';

test.use({ viewport: MOBILE });

for (const route of [...ROUTES, ...FOOTER_ROUTES, ...MALAYALAM_ROUTES]) {
  test(`${route.path}: every band of the page and the footer paint on their own`, async ({ page }) => {
    await page.goto(route.path);
    const bands = await page.evaluate(() =>
      [...document.querySelectorAll('main > *, .site-footer')].map((band) => ({
        band: `${band.localName}.${[...band.classList].join('.')}`,
        isolation: getComputedStyle(band).isolation,
      })),
    );
    expect(bands.length).toBeGreaterThan(1);
    expect(bands.filter(({ isolation }) => isolation !== 'isolate')).toEqual([]);
  });
}
