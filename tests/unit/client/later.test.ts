// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { initLater } from '../../../client/later.js';
import { loadPage } from './client-page.js';

let stop: () => void = () => undefined;

afterEach(() => stop());

/** The parts of the page in the order the client gives them `data-drawn`. */
function recordDrawing(): string[] {
  const order: string[] = [];
  new MutationObserver((records) => {
    for (const record of records) order.push(nameOf(record.target as Element));
  }).observe(document.body, { subtree: true, attributeFilter: ['data-drawn'] });
  return order;
}

function nameOf(element: Element): string {
  return `${element.tagName.toLowerCase()}.${element.className.split(' ')[0]}`;
}

const later = () => [
  document.querySelector('[data-menu]')!,
  ...document.querySelectorAll('main > :not(:first-child)'),
  document.querySelector('footer')!,
];

describe('the menu’s drawer and the parts below the first screen of the home page', () => {
  beforeEach(async () => {
    await loadPage('index.html');
  });

  test('are each given data-drawn after the page has loaded, one at a time, in page order, the menu’s drawer first, and the hero never', async () => {
    const order = recordDrawing();
    stop = initLater(document);
    // Nothing in the task that started it: each part waits for an idle moment of its own.
    expect(document.querySelectorAll('[data-drawn]')).toHaveLength(0);
    await vi.waitFor(() => expect(later().every((part) => part.hasAttribute('data-drawn'))).toBe(true));
    expect(order).toEqual(later().map(nameOf));
    expect(document.querySelector('main > :first-child')!.hasAttribute('data-drawn')).toBe(false);
  });

  test('stop before the first idle moment leaves every part as it was', async () => {
    stop = initLater(document);
    stop();
    // Asked for after the client's own idle moment, so it comes after it, and after one more
    // (happy-dom has no requestIdleCallback: the client waits 50 ms instead, as on Safari).
    const idle = (then: () => void) => setTimeout(then, 50);
    const twoIdleMoments = () => new Promise<void>((done) => idle(() => requestAnimationFrame(() => idle(done))));
    await twoIdleMoments();
    expect(document.querySelectorAll('[data-drawn]')).toHaveLength(0);
  });
});
