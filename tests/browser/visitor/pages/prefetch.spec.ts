/**
 * The next page is fetched before the tap: the page's speculation rules have Chromium prefetch a
 * link to another of the site's pages as soon as the visitor shows intent for it, and nothing on
 * Save-Data (client/prefetch.ts withdraws the rules).
 *
 * Chromium makes these requests itself, outside the page, so Playwright's request events (which the
 * fixtures' routing replaces) do not show them; the DevTools protocol's network events do.
 */
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { DESKTOP } from '../../helpers.js';

test.use({ viewport: DESKTOP });

const navLink = (page: Page, name: string) => page.getByRole('banner').getByRole('navigation').getByRole('link', { name, exact: true });

interface SentRequest {
  type?: string;
  request: { url: string };
}

interface PrefetchStatus {
  prefetchUrl: string;
  prefetchStatus?: string;
}

/**
 * Every prefetch the browser sends for the page, by path, a way to wait for one, and a way to wait
 * for a navigation to take a prefetched response.
 */
async function watchPrefetches(page: Page): Promise<{ devtools: CDPSession; paths: string[]; sent: (path: string) => Promise<void>; used: (path: string) => Promise<void> }> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Preload.enable');
  const paths: string[] = [];
  const waiting = new Map<string, () => void>();
  devtools.on('Network.requestWillBeSent', (event: SentRequest) => {
    if (event.type !== 'Prefetch') return;
    const path = new URL(event.request.url).pathname;
    paths.push(path);
    waiting.get(path)?.();
  });
  const sent = (path: string) => (paths.includes(path) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(path, resolve)));
  const used = (path: string) =>
    new Promise<void>((resolve) =>
      devtools.on('Preload.prefetchStatusUpdated', (event: PrefetchStatus) => {
        if (event.prefetchStatus === 'PrefetchResponseUsed' && new URL(event.prefetchUrl).pathname === path) resolve();
      }),
    );
  return { devtools, paths, sent, used };
}

/** The home page with its script run (on Save-Data it withdraws the rules before the visitor can point at anything). */
async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.waitForFunction(() => document.readyState === 'complete');
}

test('resting the pointer on Services prefetches /services/ before the click, and the click shows the prefetched page', async ({ page }) => {
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
