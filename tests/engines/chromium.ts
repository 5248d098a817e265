/**
 * Chromium for the shared checks, through Playwright (the same browser and flags as the
 * Playwright suite in tests/browser). Errors come from the page's own console and events.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { TEST_CHROMIUM, testChromiumPath } from '../../scripts/chromium.mjs';
import { addPhoneLock } from '../browser/operator/phone-lock.js';
import type { Engine } from './engine.js';

export async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({
    executablePath: testChromiumPath(),
    args: [...TEST_CHROMIUM.args],
    ignoreDefaultArgs: [...TEST_CHROMIUM.ignoreDefaultArgs],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  };
  context.on('page', watch);
  await answerOtherHostsLocally(context);
  const page = await context.newPage();
  return {
    name: 'chromium',
    open: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    resize: (width, height) => page.setViewportSize({ width, height }),
    evaluate: <T>(body: string) => page.evaluate(`(async () => {${body}})()`) as Promise<T>,
    click: (selector) => page.locator(selector).first().click(),
    clickAt: (x, y) => page.mouse.click(x, y),
    type: (selector, text) => page.locator(selector).first().pressSequentially(text),
    press: (key) => page.keyboard.press(key),
    screenshot: async (file) => void (await page.screenshot({ path: file })),
    takeErrors: async () => errors.splice(0),
    newTab: async (action) => {
      const [tab] = await Promise.all([context.waitForEvent('page'), action()]);
      await tab.waitForURL((url) => url.href !== 'about:blank');
      const result = { url: tab.url(), hasOpener: await tab.evaluate(() => window.opener !== null) };
      await tab.close();
      return result;
    },
    addPhoneLock: async () => {
      await addPhoneLock(context, page);
      return { added: true };
    },
    addCookie: (name, value) =>
      context.addCookies([{ name, value, url: new URL('/', page.url()).href, secure: true, httpOnly: true, sameSite: 'Strict' }]),
    close: () => browser.close(),
  };
}

/**
 * Another host's page (a WhatsApp chat) is answered here with a line of text: the network is
 * closed, and an error page would hide the address the tab was opened with.
 */
async function answerOtherHostsLocally(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.protocol.startsWith('http') && url.hostname !== '127.0.0.1',
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><title>Stand-in</title><p>Another host, answered locally.</p>',
      }),
  );
}
