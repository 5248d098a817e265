/**
 * `site dev` patches an open page in place after a rebuild: the new text appears while the scroll
 * position, a typed value and an open WhatsApp popup stay; a stylesheet change swaps the
 * stylesheet without a reload; a broken file shows the error overlay, which goes away once it is
 * fixed. The dev server runs in this process on a copy of the project with the sample content.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDev } from '../../../generator/serve/dev.js';
import type { RunningServer } from '../../../generator/serve/http.js';
import { expect, test } from '../fixtures.js';
import { MOBILE } from '../helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

let dir: string;
let server: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-dev-patch-'));
  for (const folder of ['generator', 'templates', 'client', 'static']) {
    if (existsSync(path.join(ROOT, folder))) await cp(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });
  }
  await cp(path.join(ROOT, 'tests/sample/content'), path.join(dir, 'content'), { recursive: true });
  server = await startDev({
    contentDir: path.join(dir, 'content'),
    root: dir,
    port: 0,
    log: { cwd: dir, out: () => undefined, err: () => undefined },
  });
});

test.afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Saves a file the way editors do (write aside, then rename), so the watcher sees one change. */
async function save(file: string, change: (text: string) => string): Promise<void> {
  const target = path.join(dir, file);
  const text = change(await readFile(target, 'utf8'));
  await writeFile(`${target}.tmp`, text);
  await rename(`${target}.tmp`, target);
}

test('a content edit appears in place: scroll, typed value and the open chat popup stay', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto(new URL('/contact', server.url).href);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByLabel('Full Name *').fill('Anjali Menon');
  await page.getByRole('button', { name: 'Chat with us on WhatsApp' }).click();
  await expect(page.locator('[data-whatsapp]')).toHaveAttribute('data-open', '');
  await page.getByLabel('Additional Details').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  // Where the visitor's field is on screen: the page is not scrolled back to the top, and the
  // browser's scroll anchoring keeps the field in place when text above it changes length.
  const fieldTop = () => page.getByLabel('Additional Details').evaluate((el) => Math.round(el.getBoundingClientRect().top));
  const before = await fieldTop();

  const title = (await page.locator('h1').textContent())!.trim();
  await save('content/pages/contact.yaml', (text) => text.replace(`title: ${title}`, 'title: Ask us for a free moving quote today'));
  await expect(page.locator('h1')).toHaveText('Ask us for a free moving quote today');

  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expect(page.getByLabel('Full Name *')).toHaveValue('Anjali Menon');
  await expect(page.locator('[data-whatsapp]')).toHaveAttribute('data-open', '');
  expect(Math.abs((await fieldTop()) - before)).toBeLessThanOrEqual(2);
});

test('a service title edit appears in place on /services/, though the structured data names the service too', async ({ page }) => {
  await page.goto(new URL('/services', server.url).href);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const title = (await page.locator('article h2').first().textContent())!.trim();
  await save('content/services.yaml', (text) => text.replace(`title: ${title}`, 'title: Moving your home'));
  await expect(page.locator('article h2').first()).toHaveText('Moving your home');
  await expect.poll(() => page.locator('script[type="application/ld+json"]').first().textContent()).toContain('Moving your home');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await save('content/services.yaml', (text) => text.replace('title: Moving your home', `title: ${title}`));
  await expect(page.locator('article h2').first()).toHaveText(title);
});

test('a stylesheet edit swaps the stylesheet without a reload', async ({ page }) => {
  await page.goto(new URL('/about', server.url).href);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const before = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');
  await save('templates/styles/main.css', (text) => `${text}\nbody { outline: 3px solid rgb(1, 2, 3); }\n`);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe('rgb(1, 2, 3)');
  expect(await page.locator('link[rel="stylesheet"]').first().getAttribute('href')).not.toBe(before);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('a broken file shows the located error, and the page comes back once it is fixed', async ({ page, issues }) => {
  issues.allow('console', /status of 500/);
  await page.goto(new URL('/services', server.url).href);
  const original = await readFile(path.join(dir, 'content/services.yaml'), 'utf8');
  await save('content/services.yaml', (text) => text.replace(/starting: (\d+)/, 'starting: "$1 rupees"'));
  await expect(page.getByText(/content\/services\.yaml:\d+:\d+/)).toBeVisible();
  await save('content/services.yaml', () => original);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/content\/services\.yaml:\d+:\d+/)).toHaveCount(0);
});
