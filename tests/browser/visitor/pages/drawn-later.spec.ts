/**
 * The parts of a page below its first screen are left out of the page's first layout
 * (templates/styles/offscreen.css) and drawn afterwards: by the client, one per idle moment once
 * the page has loaded, or, without JavaScript, by the browser as the visitor scrolls to them.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { FOOTER_ROUTES, MALAYALAM_ROUTES, MOBILE, ROUTES } from '../../helpers.js';

/** For each part drawn later (main's parts after the hero, a list's entries after its first, and the footer): whether the browser has drawn it. */
function drawnParts(page: Page): Promise<boolean[]> {
  return page.evaluate(() => {
    const parts = [...document.querySelectorAll('[data-later="after-first"] > :not(:first-child), [data-later="self"]')];
    // A part the browser skips renders none of its contents.
    return parts.map((part) => (part.firstElementChild ?? part).checkVisibility({ contentVisibilityAuto: true }));
  });
}

test.use({ viewport: MOBILE });

for (const route of [...ROUTES, ...FOOTER_ROUTES, ...MALAYALAM_ROUTES]) {
  test(`${route.path}: every part of the page is drawn once it has loaded`, async ({ page }) => {
    await page.goto(route.path);
    await expect.poll(() => drawnParts(page)).not.toContain(false);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer is drawn when the visitor scrolls to it, not before', async ({ page }) => {
    await page.goto('/services/');
    const footer = page.getByRole('contentinfo');
    const drawn = () => footer.evaluate((element) => element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
    expect(await drawn()).toBe(false);
    await footer.getByRole('link', { name: 'Privacy', exact: false }).first().scrollIntoViewIfNeeded();
    await expect.poll(drawn).toBe(true);
    await expect(footer.getByRole('link', { name: 'Privacy', exact: false }).first()).toBeVisible();
  });
});
