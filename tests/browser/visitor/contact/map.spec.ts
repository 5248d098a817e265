/**
 * The contact pages' map costs nothing until asked: the whole page, scrolled from top to bottom
 * on a phone and on a desktop, asks no other host for anything; "Show the map" then puts the map
 * in the same box (the page does not move), by mouse and by keyboard; without JavaScript it is a
 * link that opens the map.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { DESKTOP, MOBILE, content, nextFrames, settle } from '../../helpers.js';

interface MapContent {
  map: { frameTitle: string; show: string };
}
interface SiteContent {
  contact: { mapEmbedUrl: string; directionsUrl: string };
}

const site = content<SiteContent>('site.yaml');
const PAGES = [
  { path: '/contact/', texts: content<MapContent>('pages/contact.yaml').map },
  { path: '/ml/contact/', texts: content<MapContent>('ml/pages/contact.yaml').map },
];

/** Scrolls to the bottom a screen at a time, letting each position paint, then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  const { height, screen } = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, screen: innerHeight }));
  for (let y = 0; y <= height; y += Math.floor(screen / 2)) {
    await page.evaluate((top) => scrollTo(0, top), y);
    await nextFrames(page);
  }
  await page.evaluate(() => scrollTo(0, 0));
  await nextFrames(page);
}

/** The box the map goes in, where it is on the page. */
async function mapBox(page: Page) {
  return page.locator('[data-map]').evaluate((box) => {
    const rect = box.getBoundingClientRect();
    return { top: rect.top + scrollY, width: rect.width, height: rect.height };
  });
}

for (const { path, texts } of PAGES) {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`${path} at ${viewport.width} px asks no other host for anything until "Show the map" is pressed, then shows the map in the same place`, async ({
      page,
      external,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await settle(page);
      await scrollThrough(page);
      await page.waitForLoadState('networkidle');
      expect(external.map((request) => request.url)).toEqual([]);
      await expect(page.locator('iframe')).toHaveCount(0);

      const show = page.getByRole('button', { name: texts.show });
      await show.scrollIntoViewIfNeeded();
      const before = await mapBox(page);
      await show.click();

      const frame = page.getByTitle(texts.frameTitle);
      await expect(frame).toBeVisible();
      await expect(frame).toHaveAttribute('src', site.contact.mapEmbedUrl);
      await expect(frame.contentFrame().locator('body')).not.toBeEmpty();
      expect(external.map((request) => request.url)).toEqual([site.contact.mapEmbedUrl]);
      expect(external[0]!.isTopLevel).toBe(false);
      expect(await mapBox(page)).toEqual(before);
      await expect(show).toHaveCount(0);
    });
  }

  test(`${path}: "Show the map" works from the keyboard, and the focus moves to the map`, async ({ page, external }) => {
    await page.goto(path);
    const show = page.getByRole('button', { name: texts.show });
    await show.focus();
    await page.keyboard.press('Space');
    const frame = page.getByTitle(texts.frameTitle);
    await expect(frame).toBeFocused();
    await expect(frame.contentFrame().locator('body')).not.toBeEmpty();
    expect(external.map((request) => request.url)).toEqual([site.contact.mapEmbedUrl]);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('"Show the map" is a link that opens the map in a new tab', async ({ page }) => {
    await page.goto('/contact/');
    const { show } = PAGES[0]!.texts;
    await expect(page.getByRole('button', { name: show })).toHaveCount(0);
    const link = page.getByRole('link', { name: show });
    await expect(link).toHaveAttribute('href', site.contact.directionsUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(page.locator('iframe')).toHaveCount(0);
  });
});
