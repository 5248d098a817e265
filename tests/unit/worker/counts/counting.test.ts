/**
 * POST /api/count in workerd with a local D1: page views and taps counted per day, page, language
 * and event, and nothing kept that tells one visitor from another; programs are not counted.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { SITE, startWorker, type WorkerHost } from '../../../helpers/worker.js';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const ADDRESS = '203.0.113.7';
const SITE_HOST = new URL(SITE).hostname;

let worker: WorkerHost;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker.close());
beforeEach(async () => {
  await worker.sql('DELETE FROM counts');
});

function beacon(
  fields: Record<string, string>,
  { agent = BROWSER, origin = SITE, cf }: { agent?: string; origin?: string; cf?: Record<string, unknown> } = {},
) {
  // sendBeacon sends a URLSearchParams body as a form, with the page's Origin.
  const headers: Record<string, string> = {
    Origin: origin,
    'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
    'CF-Connecting-IP': ADDRESS,
  };
  if (agent) headers['User-Agent'] = agent;
  return worker.fetch('/api/count', {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
    ...(cf ? { cf } : {}),
  } as RequestInit);
}

const total = async () => (await worker.sql<{ n: number | null }>('SELECT SUM(count) AS n FROM counts'))[0]!.n ?? 0;

it('counts 100 page views and taps, per page, language and event', async () => {
  const sent = [
    // Views from a page of the site itself: steps within a visit, which began elsewhere.
    ...Array.from({ length: 60 }, (_, index) => ({ p: index % 3 ? '/services/' : '/ml/', e: 'view', r: SITE_HOST })),
    ...Array.from({ length: 15 }, () => ({ p: '/contact/', e: 'whatsapp' })),
    ...Array.from({ length: 10 }, () => ({ p: '/', e: 'call' })),
    ...Array.from({ length: 8 }, () => ({ p: '/contact/', e: 'quote-sent' })),
    ...Array.from({ length: 4 }, () => ({ p: '/contact/', e: 'service', d: 'house-shifting' })),
    ...Array.from({ length: 3 }, () => ({ p: '/services/', e: 'language', d: 'ml' })),
  ];
  expect(sent).toHaveLength(100);
  for (const fields of sent) expect((await beacon(fields)).status).toBe(204);
  expect(await total()).toBe(100);
  const rows = await worker.sql('SELECT page, language, event, detail, count FROM counts ORDER BY page, event');
  expect(rows).toEqual([
    { page: '/', language: 'en', event: 'call', detail: '', count: 10 },
    { page: '/contact/', language: 'en', event: 'quote-sent', detail: '', count: 8 },
    { page: '/contact/', language: 'en', event: 'service', detail: 'house-shifting', count: 4 },
    { page: '/contact/', language: 'en', event: 'whatsapp', detail: '', count: 15 },
    { page: '/ml/', language: 'ml', event: 'view', detail: '', count: 20 },
    { page: '/services/', language: 'en', event: 'language', detail: 'ml', count: 3 },
    { page: '/services/', language: 'en', event: 'view', detail: '', count: 40 },
  ]);
});

it.each([
  ['Google', 'www.google.co.in', BROWSER, 'google'],
  ['Google’s app on Android', 'com.google.android.googlequicksearchbox', BROWSER, 'google'],
  ['a link in WhatsApp', 'l.wl.co', BROWSER, 'whatsapp'],
  ['WhatsApp on Android, naming itself', 'com.whatsapp', BROWSER, 'whatsapp'],
  ['WhatsApp’s own browser, naming no page', '', `${BROWSER} WhatsApp/2.23.25.84`, 'whatsapp'],
  ['Facebook', 'l.facebook.com', BROWSER, 'facebook'],
  ['Facebook’s own browser', '', `${BROWSER} [FBAN/FB4A;FBAV/440.0.0.0;]`, 'facebook'],
  ['Instagram', 'l.instagram.com', BROWSER, 'instagram'],
  ['YouTube', 'm.youtube.com', BROWSER, 'youtube'],
  ['YouTube’s app', 'com.google.android.youtube', BROWSER, 'youtube'],
  ['Bing', 'www.bing.com', BROWSER, 'bing'],
  ['another website', 'www.justdial.com', BROWSER, 'other-site'],
  ['a typed or saved address', '', BROWSER, 'direct'],
])('counts where a visit began: %s', async (_name, r, agent, source) => {
  expect((await beacon({ p: '/', e: 'view', r }, { agent })).status).toBe(204);
  expect(await worker.sql('SELECT event, detail, count FROM counts')).toEqual([{ event: 'view', detail: source, count: 1 }]);
});

it('keeps nothing that tells one visitor from another: no address, no user agent, no time finer than the day, no page they came from', async () => {
  await beacon({ p: '/contact/', e: 'view', r: 'www.google.co.in' });
  const columns = (await worker.sql<{ name: string }>('PRAGMA table_info(counts)')).map((column) => column.name);
  expect(columns).toEqual(['day', 'page', 'language', 'event', 'detail', 'count']);
  const [row] = await worker.sql<Record<string, unknown>>('SELECT * FROM counts');
  expect(String(row!.day)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(JSON.stringify(await worker.sql('SELECT * FROM counts'))).not.toMatch(/203\.0\.113|Mozilla|Android|co\.in/);
});

it.each([
  ['Chrome on Android', BROWSER],
  [
    'a page opened inside WhatsApp on Android',
    'Mozilla/5.0 (Linux; Android 13; SM-A145F; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 WhatsApp/2.23.25.84',
  ],
  [
    'a page opened inside WhatsApp on an iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WhatsApp/23.24.79',
  ],
])('counts a view from %s', async (_name, agent) => {
  expect((await beacon({ p: '/', e: 'view' }, { agent })).status).toBe(204);
  expect(await total()).toBe(1);
});

it.each([
  ['WhatsApp fetching a link’s preview', { agent: 'WhatsApp/2.23.20.0 A' }],
  ['a crawler', { agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
  [
    'a headless browser',
    { agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36' },
  ],
  ['a program with no user agent', { agent: '' }],
  ['a bot Cloudflare verified', { cf: { verifiedBotCategory: 'Search Engine Crawler' } }],
  ['a beacon from another site', { origin: 'https://elsewhere.example' }],
])('does not count %s', async (_name, options) => {
  expect((await beacon({ p: '/', e: 'view' }, options)).status).toBe(204);
  expect(await total()).toBe(0);
});

it.each([
  ['an unknown event', { p: '/', e: 'scroll' }],
  ['a page that is not an address of the site', { p: 'https://elsewhere.example/', e: 'view' }],
  ['a page address that climbs out of the site', { p: '/../etc/', e: 'view' }],
  ['a view with a detail, which could carry anything', { p: '/', e: 'view', d: 'visitor-42' }],
  ['a service chosen without its id', { p: '/contact/', e: 'service' }],
])('drops %s', async (_name, fields) => {
  expect((await beacon(fields)).status).toBe(204);
  expect(await total()).toBe(0);
});
