/**
 * A slow phone paints a page before all of it has arrived (the parser stops now and then to let
 * the browser paint), sometimes in the middle of the header. Whatever it painted must not move
 * when the rest arrives: that is a layout shift the visitor sees and CLS counts.
 *
 * Rather than hoping a throttled browser stops at the wrong moment, the page is cut off after
 * each closing tag of its header and first sections, and every element of the cut page is
 * compared with the same element in the whole page: it may grow (its content was cut), but its
 * top-left corner must be where it ends up.
 *
 * The whole page is loaded for real, its script included. Each cut is then laid out in that same
 * page by parsing the cut body in place of the whole one: the parser closes what is left open,
 * as it does when a page stops arriving, and no script runs on it, as none has yet on a phone
 * still receiving the page (the site's script is a module, run once the whole page is parsed).
 * The last "cut" is the whole body without its script having run, which shows that starting the
 * script moves nothing either.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { DESKTOP, MOBILE } from '../../helpers.js';

const PAGES = ['/', '/about/', '/services/', '/contact/', '/ml/'];
/** Where the parser may stop: after these closing tags. */
const CUT_AFTER = /<\/(a|svg|ul|p|h1|h2|picture|button)>/g;

/** The body's markup, and the cut points in its header and first two sections (offsets into it). */
function cutBody(html: string): { body: string; points: number[] } {
  const open = /<body[^>]*>/.exec(html);
  if (!open) throw new Error('The page has no <body> tag.');
  const bodyStart = open.index + open[0].length;
  const body = html.slice(bodyStart, html.lastIndexOf('</body>'));
  const start = body.indexOf('<header');
  let end = body.indexOf('<main');
  for (let i = 0; i < 2; i++) end = body.indexOf('</section>', end + 1);
  const points: number[] = [];
  for (const match of body.slice(start, end).matchAll(CUT_AFTER)) points.push(start + match.index + match[0].length);
  return { body, points };
}

/**
 * In the loaded page: lays out each cut of the body in turn and lists every element of the header
 * and main on the first screen whose top-left corner is not where it is in the loaded page, by
 * its place in the tree.
 */
function movesAtCuts(page: Page, body: string, points: number[]): Promise<string[]> {
  return page.evaluate(
    async ({ body, points }) => {
      const corners = async () => {
        document.body.getBoundingClientRect();
        await document.fonts.ready;
        const found = new Map<string, string>();
        const walk = (element: Element, key: string) => {
          const box = element.getBoundingClientRect();
          if ((box.width > 0 || box.height > 0) && box.top < innerHeight) found.set(key, `${Math.round(box.left)},${Math.round(box.top)}`);
          [...element.children].forEach((child, index) => walk(child, `${key}/${index}:${child.tagName}`));
        };
        for (const root of document.querySelectorAll('body > header, main')) walk(root, root.tagName);
        return found;
      };
      const whole = await corners();
      const moved: string[] = [];
      for (const point of [...points, body.length]) {
        document.body.innerHTML = body.slice(0, point);
        for (const [key, corner] of await corners()) {
          const final = whole.get(key);
          if (final !== undefined && final !== corner) {
            const where =
              point === body.length
                ? 'the whole page before its script ran'
                : `cut after …${body.slice(point - 40, point).replace(/\s+/g, ' ')}`;
            moved.push(`${where}: ${key} at ${corner} moves to ${final}`);
          }
        }
      }
      return moved;
    },
    { body, points },
  );
}

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    // The heroes' rise-in animation moves them by transform, which is not a layout shift; without it
    // every box is where layout put it.
    test.use({ viewport, reducedMotion: 'reduce' });

    for (const target of PAGES) {
      test(`${target}: what a slow phone paints first stays where it is when the rest arrives`, async ({ page }) => {
        const response = await page.goto(target);
        const { body, points } = cutBody(await response!.text());
        expect(points.length).toBeGreaterThan(10);
        const moved = await movesAtCuts(page, body, points);
        expect(moved.slice(0, 12), `${moved.length} moves`).toEqual([]);
      });
    }
  });
}
