/**
 * The inbox and the counts in /admin/ on the site's own Worker (workerd through Miniflare, with a
 * local D1 from worker/migrations/ and the relay stand-in), at phone width: every button and link
 * a finger's size, the owner marking a request and sending it to email again through the page's
 * own script. The owner is signed in by a session row, as tests/unit/worker/ do: the passkey
 * ceremony itself is admin-passkeys.spec.ts's.
 */
import { randomBytes } from 'node:crypto';
import { Miniflare } from 'miniflare';
import type { Page } from '@playwright/test';
import { dayOf } from '../../../worker/counts/store.js';
import { databaseOf, withDatabase } from '../../helpers/d1-bridge.js';
import { bundle, migrations, sha256 } from '../../helpers/worker.js';
import { startRelay, type RelayStandIn } from '../../unit/worker/quotes/relay.js';
import { expectNoAxeViolations } from '../axe.js';
import { expect, test } from '../fixtures.js';

const PHONE = { width: 360, height: 740 } as const;
const LONG_LINK = `https://www.google.com/maps/place/Kakkanad,+Kochi,+Kerala/@10.0159,76.3419,15z/data=${'!3m1!4b1!4m6!3m5'.repeat(12)}`;

let mf: Miniflare;
let relay: RelayStandIn;
let origin: string;
let cookie: string;
let sql: (query: string, ...values: unknown[]) => Promise<Array<Record<string, unknown>>>;

test.beforeAll(async () => {
  relay = await startRelay();
  mf = new Miniflare(
    withDatabase(
      {
        modules: true,
        script: await bundle(),
        compatibilityDate: '2026-04-01',
        bindings: { FORM_RELAY: relay.url },
        serviceBindings: { ASSETS: () => new Response('Not found.', { status: 404 }) },
      },
      { host: '127.0.0.1', port: 0 },
    ),
  );
  origin = (await mf.ready).origin;
  const database = databaseOf(mf);
  await database.batch(await migrations());
  sql = database.sql;
  const token = randomBytes(32).toString('base64url');
  await sql(
    "INSERT INTO passkeys (id, public_key, counter, transports, name, created_at) VALUES ('phone-1', x'010203', 0, '[]', 'Anil’s phone', ?)",
    Date.now(),
  );
  await sql(
    "INSERT INTO sessions (token_hash, csrf_token, passkey_id, created_at, expires_at) VALUES (?, ?, 'phone-1', ?, ?)",
    sha256(token),
    randomBytes(32).toString('base64url'),
    Date.now(),
    Date.now() + 3_600_000,
  );
  cookie = `__Host-session=${token}`;
  for (const [id, name, state, error] of [
    ['r1', 'Anu Thomas', 'waiting', 'The relay answered 500 Internal Server Error.'],
    ['r2', 'Ravi Menon', 'delivered', null],
  ] as const) {
    const fields = {
      name,
      email: 'anu@example.in',
      phone: '+91 98470 12345',
      service: 'House shifting',
      moveFrom: 'Kochi',
      moveTo: 'Thrissur',
      moveDate: '2026-12-14',
      // A link pasted whole is one word longer than a phone is wide.
      ...(id === 'r2' ? { message: `Our building: ${LONG_LINK}` } : {}),
    };
    await sql(
      'INSERT INTO quote_requests (id, received_at, page, language, fields, state, attempts, next_at, delivered_at, last_error) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)',
      id,
      Date.now() - (id === 'r1' ? 0 : 3_600_000),
      `${origin}/contact/`,
      'en',
      JSON.stringify(fields),
      state,
      Date.now() + 60_000,
      state === 'delivered' ? Date.now() : null,
      error,
    );
  }
  // 41 views: 20 that began at Google, 12 in WhatsApp, 9 steps within a visit.
  for (const [detail, count] of [
    ['google', 20],
    ['whatsapp', 12],
    ['', 9],
  ] as const)
    await sql(
      "INSERT INTO counts (day, page, language, event, detail, count) VALUES (?, '/services/', 'en', 'view', ?, ?)",
      dayOf(Date.now()),
      detail,
      count,
    );
});

test.afterAll(async () => {
  await mf?.dispose();
  await relay?.close();
});

test.use({ viewport: PHONE });

test.beforeEach(async ({ context }) => {
  // The session cookie is __Host- (Secure), which a browser keeps only over https; the header stands in for it.
  await context.setExtraHTTPHeaders({ Cookie: cookie });
});

/** Every button and link on the page that is smaller than a finger (44 by 44 px). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('a, button')]
      .map((element) => ({ name: element.textContent?.trim() ?? '', box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ name, box }) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
}

test('the inbox fits a phone, with every button and link a finger’s size and no accessibility problem', async ({ page }) => {
  await page.goto(`${origin}/admin/requests/`);
  await expect(page.getByRole('heading', { name: 'Quote requests', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Anu Thomas' })).toBeVisible();
  await expect(page.getByText(LONG_LINK)).toBeVisible();
  // The card's own buttons keep their words whole, on one line.
  const lines = await page
    .getByRole('button', { name: 'Contacted' })
    .first()
    .evaluate((button) => {
      const words = document.createRange();
      words.selectNodeContents(button);
      return words.getClientRects().length;
    });
  expect(lines).toBe(1);
  expect(await smallTargets(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
});

test('the owner marks a request contacted, and sends one that never reached the email again', async ({ page }) => {
  await page.goto(`${origin}/admin/requests/`);
  const anu = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Anu Thomas' }) });
  await expect(anu.getByText('Not in your email yet. Your email service did not take it.')).toBeVisible();
  await anu.getByRole('button', { name: 'Contacted' }).click();
  await expect(anu.getByRole('button', { name: 'Contacted' })).toHaveAttribute('aria-pressed', 'true');
  expect(await sql("SELECT handled FROM quote_requests WHERE id = 'r1'")).toEqual([{ handled: 'contacted' }]);

  relay.answer('accept');
  await anu.getByRole('button', { name: 'Send to email again' }).click();
  await expect(anu.getByText(/^Sent to your email/)).toBeVisible();
  expect(relay.received.map((entry) => entry.fields.name)).toEqual(['Anu Thomas']);
});

test('a tap that fails offline is answered inside the request’s card, not at the foot of the list', async ({ page, context, issues }) => {
  // Chromium reports the request the offline phone could not make, twice.
  issues.allow('requestfailed', /\/api\/requests\/r2\/handled: net::ERR_INTERNET_DISCONNECTED/);
  issues.allow('console', /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  await page.goto(`${origin}/admin/requests/`);
  const ravi = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ravi Menon' }) });
  await context.setOffline(true);
  await ravi.getByRole('button', { name: 'Done' }).click();
  const said = ravi.getByRole('alert');
  await expect(said).toHaveText('The site could not be reached. Check this phone’s internet connection and try again.');
  await expect(said).toBeInViewport();
  await context.setOffline(false);
  expect(await sql("SELECT handled FROM quote_requests WHERE id = 'r2'")).toEqual([{ handled: 'new' }]);
});

test('the visits fit a phone, in one sentence with where visits began and a chart, with no accessibility problem', async ({ page }) => {
  await page.goto(`${origin}/admin/counts/`);
  await expect(
    page.getByText('41 visits, 2 quote requests, 0 WhatsApp chats, 0 calls; most came to the services page.').first(),
  ).toBeVisible();
  await expect(page.getByText('Visits began from Google (20), WhatsApp (12).').first()).toBeVisible();
  await expect(page.getByRole('img', { name: /^Visits each day/ })).toHaveCount(2);
  expect(await smallTargets(page)).toEqual([]);
  await expectNoAxeViolations(page);
});
