// @vitest-environment happy-dom
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { initMap } from '../../../client/map.js';
import { build } from '../../../generator/build.js';
import { contentWithFixture } from '../../helpers/content.js';
import { hook, loadPage } from './client-page.js';

const box = () => hook('data-map');
const show = () => hook('data-map-show') as HTMLAnchorElement;

let stop: () => void = () => undefined;

afterEach(() => stop());

describe('the map on the contact page', () => {
  beforeEach(async () => {
    await loadPage('contact/index.html');
    stop = initMap(document);
  });

  test('starts without a frame, "Show the map" a link to the map acting as a button', () => {
    expect(document.querySelector('iframe')).toBeNull();
    expect(show().getAttribute('role')).toBe('button');
    expect(show().getAttribute('href')).toMatch(/^https:\/\//);
  });

  test('a click puts the map in the same box, named, and moves the focus to it', () => {
    const src = box().dataset.mapSrc!;
    const title = box().dataset.mapTitle!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    show().dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    const frames = box().querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]!.getAttribute('src')).toBe(src);
    expect(frames[0]!.title).toBe(title);
    // The frame may run the map and open "View larger map" in a tab, and nothing more: no forms, no navigating this page.
    expect(frames[0]!.getAttribute('sandbox')!.split(' ').sort()).toEqual([
      'allow-popups',
      'allow-popups-to-escape-sandbox',
      'allow-same-origin',
      'allow-scripts',
    ]);
    expect(box().children).toHaveLength(1);
    expect(box().hasAttribute('data-map-shown')).toBe(true);
    expect(document.activeElement).toBe(frames[0]);
  });

  test('Space on the button shows the map too; other keys leave it as it is', () => {
    const button = show();
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true }));
    expect(document.querySelector('iframe')).toBeNull();
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    button.dispatchEvent(space);
    expect(space.defaultPrevented).toBe(true);
    expect(box().querySelectorAll('iframe')).toHaveLength(1);
  });
});

test('a page without the map is left alone', async () => {
  await loadPage('index.html');
  expect(() => initMap(document)()).not.toThrow();
  expect(document.querySelector('[data-map], iframe')).toBeNull();
});

test('with two offices, each "Show the map" shows its own office’s map in its own box', async () => {
  const dir = await contentWithFixture('two-offices');
  try {
    const built = await build({ contentDir: path.join(dir, 'content') });
    // loadPage makes the document inert (no scripts, no frames fetched); then the two-office page goes in.
    await loadPage('contact/index.html');
    document.documentElement.innerHTML = String(built.files.find((file) => file.path === 'contact/index.html')!.contents);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  stop = initMap(document);
  const boxes = [...document.querySelectorAll<HTMLElement>('[data-map]')];
  expect(boxes).toHaveLength(2);
  boxes[1]!.querySelector<HTMLAnchorElement>('[data-map-show]')!.click();
  expect(boxes[0]!.querySelector('iframe')).toBeNull();
  expect(boxes[1]!.querySelector('iframe')!.getAttribute('src')).toBe(boxes[1]!.dataset.mapSrc);
  expect(boxes[1]!.dataset.mapSrc).toMatch(/openstreetmap/);
  boxes[0]!.querySelector<HTMLAnchorElement>('[data-map-show]')!.click();
  expect(boxes[0]!.querySelector('iframe')!.getAttribute('src')).toMatch(/google/);
}, 60_000);
