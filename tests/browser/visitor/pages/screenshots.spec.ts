/**
 * Full-page screenshots of every page at phone and desktop width, written to
 * test-results/screenshots/ on every run for people to look at (not compared).
 */
import path from 'node:path';
import { test } from '../../fixtures.js';
import {
  DESKTOP,
  FOOTER_ROUTES,
  MALAYALAM_ROUTES,
  MOBILE,
  ROUTES,
  UNKNOWN_PATH,
  lazyContentLoaded,
  nextFrames,
  settle,
} from '../../helpers.js';

const DIR = path.resolve(import.meta.dirname, '../../../../test-results/screenshots');
const PAGES = [
  ...ROUTES.map((route) => ({ path: route.path, name: route.name })),
  ...FOOTER_ROUTES,
  { path: UNKNOWN_PATH, name: '404' },
  ...MALAYALAM_ROUTES.map((route) => ({ path: route.path, name: route.name })),
];

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    // The heroes' rise-in animation ends where reduced motion starts: the same picture, without the wait.
    test.use({ viewport, reducedMotion: 'reduce' });

    for (const target of PAGES) {
      test(`screenshot of ${target.path}`, async ({ page, issues }) => {
        issues.allow('console', /status of 404/);
        await page.goto(target.path);
        // Scroll through once, a screen at a time, so lazy content (the map frame, the features'
        // drawings) comes near the screen and arrives, then back to the top.
        await page.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
            window.scrollTo({ top: y, behavior: 'instant' });
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          }
        });
        await lazyContentLoaded(page);
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await nextFrames(page);
        await settle(page);
        await page.screenshot({
          path: path.join(DIR, `${target.name}-${viewport.width}x${viewport.height}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  });
}
