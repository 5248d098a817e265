/**
 * Phone numbers are read and copied as a whole: on the narrowest phones the site supports, with
 * the phone's text size turned up, every number shown on a page stays on one line, never split
 * at one of its spaces.
 */
import { expect, test } from '../../fixtures.js';
import { ROUTES, content, settle } from '../../helpers.js';

const NARROW = { width: 360, height: 740 } as const;

test.use({ viewport: NARROW });

for (const route of ROUTES) {
  test(`${route.path}: every phone number shown sits on one line at ${NARROW.width} px, with large text`, async ({ page }) => {
    const { contact } = content<{ contact: { phone: string; whatsapp: string } }>('site.yaml');
    await page.goto(route.path);
    // Large text, as many visitors set their phones: 150% of the usual size.
    // Set through the CSSOM, which the site's Content-Security-Policy allows, unlike a <style>.
    await page.evaluate(() => document.documentElement.style.setProperty('font-size', '150%', 'important'));
    await settle(page);
    const numbers = [...new Set([contact.phone, contact.whatsapp])];
    // The line boxes of each text run that holds a number, counted where the page lays it out.
    const shown = await page.evaluate((wanted) => {
      const found: Array<{ number: string; lines: number; visible: boolean }> = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const number of wanted) {
          const at = text.indexOf(number);
          if (at === -1) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + number.length);
          const tops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
          const visible = range.getBoundingClientRect().width > 0;
          found.push({ number, lines: tops.size, visible });
        }
      }
      return found;
    }, numbers);
    const visible = shown.filter((entry) => entry.visible);
    // Every page shows the number at least in the footer.
    expect(visible.length).toBeGreaterThan(0);
    for (const entry of visible) expect(entry.lines, `${entry.number} on ${route.path}`).toBe(1);
  });
}
