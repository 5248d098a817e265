import path from 'node:path';
// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { parse } from 'yaml';
import { initWhatsApp } from '../../../client/whatsapp.js';
import { whatsappUrl } from '../../../templates/links.js';
import { hook, loadPage, popupFromBuild, press } from './client-page.js';
import { SAMPLE_CONTENT } from '../../helpers/content.js';

interface WhatsAppContent {
  openLabel: string;
  closeLabel: string;
  actions: { id: string; title: string; message: string }[];
  startChat: { label: string; message: string };
}

/** The content as the operator wrote it, read straight from the YAML. */
const content = parse(readFileSync(path.join(SAMPLE_CONTENT, 'whatsapp.yaml'), 'utf8')) as WhatsAppContent;
const companyNumber: string = parse(readFileSync(path.join(SAMPLE_CONTENT, 'site.yaml'), 'utf8')).contact.whatsapp;
/** '+91 90000 00000' → '919000000000', the form wa.me wants. */
const waDigits = companyNumber.replace(/\D/g, '');

const widget = () => hook('data-whatsapp');
const toggle = () => hook<HTMLAnchorElement>('data-whatsapp-toggle');
const popup = () => hook('data-whatsapp-popup');
const closeButton = () => hook<HTMLButtonElement>('data-whatsapp-close');
const actions = () => [...popup().querySelectorAll<HTMLAnchorElement>('[data-whatsapp-action]')];
const action = (name: string) => {
  const found = actions().find((link) => link.textContent?.trim() === name);
  if (!found) throw new Error(`No quick action "${name}" in the popup`);
  return found;
};

/** What a visitor (and a screen reader) can tell about the widget. */
function widgetState() {
  return {
    role: toggle().getAttribute('role'),
    expanded: toggle().getAttribute('aria-expanded'),
    name: toggle().getAttribute('aria-label'),
    popupShown: !popup().hidden,
    open: widget().hasAttribute('data-open'),
  };
}

const closed = () => ({ role: 'button', expanded: 'false', name: content.openLabel, popupShown: false, open: false });
const opened = () => ({ role: 'button', expanded: 'true', name: content.closeLabel, popupShown: true, open: true });

/** Clicks like a person and reports whether the page stopped the browser's own handling of it. */
function click(element: HTMLElement): { defaultPrevented: boolean } {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return { defaultPrevented: event.defaultPrevented };
}

let stop: () => void = () => undefined;

/** Starts the widget with its popup's contents served from the build, and waits until its button is ready. */
async function start(): Promise<void> {
  stop = initWhatsApp(document, popupFromBuild);
  await vi.waitFor(() => expect(toggle().getAttribute('role')).toBe('button'));
}

beforeEach(async () => {
  await loadPage('index.html');
});

afterEach(() => stop());

describe('without JavaScript', () => {
  test('the toggle is a plain link to a chat with the Start Chat message, and the popup is hidden', () => {
    expect(toggle().hasAttribute('role')).toBe(false);
    expect(toggle().getAttribute('aria-label')).toBe(content.openLabel);
    expect(new URL(toggle().href).searchParams.get('text')).toBe(content.startChat.message);
    expect(popup().hidden).toBe(true);
  });

  test('the page carries only where the popup’s contents are, not the contents', () => {
    expect(popup().children).toHaveLength(0);
    expect(popup().dataset.whatsappSrc).toMatch(/^\/assets\/whatsapp\/en\.[0-9a-f]{10}$/);
  });
});

