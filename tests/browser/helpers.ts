/** Small helpers shared by the browser specs. */
import { expect, type Page } from '@playwright/test';
import { ENGLISH, MALAYALAM } from '../../generator/contract/languages.js';
import { PAGES, openedAt } from '../../generator/contract/pages.js';
import { readSample } from '../helpers/content.js';

/** The header's links as the sample content writes them, in order. */
const HEADER_LINKS = readSample<{ header: { nav: { label: string; href: string }[] } }>('layout.yaml').header.nav;

/** The pages of the header's menu, with the header link that is current on each. */
export const ROUTES = PAGES.filter((page) => page.inMenu).map((page) => ({
  path: openedAt(page, ENGLISH),
  name: page.id,
  navLabel: HEADER_LINKS.find((link) => link.href === page.path)!.label,
}));

/** Pages linked from the footer and the forms rather than the header (the privacy notice is one). */
export const FOOTER_ROUTES = PAGES.filter((page) => page.addressed && !page.inMenu).map((page) => ({
  path: openedAt(page, ENGLISH),
  name: page.id,
}));

/** The Malayalam edition's pages (content/ml/); the 404 is served from ml/404.html by hosts that look for the nearest one. */
export const MALAYALAM_ROUTES = PAGES.filter((page) => page.addressed).map((page) => ({
  path: openedAt(page, MALAYALAM),
  name: `ml-${page.id}`,
}));

/** The header links, in order. */
export const NAV_LABELS = HEADER_LINKS.map((link) => link.label);

/** An address the site does not have. */
export const UNKNOWN_PATH = '/no-such-page-here';

export const MOBILE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * Waits until the fonts are in, every finite CSS animation (heroes rising in) is done (endless
 * ones, the pulse, keep going) and, where the page's script runs, the parts below the first
 * screen have been drawn (client/later.ts): axe reads the colours of what is drawn.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    if (!matchMedia('(scripting: enabled)').matches) return;
    const undrawn = '[data-later="after-first"] > :not(:first-child):not([data-drawn]), [data-later="self"]:not([data-drawn])';
    await new Promise<void>((drawn) => {
      const check = () => (document.querySelector(undrawn) ? requestAnimationFrame(check) : drawn());
      check();
    });
  });
}

/** Waits for the browser to paint twice, so rAF-driven updates (the scrolled header) have run. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** A file of the sample content the site under test is built from, parsed. */
export function content<T>(file: string): T {
  return readSample<T>(file);
}

export interface WhatsAppContent {
  openLabel: string;
  closeLabel: string;
  actions: { id: string; title: string; message: string }[];
  startChat: { label: string; message: string };
}

/** The WhatsApp number as wa.me wants it: digits only, country code first. */
export function whatsappDigits(): string {
  const site = content<{ contact: { whatsapp: string } }>('site.yaml');
  return site.contact.whatsapp.replace(/\D/g, '');
}

/**
 * Waits until what the page loads lazily has arrived: every image is complete and every frame
 * shows its document (the map, which the tests' stand-in answers with a line of text). A browser
 * asks for a lazy image only once it nears the screen, and where that is depends on how far the
 * page has been drawn, so each image still waiting is brought into view in turn.
 */
export async function lazyContentLoaded(page: Page): Promise<void> {
  for (const image of await page.locator('img').all()) {
    if (await image.evaluate((img: HTMLImageElement) => img.complete)) continue;
    await image.evaluate((img: HTMLImageElement) => img.scrollIntoView({ block: 'center' }));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  }
  for (const frame of await page.locator('iframe').all()) await expect(frame.contentFrame().locator('body')).not.toBeEmpty();
}
