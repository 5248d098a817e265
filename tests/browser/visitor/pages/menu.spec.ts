/** The header's mobile menu at phone width. */
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { MOBILE, NAV_LABELS } from '../../helpers.js';

test.use({ viewport: MOBILE });

const menuToggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Open|Close) menu$/ });
const navLink = (page: Page, name: string) => page.getByRole('banner').getByRole('navigation').getByRole('link', { name, exact: true });

async function openMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  for (const label of NAV_LABELS) await expect(navLink(page, label)).toBeVisible();
}

async function expectClosed(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  for (const label of NAV_LABELS) await expect(navLink(page, label)).toBeHidden();
}

test('the menu starts closed, with its links hidden', async ({ page }) => {
  await page.goto('/about/');
  await expectClosed(page);
});

test('the closed drawer, laid out ahead once the page is idle, stays hidden, its links out of the Tab order', async ({ page }) => {
  await page.goto('/about/');
  await expect(page.locator('[data-menu]')).toHaveAttribute('data-drawn', '');
  await expectClosed(page);
  await page.keyboard.press('Tab');
  const focused = () => page.evaluate(() => document.activeElement?.closest('[data-menu]') !== null);
  for (let step = 0; step < 6; step += 1) {
    expect(await focused()).toBe(false);
    await page.keyboard.press('Tab');
  }
});

test('the toggle opens the menu and closes it again', async ({ page }) => {
  await page.goto('/about/');
  await openMenu(page);
  await expect(navLink(page, 'About')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get In Touch' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expectClosed(page);
});

test('clicking the overlay beside the menu closes it', async ({ page }) => {
  await page.goto('/about/');
  await openMenu(page);
  // A person taps the dimmed page beside the menu panel: find a spot outside the panel and the header bar.
  const panel = await page.getByRole('banner').getByRole('navigation').boundingBox();
  const bar = await menuToggle(page).boundingBox();
  expect(panel, 'the open menu panel has a box').not.toBeNull();
  const candidates = [
    { x: 12, y: MOBILE.height / 2 },
    { x: MOBILE.width - 12, y: MOBILE.height / 2 },
    { x: MOBILE.width / 2, y: MOBILE.height - 12 },
  ];
  const inside = (point: { x: number; y: number }, box: { x: number; y: number; width: number; height: number } | null) =>
    box !== null && point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
  const spot = candidates.find((point) => !inside(point, panel) && !inside(point, bar));
  expect(spot, `some of the screen is left beside the menu panel (panel ${JSON.stringify(panel)})`).toBeDefined();
  await page.mouse.click(spot!.x, spot!.y);
  await expectClosed(page);
  await expect(page).toHaveURL('/about/');
});

test('Escape closes the menu and gives focus back to the toggle', async ({ page }) => {
  await page.goto('/');
  await openMenu(page);
  await page.keyboard.press('Escape');
  await expectClosed(page);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('a link in the menu closes it and goes to its page', async ({ page }) => {
  await page.goto('/');
  await openMenu(page);
  // The page being left cannot be read once its navigation is under way (Playwright waits for
  // it), so it notes the menu's state after the click has been handled, in sessionStorage, which
  // the next page of the same origin can read. (It matters when Back shows the old page again.)
  await page.evaluate(() => {
    document.addEventListener('click', () => {
      const toggle = document.querySelector('[aria-controls="site-menu"]');
      sessionStorage.setItem('menu-when-leaving', toggle?.getAttribute('aria-expanded') ?? 'missing');
    });
  });
  await navLink(page, 'Services').click();
  await expect(page).toHaveURL('/services/');
  expect(await page.evaluate(() => sessionStorage.getItem('menu-when-leaving'))).toBe('false');
  await expectClosed(page);
  const closedNav = page.getByRole('banner').getByRole('navigation', { includeHidden: true });
  await expect(closedNav.getByRole('link', { name: 'Services', exact: true, includeHidden: true })).toHaveAttribute('aria-current', 'page');
});
