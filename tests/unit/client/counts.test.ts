// @vitest-environment happy-dom
/**
 * What the page's script counts (client/counts.ts) on the pages the templates render, as the
 * beacons it hands to sendBeacon: the page's address, the event, and a detail only for a service or
 * a language. The pages are a GitHub Pages build's with `data-counts` added, as a Cloudflare
 * build renders it (tests/unit/generator/hosts.test.ts).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { initCounts } from '../../../client/counts.js';
import { initQuoteForm } from '../../../client/quote-form.js';
import { hook, loadPage } from './client-page.js';

let beacons: Array<{ url: string; fields: Record<string, string> }>;
let stopForm: () => void = () => undefined;

beforeEach(() => {
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: URLSearchParams) => {
      beacons.push({ url, fields: Object.fromEntries(body) });
      return true;
    },
  });
});
afterEach(() => {
  stopForm();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(file: string, counts: string | null = '/api/count'): Promise<void> {
  await loadPage(file);
  if (counts) document.body.dataset.counts = counts;
  else document.body.removeAttribute('data-counts');
  // The page's own address: a link an earlier test followed may have left the window elsewhere.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://localhost:3000/${file.replace(/index\.html$/, '')}`,
  );
  initCounts(document);
}

/** Answers every required field: a form the browser lets through. */
function fill(form: HTMLFormElement): void {
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[required]')) {
    if (field instanceof HTMLSelectElement) field.selectedIndex = 1;
    else field.value = field.type === 'email' ? 'anu@example.in' : 'Anu';
  }
}

const events = () => beacons.map(({ fields }) => [fields.e, fields.d]);

it('sends one page view with the page’s address, to the address the page names', async () => {
  await open('ml/contact/index.html');
  expect(beacons).toEqual([{ url: '/api/count', fields: { p: '/ml/contact/', e: 'view', d: '', r: '' } }]);
});

it('sends with a view only the host name of the page the visitor came from, never its address', async () => {
  vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://www.google.co.in/search?q=packers+kochi&client=ms-android');
  await open('services/index.html');
  expect(beacons).toEqual([{ url: '/api/count', fields: { p: '/services/', e: 'view', d: '', r: 'www.google.co.in' } }]);
});

it('sends nothing on a page that names no address for counts (a GitHub Pages build)', async () => {
  await open('contact/index.html', null);
  document.querySelector<HTMLAnchorElement>('a[href^="tel:"]')!.click();
  expect(beacons).toEqual([]);
});

it('counts a tap on a call link and on a WhatsApp chat link', async () => {
  await open('index.html');
  document.querySelector<HTMLAnchorElement>('main a[href^="tel:"], footer a[href^="tel:"]')!.click();
  document.querySelector<HTMLAnchorElement>('a[href^="https://wa.me/"]:not([data-whatsapp-toggle])')!.click();
  expect(events()).toEqual([
    ['view', ''],
    ['call', ''],
    ['whatsapp', ''],
  ]);
});

it('does not count opening the WhatsApp popup, once its button is a button: only a chat started from it', async () => {
  await open('index.html');
  const toggle = hook<HTMLAnchorElement>('data-whatsapp-toggle');
  toggle.setAttribute('role', 'button');
  toggle.addEventListener('click', (event) => event.preventDefault());
  toggle.click();
  expect(events()).toEqual([['view', '']]);
});

it('counts a switch to another language, with the language it leads to', async () => {
  await open('services/index.html');
  document.querySelector<HTMLAnchorElement>('a[hreflang="ml"]')!.click();
  expect(events()).toEqual([
    ['view', ''],
    ['language', 'ml'],
  ]);
});

it('counts the service chosen in the quote form, by its id', async () => {
  await open('contact/index.html');
  const select = document.querySelector<HTMLSelectElement>('select[name=service]')!;
  select.selectedIndex = 1;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  expect(events()).toEqual([
    ['view', ''],
    ['service', select.selectedOptions[0]!.dataset.service],
  ]);
});

it('counts a quote request sent, and one that failed and was then carried to WhatsApp or a call', async () => {
  await open('contact/index.html');
  stopForm = initQuoteForm(document);
  const form = hook<HTMLFormElement>('data-quote-form');
  fill(form);
  const answers = [new Response('{"success":true}'), new Response('down', { status: 500 })];
  vi.stubGlobal('fetch', async () => answers.shift()!);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  hook('data-submit').click();
  await vi.waitFor(() => expect(events()).toContainEqual(['quote-sent', '']));
  fill(form);
  hook('data-submit').click();
  await vi.waitFor(() => expect(events()).toContainEqual(['quote-failed', '']));
  const fallback = hook('data-form-fallback');
  hook<HTMLAnchorElement>('data-fallback-whatsapp').click();
  fallback.querySelector<HTMLAnchorElement>('a[href^="tel:"]')!.click();
  expect(events().slice(-2)).toEqual([
    ['rescued-whatsapp', ''],
    ['rescued-call', ''],
  ]);
});
