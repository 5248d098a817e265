// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { initHeader } from '../../../client/header.js';
import { hook, loadPage } from './client-page.js';

const header = () => hook('data-header');
const scrolled = () => header().hasAttribute('data-scrolled');

/** The visitor scrolls: the page moves, the browser fires `scroll`. */
function scrollPageTo(y: number): void {
  window.scrollTo(0, y);
  expect(window.scrollY).toBe(y);
  window.dispatchEvent(new Event('scroll'));
}

/** The browser paints the next frame. */
function nextFrame(): void {
  vi.advanceTimersToNextFrame();
}

let stop: () => void = () => undefined;

/** Starts the header watching, as the page's script does on load. */
function start(): void {
  stop = initHeader(document);
}

beforeEach(async () => {
  await loadPage('index.html');
  vi.useFakeTimers();
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the scrolled header', () => {
  test('rests at the top of the page', () => {
    start();
    nextFrame();
    expect(scrolled()).toBe(false);
  });

  test('turns scrolled only past 50 px: not at 50, yes at 51, and back at 50', () => {
    start();
    scrollPageTo(50);
    nextFrame();
    expect(scrolled()).toBe(false);

    scrollPageTo(51);
    nextFrame();
    expect(scrolled()).toBe(true);

    scrollPageTo(50);
    nextFrame();
    expect(scrolled()).toBe(false);

    scrollPageTo(2000);
    nextFrame();
    expect(scrolled()).toBe(true);

    scrollPageTo(0);
    nextFrame();
    expect(scrolled()).toBe(false);
  });

  test('a page reloaded halfway down starts scrolled on its first frame, before any scroll event', () => {
    window.scrollTo(0, 400);
    start();
    nextFrame();
    expect(scrolled()).toBe(true);
  });

  test('a page opened exactly 50 px down starts at rest', () => {
    window.scrollTo(0, 50);
    start();
    nextFrame();
    expect(scrolled()).toBe(false);
  });

  test('listens passively, so scrolling never waits for the script', () => {
    const listen = vi.spyOn(window, 'addEventListener');
    start();
    const scrollListeners = listen.mock.calls.filter(([type]) => type === 'scroll');
    expect(scrollListeners).toHaveLength(1);
    expect(scrollListeners[0]![2]).toMatchObject({ passive: true });
  });

  test('a burst of scroll events is handled once, in the next animation frame', () => {
    let y = 0;
    let reads = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => {
      reads += 1;
      return y;
    });
    start();
    reads = 0;

    for (y = 10; y <= 300; y += 10) window.dispatchEvent(new Event('scroll'));
    expect(reads).toBe(0);
    expect(scrolled()).toBe(false);

    nextFrame();
    expect(reads).toBe(1);
    expect(scrolled()).toBe(true);
  });

  test('touches the attribute only when the state flips', async () => {
    start();
    const changes: (string | null)[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) changes.push(record.attributeName);
    });
    observer.observe(header(), { attributes: true });

    for (const y of [51, 120, 800, 60, 400, 10, 0, 30, 49]) {
      scrollPageTo(y);
      nextFrame();
    }
    await Promise.resolve();
    observer.disconnect();
    expect(changes).toEqual(['data-scrolled', 'data-scrolled']);
    expect(scrolled()).toBe(false);
  });
});