describe('the popup’s contents', () => {
  test('until they arrive the toggle stays a plain link, so a tap opens the chat; then it becomes the button', async () => {
    let deliver: (html: string) => void = () => undefined;
    const load = vi.fn((src: string) => new Promise<string>((resolve) => (deliver = resolve)).then(() => popupFromBuild(src)));
    stop = initWhatsApp(document, load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(toggle().hasAttribute('role')).toBe(false);
    expect(click(toggle())).toEqual({ defaultPrevented: false });
    deliver('');
    await vi.waitFor(() => expect(toggle().getAttribute('role')).toBe('button'));
    expect(actions()).toHaveLength(content.actions.length + 1);
  });

  test('are asked for once, however often the visitor reaches for the button', async () => {
    const load = vi.fn(popupFromBuild);
    stop = initWhatsApp(document, load);
    toggle().dispatchEvent(new Event('pointerenter'));
    toggle().focus();
    await vi.waitFor(() => expect(toggle().getAttribute('role')).toBe('button'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(popup().dataset.whatsappSrc);
  });

  test('when they cannot be had, the toggle stays a plain link to the chat', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    stop = initWhatsApp(document, load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await load.mock.results[0]!.value.catch(() => undefined);
    await Promise.resolve();
    expect(toggle().hasAttribute('role')).toBe(false);
    expect(popup().children).toHaveLength(0);
    expect(click(toggle())).toEqual({ defaultPrevented: false });
  });
});

describe('the WhatsApp widget', () => {
  beforeEach(start);

  test('starts closed, its toggle now a button that controls the popup', () => {
    expect(widgetState()).toEqual(closed());
    expect(toggle().getAttribute('aria-controls')).toBe(popup().id);
    expect(popup().id).not.toBe('');
    expect(toggle().querySelector('[data-whatsapp-pulse]')).not.toBeNull();
  });

  test('clicking the toggle opens the popup instead of following the link, and moves focus into it', () => {
    toggle().focus();
    expect(click(toggle())).toEqual({ defaultPrevented: true });
    expect(widgetState()).toEqual(opened());
    expect(popup().contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(action(content.actions[0]!.title));
  });

  test('clicking the toggle again closes it, focus back on the toggle, still without following the link', () => {
    click(toggle());
    expect(click(toggle())).toEqual({ defaultPrevented: true });
    expect(widgetState()).toEqual(closed());
    expect(document.activeElement).toBe(toggle());
  });

  test('the close button closes it and focus returns to the toggle', () => {
    click(toggle());
    expect(closeButton().getAttribute('aria-label')).toBe(content.closeLabel);
    click(closeButton());
    expect(widgetState()).toEqual(closed());
    expect(document.activeElement).toBe(toggle());
  });

  test('Escape closes it and focus returns to the toggle', () => {
    click(toggle());
    press('Escape');
    expect(widgetState()).toEqual(closed());
    expect(document.activeElement).toBe(toggle());
  });

  test('Escape while it is closed leaves focus where it was', () => {
    const link = document.querySelector<HTMLAnchorElement>('main a[href]')!;
    link.focus();
    press('Escape');
    expect(widgetState()).toEqual(closed());
    expect(document.activeElement).toBe(link);
  });

  test('Space on the focused toggle opens and closes it like any button, without scrolling the page', () => {
    toggle().focus();
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    toggle().dispatchEvent(space);
    expect(space.defaultPrevented).toBe(true);
    expect(widgetState()).toEqual(opened());
    press(' ', toggle());
    expect(widgetState()).toEqual(closed());
  });

  test('a click inside the popup that is not on a link or the close button keeps it open', () => {
    click(toggle());
    click(popup().querySelector('p')!);
    expect(widgetState()).toEqual(opened());
  });

  test.each([...content.actions.map((a) => a.title), content.startChat.label])(
    '"%s" opens WhatsApp in a new tab and closes the popup',
    (name) => {
      click(toggle());
      const link = action(name);
      expect(link.target).toBe('_blank');
      expect(link.rel.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
      expect(click(link)).toEqual({ defaultPrevented: false });
      expect(widgetState()).toEqual(closed());
      expect(document.activeElement).toBe(toggle());
    },
  );
});

describe('the chat links the page renders', () => {
  beforeEach(start);

  /** The message a wa.me link prefills, checking the rest of the link on the way. */
  function chatMessage(href: string): string | null {
    const url = new URL(href);
    expect(url.origin).toBe('https://wa.me');
    expect(url.pathname).toBe(`/${waDigits}`);
    expect([...url.searchParams.keys()]).toEqual(['text']);
    expect(url.hash).toBe('');
    return url.searchParams.get('text');
  }

  test.each(content.actions.map((a) => [a.title, a.message]))('"%s" prefills: %s', (title, message) => {
    const href = action(title).getAttribute('href')!;
    expect(chatMessage(href)).toBe(message);
    // Followed, it is the fully encoded address, with spaces as %20 (not +), which every WhatsApp client reads the same way.
    expect(new URL(href).href).toBe(`https://wa.me/${waDigits}?text=${encodeURIComponent(message)}`);
  });

  test('Start Chat and the toggle itself prefill the default message', () => {
    expect(chatMessage(action(content.startChat.label).href)).toBe(content.startChat.message);
    expect(chatMessage(toggle().href)).toBe(content.startChat.message);
  });

  test('every page has the same widget with every quick action', async () => {
    for (const file of ['about/index.html', 'services/index.html', 'contact/index.html', '404.html']) {
      stop();
      await loadPage(file);
      await start();
      expect(
        actions().map((link) => chatMessage(link.href)),
        file,
      ).toEqual([...content.actions.map((a) => a.message), content.startChat.message]);
    }
  });
});

describe('whatsappUrl (templates/links.ts)', () => {
  test('encodes &, #, ?, commas and spaces, and Malayalam as the browser will, so the whole message arrives', () => {
    const message = 'Tea & snacks? Flat #4, നമസ്കാരം';
    const url = whatsappUrl('+91 90000 00000', message);
    // The page carries the letters themselves, a third of the bytes of their escapes…
    expect(url).toBe('https://wa.me/919000000000?text=Tea%20%26%20snacks%3F%20Flat%20%234%2C%20നമസ്കാരം');
    // …and the address the browser asks for is the fully encoded one.
    const parsed = new URL(url);
    expect(parsed.href).toBe(
      'https://wa.me/919000000000?text=Tea%20%26%20snacks%3F%20Flat%20%234%2C%20' +
        '%E0%B4%A8%E0%B4%AE%E0%B4%B8%E0%B5%8D%E0%B4%95%E0%B4%BE%E0%B4%B0%E0%B4%82',
    );
    expect(parsed.searchParams.get('text')).toBe(message);
    expect(parsed.hash).toBe('');
    expect([...parsed.searchParams.keys()]).toEqual(['text']);
  });

  test('keeps invisible joiners and direction marks escaped, so nothing unseen sits in the page', () => {
    const url = whatsappUrl('+91 90000 00000', 'അവന്\u200d\u200f ₹500');
    expect(url).toBe('https://wa.me/919000000000?text=അവന്%E2%80%8D%E2%80%8F%20%E2%82%B9500');
    expect(new URL(url).searchParams.get('text')).toBe('അവന്\u200d\u200f ₹500');
  });

  test('drops the + and the spaces of the number', () => {
    expect(whatsappUrl('+91 98470-12345', 'Hi')).toBe('https://wa.me/919847012345?text=Hi');
  });
});
