/**
 * The site with photos, in a real browser: built from the sample content with the photos of
 * tests/helpers/photos.ts (a hero, an About photo, two service photos, a review portrait) and
 * served by the project's preview server. Nothing may move while photos load (CLS 0), a phone
 * fetches the small AVIF the byte budget counts, and axe stays clean.
 */
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BUDGETS, PHONE, pickCandidate } from '../../../../bench/weights.js';
import { startPreview } from '../../../../generator/serve/preview.js';
import { contentWithPhotos } from '../../../helpers/photos.js';
import { expectNoAxeViolations } from '../../axe.js';
import { expect, test } from '../../fixtures.js';
import { DESKTOP, MOBILE, settle } from '../../helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

let project: string;
let server: { url: string; close(): Promise<void> };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  project = await contentWithPhotos();
  const built = spawnSync(
    'node',
    ['bin/site.js', 'build', '--content', path.join(project, 'content'), '--out', path.join(project, 'dist')],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) throw new Error(`Building the site with photos failed:\n${built.stdout}${built.stderr}`);
  server = await startPreview({ dir: path.join(project, 'dist'), port: 0, host: '127.0.0.1' });
});

test.afterAll(async () => {
  await server?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

const PHOTO_PAGES = ['/', '/about', '/services'];

/** Records layout shifts from the first paint on, as Chrome counts them for CLS (input-driven ones excluded). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
        (window as unknown as { shiftSources: string[] }).shiftSources ??= [];
        for (const source of entry.sources)
          (window as unknown as { shiftSources: string[] }).shiftSources.push(
            `${(source.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? source.node?.nodeName} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)} at ${performance.now()} scrollY ${scrollY}`,
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Scrolls down the page a screen at a time so every lazy photo loads, then waits for them all. */
async function loadEveryPhoto(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()!.height;
  for (let y = 0; y < height; y += step) await page.mouse.wheel(0, step);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0), undefined, {
    timeout: 15_000,
  });
}

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`with photos at ${viewport.width} px wide`, () => {
    test.use({ viewport });

    for (const target of PHOTO_PAGES) {
      test(`${target}: nothing moves while the photos load (CLS 0)`, async ({ page }) => {
        await watchShifts(page);
        await page.goto(new URL(target, server.url).href);
        await expect(page.locator('main picture img').first()).toBeVisible();
        await loadEveryPhoto(page);
        await settle(page);
        const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
        const sources = await page.evaluate(() => (window as unknown as { shiftSources?: string[] }).shiftSources ?? []);
        expect(
          shifts.reduce((sum, value) => sum + value, 0),
          `layout shifts: ${JSON.stringify(shifts)}\n${sources.join('\n')}`,
        ).toBe(0);
      });

      test(`${target}: every photo is shown at the proportions its width and height promise`, async ({ page }) => {
        await page.goto(new URL(target, server.url).href);
        await loadEveryPhoto(page);
        const photos = await page.locator('main picture img').evaluateAll((images) =>
          (images as HTMLImageElement[]).map((img) => ({
            alt: img.alt,
            promised: Number(img.getAttribute('width')) / Number(img.getAttribute('height')),
            shown: img.getBoundingClientRect().width / img.getBoundingClientRect().height,
            type: img.currentSrc.split('.').pop(),
          })),
        );
        expect(photos.length).toBeGreaterThan(0);
        for (const photo of photos) {
          expect(photo.alt.length, 'every photo has alt text').toBeGreaterThan(0);
          expect(Math.abs(photo.shown - photo.promised), photo.alt).toBeLessThan(0.02);
          expect(photo.type, `${photo.alt}: Chromium takes the AVIF`).toBe('avif');
        }
      });

      test(`${target} with photos has no axe violations`, async ({ page }) => {
        await page.goto(new URL(target, server.url).href);
        await loadEveryPhoto(page);
        await settle(page);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test.describe('on a 375 px phone at 2× density', () => {
  test.use({ viewport: MOBILE, deviceScaleFactor: PHONE.dpr });

  test('the hero photo is the AVIF the byte budget counts, within 60 KB, and loads first', async ({ page }) => {
    const responses: { url: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/assets/photos/'))
        responses.push({ url: new URL(response.url()).pathname, bytes: (await response.body()).length });
    });
    await page.goto(server.url);
    const hero = page.locator('.home-hero picture');
    await expect(hero.locator('img')).toHaveJSProperty('complete', true);
    const source = hero.locator('source[type="image/avif"]');
    const expected = pickCandidate((await source.getAttribute('srcset'))!, (await source.getAttribute('sizes'))!, PHONE);
    const current = await hero.locator('img').evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(current).toBe(expected);
    await expect.poll(() => responses.find((item) => item.url === current)?.bytes).toBeLessThanOrEqual(BUDGETS.heroPhotoPhone);
    // Photos further down wait until they are scrolled near: only the hero (and nothing wider) came on load.
    expect(responses.filter((item) => item.url.includes('truck-')).map((item) => item.url)).toEqual([current]);
  });
});
