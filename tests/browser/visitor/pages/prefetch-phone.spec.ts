/**
 * On a touch phone the pages a visitor most likely opens next (the menu's links, the calls to
 * action drawn as buttons) are prefetched before any tap, and the others still wait for one.
 *
 * Chromium's "eager" waits for a short hover where a mouse is expected (its desktop builds) and,
 * on a phone, for the link to be in view a moment, or no wait at all where the phone's Chromium
 * lacks that heuristic. This test's browser is a desktop build: with the hover heuristic switched
 * off, as on Android, its "eager" is that of a phone without the view heuristic (Chromium's
 * flag for the heuristic does not act in a desktop build). A browser starts once per file, hence a
 * file of its own.
 */
import { TEST_CHROMIUM, testChromiumPath } from '../../../../scripts/chromium.mjs';
import { expect, test } from '../../fixtures.js';
import { openHome, watchPrefetches } from '../../prefetch-helpers.js';

test.use({
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  launchOptions: {
    executablePath: testChromiumPath(),
    args: [...TEST_CHROMIUM.args, '--disable-features=PreloadingEagerHoverHeuristics'],
    ignoreDefaultArgs: [...TEST_CHROMIUM.ignoreDefaultArgs],
  },
});

test('a touch phone has the menu’s pages and the quote form before the tap, and the tap on Services shows the prefetched page', async ({
  page,
}) => {
  const prefetches = await watchPrefetches(page);
  const services = prefetches.sent('/services/');
  const contact = prefetches.sent('/contact/');
  await openHome(page);
  // No finger has touched the page yet.
  await Promise.all([services, contact]);
  await page.getByRole('button', { name: 'Open menu' }).tap();
  const link = page.locator('[data-menu]').getByRole('link', { name: 'Services', exact: true });
  await expect(link).toBeInViewport();
  // The other language and the footer's privacy notice wait for a tap; the page itself is never fetched again.
  const beforeTap = [...prefetches.paths];
  expect(beforeTap).not.toContain('/ml/');
  expect(beforeTap).not.toContain('/privacy/');
  expect(beforeTap).not.toContain('/');
  const used = prefetches.used('/services/');
  await link.tap();
  await used;
  await expect(page).toHaveURL(/\/services\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
