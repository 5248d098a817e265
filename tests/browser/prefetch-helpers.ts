/**
 * Watching the prefetches a page's speculation rules start. Chromium makes these requests itself,
 * outside the page, so Playwright's request events (which the fixtures' routing replaces) do not
 * show them; the DevTools protocol's network and preload events do.
 */
import type { CDPSession, Page } from '@playwright/test';

interface SentRequest {
  type?: string;
  request: { url: string };
}

interface PrefetchStatus {
  prefetchUrl: string;
  prefetchStatus?: string;
}

/**
 * Every prefetch the browser sends for the page, by path, a way to wait for one, and a way to wait
 * for a navigation to take a prefetched response.
 */
export async function watchPrefetches(
  page: Page,
): Promise<{ devtools: CDPSession; paths: string[]; sent: (path: string) => Promise<void>; used: (path: string) => Promise<void> }> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Preload.enable');
  const paths: string[] = [];
  const waiting = new Map<string, () => void>();
  devtools.on('Network.requestWillBeSent', (event: SentRequest) => {
    if (event.type !== 'Prefetch') return;
    const path = new URL(event.request.url).pathname;
    paths.push(path);
    waiting.get(path)?.();
  });
  const sent = (path: string) => (paths.includes(path) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(path, resolve)));
  const used = (path: string) =>
    new Promise<void>((resolve) =>
      devtools.on('Preload.prefetchStatusUpdated', (event: PrefetchStatus) => {
        if (event.prefetchStatus === 'PrefetchResponseUsed' && new URL(event.prefetchUrl).pathname === path) resolve();
      }),
    );
  return { devtools, paths, sent, used };
}

/** The home page with its script run (on Save-Data it withdraws the rules before the visitor can point at anything). */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.waitForFunction(() => document.readyState === 'complete');
}
