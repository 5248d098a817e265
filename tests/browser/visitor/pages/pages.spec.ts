/**
 * The four routes, their shared header and footer, the links between them, the 404 page,
 * a clean load (no console error, no failed request) and the scrolled header.
 */
import type { Response } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { NAV_LABELS, ROUTES, UNKNOWN_PATH, lazyContentLoaded, nextFrames, settle } from '../../helpers.js';

test.describe('each route', () => {
  for (const route of ROUTES) {
    test(`${route.path} has the header, footer and WhatsApp button, with "${route.navLabel}" as the current page`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);

      const banner = page.getByRole('banner');
      await expect(banner).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toBeVisible();
      await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
      await expect(page.getByRole('button', { name: 'Chat with us on WhatsApp' })).toBeVisible();

      const nav = banner.getByRole('navigation');
      for (const label of NAV_LABELS) {
        const link = nav.getByRole('link', { name: label, exact: true });
        await expect(link).toBeVisible();
        if (label === route.navLabel) await expect(link).toHaveAttribute('aria-current', 'page');
        else await expect(link).not.toHaveAttribute('aria-current');
      }
      await expect(banner.getByRole('link', { name: 'Get In Touch' })).toHaveAttribute('href', '/contact/');

      const quickLinks = footer.getByRole('navigation');
      for (const label of ['Home', 'About Us', 'Services', 'Contact']) {
        await expect(quickLinks.getByRole('link', { name: label, exact: true })).toBeVisible();
      }
    });
  }
});

test('every root-relative link in the header, footer and pages leads to a page that answers 200', async ({ page }) => {
  const pagesToVisit = [...ROUTES.map((route) => route.path), UNKNOWN_PATH];
  const visited = new Set<string>();
  const checked = new Map<string, { status: number; html: string }>();
  const broken: string[] = [];

  while (pagesToVisit.length > 0) {
    const current = pagesToVisit.shift()!;
    if (visited.has(current)) continue;
    visited.add(current);
    await page.goto(current);
    // Hidden links count too (the closed mobile menu, the closed WhatsApp popup).
    const hrefs = await page
      .getByRole('link', { includeHidden: true })
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of new Set(hrefs)) {
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const target = new URL(href, page.url());
      const key = target.pathname + target.search;
      let answer = checked.get(key);
      if (!answer) {
        const response = await page.request.get(key, { maxRedirects: 0 });
        answer = { status: response.status(), html: await response.text() };
        checked.set(key, answer);
        if (answer.status === 200 && !visited.has(key)) pagesToVisit.push(key);
      }
      if (answer.status !== 200) {
        broken.push(`${current}: "${href}" answered ${answer.status}`);
      } else if (target.hash.length > 1) {
        const id = decodeURIComponent(target.hash.slice(1));
        if (!answer.html.includes(`id="${id}"`)) broken.push(`${current}: "${href}" points at #${id}, which ${key} does not have`);
      }
    }
  }
  expect(broken, broken.join('\n')).toEqual([]);
  // The crawl reached every route from the links alone.
  for (const route of ROUTES) expect([...checked.keys()]).toContain(route.path);
});

test.describe('an unknown address', () => {
  test('gets the 404 page with the header, footer and a link home', async ({ page, issues }) => {
    // Chromium logs the 404 status of the document itself as a console error.
    issues.allow('console', /status of 404/);
    const response = await page.goto(UNKNOWN_PATH);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const home = page.getByRole('main').getByRole('link', { name: 'Back to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('loading a page', () => {
  // The deep unknown path checks that the 404 page's assets are root-relative.
  const notFoundPaths = [UNKNOWN_PATH, '/about/no-such-thing/here'];
  for (const path of [...ROUTES.map((route) => route.path), ...notFoundPaths]) {
    test(`${path} loads with no console error and no failed request`, async ({ page, issues }) => {
      const notFound = notFoundPaths.includes(path);
      if (notFound) issues.allow('console', /status of 404/);
      const bad: string[] = [];
      page.on('response', (response: Response) => {
        const isDocument = response.request().isNavigationRequest() && response.request().frame() === page.mainFrame();
        if (response.status() >= 400 && !(notFound && isDocument)) bad.push(`${response.status()} ${response.url()}`);
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(notFound ? 404 : 200);
      // Scroll to the end so lazy content (the map frame) loads too.
      await page.keyboard.press('End');
      await lazyContentLoaded(page);
      expect(bad, bad.join('\n')).toEqual([]);
      const styled = await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.cssRules.length > 0));
      expect(styled, 'the stylesheet loaded').toBe(true);
      // Chromium does not report every fetch to Playwright (the favicon, for one): ask for each file the page names.
      const named = await page.evaluate(() => {
        const urls = [
          ...[...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((link) => link.href),
          ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => script.src),
          ...[...document.querySelectorAll<HTMLImageElement>('img[src]')].map((image) => image.src),
        ];
        return [...new Set(urls)].filter((url) => new URL(url).origin === location.origin);
      });
      for (const url of named) {
        const answer = await page.request.get(url);
        if (answer.status() !== 200) bad.push(`${answer.status()} ${url} (named in the page's HTML)`);
      }
      expect(bad, bad.join('\n')).toEqual([]);
      // The page-health check after the test asserts no console error, failed request or CSP report.
      expect(issues.unexpected()).toEqual([]);
    });
  }
});

test('the header takes its scrolled state past 50 px of scroll, not at 50, and keeps it', async ({ page }) => {
  await page.goto('/');
  await settle(page);
  const header = page.getByRole('banner');
  await expect(header).not.toHaveAttribute('data-scrolled');

  /** Scrolls to `y`, then reads scrollY and the header's state over 20 frames. */
  const scrollAndWatch = async (y: number) => {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await nextFrames(page);
    return page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          const banner = document.querySelector('header');
          const sample = () => {
            seen.push(`${window.scrollY}:${banner?.hasAttribute('data-scrolled') ? 'scrolled' : 'resting'}`);
            if (seen.length < 20) requestAnimationFrame(sample);
            else resolve(seen);
          };
          requestAnimationFrame(sample);
        }),
    );
  };

  expect(await scrollAndWatch(50), 'at 50 px the header rests, and the page stays put').toEqual(Array(20).fill('50:resting'));
  await expect(header).not.toHaveAttribute('data-scrolled');
  expect(await scrollAndWatch(51), 'at 51 px the header is scrolled, and the page stays put').toEqual(Array(20).fill('51:scrolled'));
  await expect(header).toHaveAttribute('data-scrolled');
  expect(await scrollAndWatch(50), 'back at 50 px the header rests again').toEqual(Array(20).fill('50:resting'));
  await expect(header).not.toHaveAttribute('data-scrolled');
});
