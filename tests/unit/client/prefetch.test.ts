// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { initPrefetch } from '../../../client/prefetch.js';
import { loadPage } from './client-page.js';

/** What Save-Data and 2G take away, and no stand-in where a browser has no speculation rules. */

const ORIGIN = 'http://localhost:3000';
const rules = () => document.querySelectorAll('script[type="speculationrules"]');
const prefetched = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href);
const link = (name: string) =>
  [...document.querySelectorAll<HTMLAnchorElement>('header a[href]')].find((a) => a.textContent?.trim() === name)!;
const pointTo = (element: Element) => element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));

const supports = HTMLScriptElement.supports;

function connection(value: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value, configurable: true });
}

/** Opens the page at its address, as a browser with (or without) speculation rules. */
async function open(file: string, address: string, { speculationRules }: { speculationRules: boolean }) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${ORIGIN}${address}`);
  await loadPage(file);
  HTMLScriptElement.supports = (type: string) => speculationRules && type === 'speculationrules';
  initPrefetch(document);
}

beforeEach(() => connection({ saveData: false, effectiveType: '4g' }));
afterEach(() => {
  HTMLScriptElement.supports = supports;
  connection(undefined);
});

describe('where the browser has no speculation rules (Firefox, Safari)', () => {
  // Firefox refused each <link rel="prefetch"> the old stand-in added, under the page's
  // default-src 'none', and reported a policy violation on every hover.
  test('nothing is added to the page: a pointer on Services prefetches nothing', async () => {
    await open('index.html', '/', { speculationRules: false });
    pointTo(link('Services'));
    expect(prefetched()).toEqual([]);
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
    }
  });
});
