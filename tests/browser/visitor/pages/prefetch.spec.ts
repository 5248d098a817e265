/**
 * The next page is fetched before the tap: the page's speculation rules have Chromium prefetch a
 * link to another of the site's pages as soon as the visitor shows intent for it, and nothing on
 * Save-Data (client/prefetch.ts withdraws the rules).
 *
 * The links likely to be taken next are prefetched sooner on a phone: prefetch-phone.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { DESKTOP } from '../../helpers.js';
import { openHome, watchPrefetches } from '../../prefetch-helpers.js';

test.use({ viewport: DESKTOP });

const navLink = (page: Page, name: string) => page.getByRole('banner').getByRole('navigation').getByRole('link', { name, exact: true });

test('resting the pointer on Services prefetches /services/ before the click, and the click shows the prefetched page', async ({
  page,
}) => {
  const prefetches = await watchPrefetches(page);
  await openHome(page);
  const prefetched = prefetches.sent('/services/');
  await navLink(page, 'Services').hover();
  await prefetched;
  const used = prefetches.used('/services/');
  await navLink(page, 'Services').click();
  await used;
  await expect(page).toHaveURL(/\/services\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(prefetches.paths).toEqual(['/services/']);
});

test('pressing on Contact prefetches /contact/ before the button comes up', async ({ page }) => {
  const prefetches = await watchPrefetches(page);
  await openHome(page);
  const box = (await navLink(page, 'Contact Us').boundingBox())!;
  const prefetched = prefetches.sent('/contact/');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await prefetched;
  await page.mouse.up();
  await expect(page).toHaveURL(/\/contact\/$/);
});

test('on Save-Data nothing is prefetched: the tap on Services fetches the page itself', async ({ page }) => {
  const prefetches = await watchPrefetches(page);
  await prefetches.devtools.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  await openHome(page);
  expect(await page.evaluate(() => (navigator as Navigator & { connection: { saveData: boolean } }).connection.saveData)).toBe(true);
  await expect(page.locator('script[type="speculationrules"]')).toHaveCount(0);
  // The same rest and press that prefetch a page above, then the navigation they would have sped up.
  await navLink(page, 'Services').hover();
  await navLink(page, 'Services').click();
  await expect(page).toHaveURL(/\/services\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(prefetches.paths).toEqual([]);
});
