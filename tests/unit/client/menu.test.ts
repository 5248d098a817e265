// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { initMenu } from '../../../client/menu.js';
import { builtSite, hook, loadPage, press } from './client-page.js';

const toggle = () => hook<HTMLButtonElement>('data-menu-toggle');
const menu = () => hook('data-menu');
const overlay = () => hook('data-menu-overlay');
const html = () => document.documentElement;
const menuLinks = () => [...menu().querySelectorAll<HTMLAnchorElement>('a[href]')];

let labels: { open: string; close: string };
let stop: () => void = () => undefined;

/** What a visitor (and a screen reader) can tell about the menu. */
function menuState() {
  return {
    expanded: toggle().getAttribute('aria-expanded'),
    name: toggle().getAttribute('aria-label'),
    open: menu().hasAttribute('data-open'),
    pageLocked: html().hasAttribute('data-menu-open'),
  };
}

const closed = () => ({ expanded: 'false', name: labels.open, open: false, pageLocked: false });
const opened = () => ({ expanded: 'true', name: labels.close, open: true, pageLocked: true });

beforeEach(async () => {
  const { site } = await builtSite();
  labels = { open: site.layout.header.openMenuLabel, close: site.layout.header.closeMenuLabel };
  await loadPage('index.html');
  stop = initMenu(document);
});

afterEach(() => stop());

describe('the mobile menu', () => {
  test('starts closed, its toggle named for opening and pointing at the menu', () => {
    expect(menuState()).toEqual(closed());
    expect(labels).toEqual({ open: 'Open menu', close: 'Close menu' });
    expect(toggle().getAttribute('aria-controls')).toBe(menu().id);
    expect(toggle().getAttribute('data-open-label')).toBe(labels.open);
    expect(menuLinks().map((link) => link.textContent?.trim())).toEqual([
      'Home',
      'About',
      'Services',
      'Contact Us',
      'Get In Touch',
      'Call us +91 90000 00000',
      'Chat on WhatsApp',
      'മലയാളം',
    ]);
  });

  test('the toggle opens it: expanded, renamed "Close menu", page scrolling locked, focus on the first link', () => {
    toggle().focus();
    toggle().click();
    expect(menuState()).toEqual(opened());
    expect(document.activeElement).toBe(menuLinks()[0]);
    expect(document.activeElement?.textContent?.trim()).toBe('Home');
  });

  test('the toggle closes it again and focus returns to the toggle', () => {
    toggle().click();
    toggle().click();
    expect(menuState()).toEqual(closed());
    expect(document.activeElement).toBe(toggle());
  });

  test('Escape closes it and focus returns to the toggle', () => {
    toggle().click();
    press('Escape');
    expect(menuState()).toEqual(closed());
    expect(document.activeElement).toBe(toggle());
  });

  test('a click on the overlay closes it and focus returns to the toggle', () => {
    toggle().click();
    overlay().click();
    expect(menuState()).toEqual(closed());
    expect(document.activeElement).toBe(toggle());
  });

  test.each(['Services', 'Get In Touch'])('following the "%s" link closes it without pulling focus back to the toggle', (name) => {
    toggle().click();
    const link = menuLinks().find((candidate) => candidate.textContent?.trim() === name)!;
    link.focus();
    link.click();
    expect(menuState()).toEqual(closed());
    expect(document.activeElement).toBe(link);
  });

  test('a click inside the open menu that is not on a link leaves it open', () => {
    toggle().click();
    menu().querySelector('ul')!.click();
    expect(menuState()).toEqual(opened());
  });

  test('Escape while it is closed does nothing, not even move focus', () => {
    const link = menuLinks()[2]!;
    link.focus();
    press('Escape');
    expect(menuState()).toEqual(closed());
    expect(document.activeElement).toBe(link);
  });

  test('other keys leave it open', () => {
    toggle().click();
    press('Enter');
    press('Tab');
    expect(menuState()).toEqual(opened());
  });

  test.each(['about/index.html', 'services/index.html', 'contact/index.html', '404.html'])('works the same on %s', async (file) => {
    stop();
    await loadPage(file);
    stop = initMenu(document);
    toggle().click();
    expect(menuState()).toEqual(opened());
    overlay().click();
    expect(menuState()).toEqual(closed());
  });
});

describe('the entry point (client/main.ts)', () => {
  test('wires the menu when the bundle entry runs on a page', async () => {
    await loadPage('about/index.html');
    vi.resetModules();
    // The WhatsApp widget asks for its popup's contents; that answer is not this test's business.
    const fetch = vi.fn(() => new Promise(() => undefined));
    vi.stubGlobal('fetch', fetch);
    try {
      await import('../../../client/main.js');
      toggle().click();
      expect(menuState()).toEqual(opened());
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
