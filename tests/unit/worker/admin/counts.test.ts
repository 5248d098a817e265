/**
 * /admin/counts/: the week and the month at a glance from the counts table and the kept quote
 * requests, in workerd with a local D1; and the words, on hand-made periods.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageName, sentence } from '../../../../worker/admin/counts-page.js';
import type { Period } from '../../../../worker/counts/summary.js';
import { dayOf } from '../../../../worker/counts/store.js';
import { sha256 } from '../../../helpers/worker.js';
import { quoteHostForFile, request } from '../quotes/host.js';

const host = quoteHostForFile();
const DAY = 86_400_000;

async function signedInCookie(): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await host().sql('DELETE FROM sessions');
  await host().sql('DELETE FROM passkeys');
  await host().sql(
    "INSERT INTO passkeys (id, public_key, counter, transports, name, created_at) VALUES ('phone-1', x'010203', 0, '[]', 'Anil’s phone', ?)",
    Date.now(),
  );
  await host().sql(
    "INSERT INTO sessions (token_hash, csrf_token, passkey_id, created_at, expires_at) VALUES (?, 'csrf', 'phone-1', ?, ?)",
    sha256(token),
    Date.now(),
    Date.now() + 3_600_000,
  );
  return `__Host-session=${token}`;
}

async function counted(daysAgo: number, page: string, event: string, count: number, detail = ''): Promise<void> {
  await host().sql(
    'INSERT INTO counts (day, page, language, event, detail, count) VALUES (?, ?, ?, ?, ?, ?)',
    dayOf(Date.now() - daysAgo * DAY),
    page,
    page.startsWith('/ml/') ? 'ml' : 'en',
    event,
    detail,
    count,
  );
}

it('shows the week and the month at a glance: visits, quote requests, WhatsApp chats, calls, the page most came to and where visits began', async () => {
  await host().sql('DELETE FROM counts');
  // Views are counted apart by where the visit began (none: a step within the site).
  await counted(0, '/services/', 'view', 15, 'google');
  await counted(0, '/services/', 'view', 10);
  await counted(2, '/', 'view', 9, 'whatsapp');
  await counted(2, '/', 'view', 4, 'direct');
  await counted(2, '/', 'view', 3, 'google');
  await counted(1, '/contact/', 'whatsapp', 10);
  await counted(1, '/contact/', 'rescued-whatsapp', 2);
  await counted(3, '/', 'call', 3);
  // Outside the week, inside the month.
  await counted(20, '/ml/about/', 'view', 60, 'other-site');
  await counted(20, '/', 'call', 1);
  for (let index = 0; index < 6; index++) await host().post(request({ name: `Visitor ${index}` }), { address: `198.51.100.${index}` });
  // Turned away: the trap filled, and a request without its phone number.
  await host().post(request({ _honey: 'https://spam.example' }));
  await host().post(request({ phone: '' }));
  const answer = await host().fetch('/admin/counts/', { headers: { Cookie: await signedInCookie() } });
  const html = await answer.text();
  expect(html).toContain('<p class="glance">41 visits, 6 quote requests, 12 WhatsApp chats, 3 calls; most came to the services page.</p>');
  expect(html).toContain(
    '<p class="glance">101 visits, 6 quote requests, 12 WhatsApp chats, 4 calls; most came to the Malayalam about page.</p>',
  );
  expect(html).toContain(
    '<p class="sources">Visits began from Google (18), WhatsApp (9), an app or a saved address, naming no website (4).</p>',
  );
  expect(html).toContain(
    '<p class="sources">Visits began from another website (60), Google (18), WhatsApp (9), an app or a saved address, naming no website (4).</p>',
  );
  expect(html).toContain(
    '2 requests that could not be sent reached you through the WhatsApp or call buttons instead. 2 requests were turned away as spam or incomplete, and not sent to you.',
  );
  expect(html.match(/<svg class="chart"/g)).toHaveLength(2);
  // The month's chart says which days its bars are: today and every seventh day back.
  const month = html.match(/<svg class="chart"[\s\S]*?<\/svg>/g)![1]!;
  const labels = [...month.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map(([, text]) => text);
  const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
  expect(labels).toEqual([28, 21, 14, 7, 0].map((back) => day.format(Date.now() - back * DAY)));
});

it('sends a signed-out visitor to /admin/ to sign in and come back', async () => {
  const answer = await host().fetch('/admin/counts/');
  expect([answer.status, answer.headers.get('Location')]).toEqual([303, '/admin/?back=%2Fadmin%2Fcounts%2F']);
});

describe('the words', () => {
  const period = (changes: Partial<Period>): Period => ({
    days: 7,
    from: '2026-11-22',
    to: '2026-11-28',
    visits: 0,
    quotes: 0,
    whatsapp: 0,
    calls: 0,
    rescued: 0,
    refused: 0,
    topPage: null,
    sources: [],
    perDay: [],
    ...changes,
  });

  it('says one of each in the singular, and leaves out the page when nobody came', () => {
    expect(sentence(period({ visits: 1, quotes: 1, whatsapp: 1, calls: 1, topPage: '/' }))).toBe(
      '1 visit, 1 quote request, 1 WhatsApp chat, 1 call; most came to the home page.',
    );
    expect(sentence(period({}))).toBe('0 visits, 0 quote requests, 0 WhatsApp chats, 0 calls.');
  });

  it('names a page by its address, in its language', () => {
    expect([pageName('/'), pageName('/ml/'), pageName('/ml/services/'), pageName('/contact/')]).toEqual([
      'the home page',
      'the Malayalam home page',
      'the Malayalam services page',
      'the contact page',
    ]);
  });
});
