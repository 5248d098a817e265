/**
 * The Malayalam font as a visitor's browser meets it: English pages fetch no font file at all
 * (the "മലയാളം" link included), Malayalam pages are drawn in Noto Sans Malayalam (the system's,
 * else the site's copy), and the shipped font still shapes conjuncts such as ന്റ.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { MALAYALAM_ROUTES, ROUTES, nextFrames, settle } from '../../helpers.js';

/** Every font file the page asks for while it loads and settles. */
async function fontRequests(page: Page, path: string): Promise<string[]> {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font' || /\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) fonts.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  // Laid out (every face the text needs is then asked for), then every font asked for is in.
  await nextFrames(page);
  await settle(page);
  return fonts;
}

for (const route of ROUTES) {
  test(`the English page ${route.path} requests no font file`, async ({ page }) => {
    expect(await fontRequests(page, route.path)).toEqual([]);
  });
}

test('the English page requests no font with the menu open either (the switch inside it says മലയാളം)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#site-menu').getByRole('link', { name: 'മലയാളം' })).toBeVisible();
  await nextFrames(page);
  await settle(page);
  expect(fonts).toEqual([]);
});

for (const route of MALAYALAM_ROUTES) {
  test(`${route.path} is drawn in Noto Sans Malayalam: the system's own, else the site's copy`, async ({ page }) => {
    const fonts = await fontRequests(page, route.path);
    // A machine without the font fetches the site's copy from /assets/; one with it fetches nothing.
    for (const font of fonts) expect(font).toMatch(/^\/assets\/noto-sans-malayalam-malayalam-[47]00-normal\.[A-Z0-9]+\.woff2$/);
    const family = await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily);
    expect(family).toMatch(/^"?Noto Sans Malayalam"?, "?Noto Sans Malayalam Web"?,/);
    // The font the browser really drew the heading's letters with (the test machines have it).
    const cdp = await page.context().newCDPSession(page);
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    await cdp.send('CSS.enable');
    const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const most = [...used].sort((a, b) => b.glyphCount - a.glyphCount)[0];
    expect(most?.familyName).toBe('Noto Sans Malayalam');
  });
}

test('the font forms the conjunct ന്റ (its shaping rules survived), which it cannot when a ZWNJ forbids it', async ({ page }) => {
  await page.goto('/ml/');
  await settle(page);
  const widths = await page.evaluate(async () => {
    await document.fonts.load('32px "Noto Sans Malayalam Web"', 'ന്റ');
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = '32px "Noto Sans Malayalam Web"';
    return { conjunct: context.measureText('ന്റ').width, apart: context.measureText('ന്\u200Cറ').width };
  });
  expect(widths.conjunct).toBeGreaterThan(0);
  expect(widths.conjunct).toBeLessThan(widths.apart * 0.9);
});
