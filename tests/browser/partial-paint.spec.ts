/**
 * A slow phone paints a page before all of it has arrived (the parser stops now and then to let
 * the browser paint), sometimes in the middle of the header. Whatever it painted must not move
 * when the rest arrives: that is a layout shift the visitor sees and CLS counts.
 *
 * Rather than hoping a throttled browser stops at the wrong moment, the page is served cut off
 * after each closing tag of its header and first sections (the browser closes what is left
 * open), and every element of the cut page is compared with the same element in the whole page:
 * it may grow (its content was cut), but its top-left corner must be where it ends up.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { DESKTOP, MOBILE } from './helpers.js';

const PAGES = ['/', '/about/', '/services/', '/contact/', '/ml/'];
/** Where the parser may stop: after these closing tags. */
const CUT_AFTER = /<\/(a|svg|ul|p|h1|h2|picture|button)>/g;

/** The cut points in the header and the first two sections of the page. */
function cutPoints(html: string): number[] {
  const start = html.indexOf('<header');
  const main = html.indexOf('<main');
  let end = main;
  for (let i = 0; i < 2; i++) end = html.indexOf('</section>', end + 1);
  const points: number[] = [];
  for (const match of html.slice(start, end).matchAll(CUT_AFTER)) points.push(start + match.index + match[0].length);
  return points;
}

/**
 * Top-left corners of every laid-out element of the page's header and main on the first screen
 * (what a visitor sees while the page arrives), by their place in the tree.
 */
function corners(page: Page): Promise<Record<string, [number, number]>> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const found: Record<string, [number, number]> = {};
    const walk = (element: Element, key: string) => {
      const box = element.getBoundingClientRect();
      if ((box.width > 0 || box.height > 0) && box.top < innerHeight) found[key] = [Math.round(box.left), Math.round(box.top)];
      [...element.children].forEach((child, index) => walk(child, `${key}/${index}:${child.tagName}`));
    };
    for (const root of document.querySelectorAll('body > header, main')) walk(root, root.tagName);
    return found;
  });
}

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    // The heroes' rise-in animation moves them by transform, which is not a layout shift; without it
    // every box is where layout put it.
    test.use({ viewport, reducedMotion: 'reduce' });

    for (const target of PAGES) {
      test(`${target}: what a slow phone paints first stays where it is when the rest arrives`, async ({ page, baseURL }) => {
        test.setTimeout(120_000);
        const url = new URL(target, baseURL).href;
        const html = await (await page.request.get(url)).text();
        let served = html;
        await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: served }));
        await page.goto(url);
        const whole = await corners(page);
        const points = cutPoints(html);
        expect(points.length).toBeGreaterThan(10);
        const moved: string[] = [];
        for (const point of points) {
          served = html.slice(0, point);
          await page.goto(url);
          for (const [key, corner] of Object.entries(await corners(page))) {
            const final = whole[key];
            if (final && (final[0] !== corner[0] || final[1] !== corner[1])) {
              moved.push(`cut after …${html.slice(point - 40, point).replace(/\s+/g, ' ')}: ${key} at ${corner} moves to ${final}`);
            }
          }
        }
        expect(moved.slice(0, 12), `${moved.length} moves`).toEqual([]);
      });
    }
  });
}
