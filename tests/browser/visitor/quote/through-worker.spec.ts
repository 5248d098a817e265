/**
 * The quote form of a Cloudflare build, as published: the site and its own Worker in Cloudflare's
 * runtime (workerd through Miniflare, with worker/wrangler.jsonc's settings and a local D1), the relay a stand-in. The form
 * posts to /api/quote; the Worker keeps the request and sends it on to the relay the build names.
 *
 * The tests share one Worker, whose limit of requests an address an hour one of them uses up on
 * purpose, so they run in order.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT, readSample } from '../../../helpers/content.js';
import { startCloudflare, type HostServer } from '../../../helpers/cloudflare.js';
import { expect, test } from '../../fixtures.js';
import { ANSWERS, useUpTheHour } from '../../quote-helpers.js';
import { RelayClient, startRelay, type Relay, type Submission } from '../../relay.js';

interface ContactContent {
  form: { submit: string; success: string; error: string; fallback: { whatsapp: string }; fields: Record<string, { label: string }> };
}
const CONTENT = { en: readSample<ContactContent>('pages/contact.yaml'), ml: readSample<ContactContent>('ml/pages/contact.yaml') };
const PAGES = { en: 'contact/', ml: 'ml/contact/' } as const;
type Language = keyof typeof PAGES;

test.describe.configure({ mode: 'serial' });

let relay: Relay;
let relayClient: RelayClient;
let site: HostServer;
let temp: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  relay = await startRelay();
  // The Worker's requests carry no lane: they land in the relay's unnamed one.
  relayClient = new RelayClient(relay.origin);
  temp = await mkdtemp(path.join(tmpdir(), 'site-worker-quote-'));
  const out = path.join(temp, 'dist');
  const built = spawnSync(
    'node',
    ['bin/site.js', 'build', '--content', 'tests/sample/content', '--out', out, '--host', 'cloudflare', '--form-endpoint', relay.endpoint],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`site build failed (exit ${built.status}):\n${built.stdout}${built.stderr}`);
  site = await startCloudflare(out, { worker: true, migrate: true });
});

test.afterAll(async () => {
  await site?.close();
  await relay?.close();
  if (temp) await rm(temp, { recursive: true, force: true });
});

test.beforeEach(async () => {
  await relayClient.reset();
});

/** Fills every field by its label in the page's language; the service is the list's first. */
async function fillForm(page: Page, language: Language): Promise<void> {
  const { fields } = CONTENT[language].form;
  for (const answer of ANSWERS) {
    const control = page.getByLabel(fields[answer.field]!.label, { exact: true });
    if ('select' in answer) await control.selectOption({ index: 1 });
    else await control.fill(answer.value);
  }
}

async function relayed(): Promise<Submission> {
  await expect
    .poll(async () => (await relayClient.submissions()).length, { message: 'the relay received one request from the Worker' })
    .toBe(1);
  const [submission] = await relayClient.submissions();
  // The Worker sends it on as the page's script would: form data, asking for JSON.
  expect(submission!.kind).toBe('fetch');
  for (const answer of ANSWERS) {
    if (!('select' in answer)) expect(submission!.fields[answer.field]?.replace(/\r\n/g, '\n'), answer.field).toBe(answer.value);
  }
  return submission!;
}

for (const language of ['en', 'ml'] as const) {
  test(`with JavaScript, the ${language} form posts to the site’s own Worker, which sends the request on to the relay`, async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posts.push(new URL(request.url()).pathname));
    await page.goto(`${site.url}${PAGES[language]}`);
    await fillForm(page, language);
    await page.getByRole('button', { name: CONTENT[language].form.submit }).click();
    await expect(page.getByRole('status').getByText(CONTENT[language].form.success)).toBeVisible();
    // The form's one post, among the page's counts (a view, the service chosen, the send), all to the Worker.
    expect(posts.filter((address) => address === '/api/quote')).toHaveLength(1);
    expect(new Set(posts)).toEqual(new Set(['/api/quote', '/api/count']));
    const { fields } = await relayed();
    // Titled the way the page's script titles it: the form's subject prefix, then the name.
    expect(fields.subject).toMatch(new RegExp(` - ${ANSWERS[0].value}$`));
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const language of ['en', 'ml'] as const) {
    test(`the ${language} form posts to the Worker, which sends the visitor back to the page’s sent note`, async ({ page }) => {
      await page.goto(`${site.url}${PAGES[language]}`);
      await fillForm(page, language);
      await page.getByRole('button', { name: CONTENT[language].form.submit }).click();
      await expect(page).toHaveURL(`${site.url}${PAGES[language]}#quote-sent`);
      await expect(page.getByText(CONTENT[language].form.success).filter({ visible: true })).toHaveCount(1);
      const { fields } = await relayed();
      // The relay never sees the fields that steered the plain post.
      expect(Object.keys(fields)).not.toContain('_next');
      expect(Object.keys(fields)).not.toContain('_honey');
    });
  }
});

