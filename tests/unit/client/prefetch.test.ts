// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { initPrefetch } from '../../../client/prefetch.js';
import { loadPage } from './client-page.js';

/** The fallback for browsers without speculation rules, and what Save-Data and 2G take away. */

const ORIGIN = 'http://localhost:3000';
const rules = () => document.querySelectorAll('script[type="speculationrules"]');
const prefetched = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href);
const link = (name: string) =>
  [...document.querySelectorAll<HTMLAnchorElement>('header a[href]')].find((a) => a.textContent?.trim() === name)!;
const pointTo = (element: Element) => element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));

const supports = HTMLScriptElement.supports;
let stop: () => void = () => undefined;

function connection(value: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value, configurable: true });
}

/** Opens the page at its address, as a browser with (or without) speculation rules. */
async function open(file: string, address: string, { speculationRules }: { speculationRules: boolean }) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${ORIGIN}${address}`);
  await loadPage(file);
  HTMLScriptElement.supports = (type: string) => speculationRules && type === 'speculationrules';
  stop = initPrefetch(document);
}

beforeEach(() => connection({ saveData: false, effectiveType: '4g' }));
afterEach(() => {
  stop();
  HTMLScriptElement.supports = supports;
  connection(undefined);
});

describe('prefetch on intent, where the browser has no speculation rules', () => {
  test('a pointer on Services prefetches /services/ once', async () => {
    await open('index.html', '/', { speculationRules: false });
    pointTo(link('Services'));
    pointTo(link('Services'));
    expect(prefetched()).toEqual([`${ORIGIN}/services/`]);
  });

  test('never the page itself, WhatsApp, a new tab or the Worker’s addresses', async () => {
    await open('contact/index.html', '/contact/', { speculationRules: false });
    pointTo(link('Contact Us'));
    for (const other of document.querySelectorAll('a[href^="https://"], a[target]')) pointTo(other);
    for (const href of ['/admin/', '/api/quote', '/assets/x.js']) {
      const worker = Object.assign(document.createElement('a'), { href });
      document.body.append(worker);
      pointTo(worker);
    }
    expect(document.querySelectorAll('a[href^="https://wa.me/"]').length).toBeGreaterThan(0);
    expect(prefetched()).toEqual([]);
    // The same pointer on another page's link does prefetch: the module was listening.
    pointTo(link('Services'));
    expect(prefetched()).toEqual([`${ORIGIN}/services/`]);
  });
});

describe('where the browser has speculation rules', () => {
  test('the page’s rules stay and the module adds nothing', async () => {
    await open('index.html', '/', { speculationRules: true });
    pointTo(link('Services'));
    expect(rules().length).toBe(1);
    expect(prefetched()).toEqual([]);
  });
});

describe('nothing prefetched on Save-Data or 2G', () => {
  test.each([
    ['Save-Data', { saveData: true, effectiveType: '4g' }],
    ['2G', { saveData: false, effectiveType: '2g' }],
    ['slow 2G', { saveData: false, effectiveType: 'slow-2g' }],
  ])('%s: the rules are withdrawn and a pointer on Services prefetches nothing', async (_, value) => {
    connection(value);
    for (const speculationRules of [true, false]) {
      await open('index.html', '/', { speculationRules });
      expect(rules().length).toBe(0);
      pointTo(link('Services'));
      expect(prefetched()).toEqual([]);
      stop();
    }
  });
});