test('when the relay fails, the visitor is told the request was received: the Worker keeps it to send again', async ({ page }) => {
  await relayClient.set({ mode: 'error' });
  await page.goto(`${site.url}${PAGES.en}`);
  await fillForm(page, 'en');
  await page.getByRole('button', { name: CONTENT.en.form.submit }).click();
  await expect(page.getByRole('status').getByText(CONTENT.en.form.success)).toBeVisible();
  await relayed();
});

test('a visit from Google is counted as one that began there, and the next page of the same visit as a step within it', async ({
  browser,
}) => {
  // A phone's own browser: the Worker counts no headless one.
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  await site.database!.sql('DELETE FROM counts');
  await page.goto(new URL('about/', site.url).href, { referer: 'https://www.google.co.in/' });
  await page.locator('a[href="/services/"]').first().click();
  await page.waitForURL(/\/services\/$/);
  const views = () =>
    site.database!.sql<{ page: string; detail: string }>("SELECT page, detail FROM counts WHERE event = 'view' ORDER BY page");
  await expect.poll(views).toEqual([
    { page: '/about/', detail: 'google' },
    { page: '/services/', detail: '' },
  ]);
  await context.close();
});

test('when the Worker turns a request away (over an address’s hourly limit, the hour’s held share used up), the error and the WhatsApp and call fallback show', async ({
  page,
  issues,
}) => {
  // The page logs its failed send, and Chromium the 429 it got.
  issues.allow('console', /^Failed to load resource|quote/i);
  await useUpTheHour(page, site);
  await relayClient.reset();
  await page.goto(`${site.url}${PAGES.en}`);
  await fillForm(page, 'en');
  await page.getByRole('button', { name: CONTENT.en.form.submit }).click();
  await expect(page.getByText(CONTENT.en.form.error)).toBeVisible();
  await expect(page.getByRole('link', { name: CONTENT.en.form.fallback.whatsapp })).toBeVisible();
  expect(await relayClient.submissions()).toEqual([]);
  // Every value stays, to send again or to carry to WhatsApp.
  await expect(page.getByLabel(CONTENT.en.form.fields.name!.label, { exact: true })).toHaveValue(ANSWERS[0].value);
});

for (const reload of [false, true]) {
  test(`a request whose answer is lost on the way is kept and sent on once when the visitor sends it again${reload ? ' after reloading the page' : ''}`, async ({
    page,
    issues,
  }) => {
    // The page logs the send it saw fail, and Chromium the connection it saw dropped.
    issues.allow('console', /^Failed to load resource|quote/i);
    issues.allow('requestfailed', /\/api\/quote: net::ERR_CONNECTION_RESET$/);
    // A new hour for this address: a test before reached its limit on purpose.
    await site.database!.sql('DELETE FROM quote_senders');
    await site.database!.sql('DELETE FROM quote_requests');
    // The first answer never reaches the phone (its connection drops), though the Worker kept the request.
    let lost = false;
    await page.route('**/api/quote', async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.goto(`${site.url}${PAGES.en}`);
    await fillForm(page, 'en');
    const send = page.getByRole('button', { name: CONTENT.en.form.submit });
    await send.click();
    await expect(page.getByText(CONTENT.en.form.error)).toBeVisible();
    if (reload) {
      await page.reload();
      // The form comes back filled, saying it was not sent, not as if nothing had happened.
      await expect(page.getByText(CONTENT.en.form.error)).toBeVisible();
      await expect(page.getByLabel(CONTENT.en.form.fields.name!.label, { exact: true })).toHaveValue(ANSWERS[0].value);
    }
    await send.click();
    await expect(page.getByRole('status').getByText(CONTENT.en.form.success)).toBeVisible();
    expect(await site.database!.sql('SELECT COUNT(*) AS n FROM quote_requests')).toEqual([{ n: 1 }]);
    await relayed();
  });
}
