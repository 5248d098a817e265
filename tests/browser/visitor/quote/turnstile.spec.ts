/**
 * A Cloudflare build whose form has a Turnstile site key, served by its own Worker in workerd with
 * the Turnstile secret set: the page may load Turnstile's script, and a visitor whose browser got no
 * token from it, or who has no JavaScript and never gets the check, still has their request reach
 * the relay. The Worker's siteverify address names a closed port, so a
 * request that reached the relay was taken without asking it.
 */
import { spawnSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { ROOT, contentWithFixture } from '../../../helpers/content.js';
import { freePort } from '../../test-site.js';
import { ANSWERS, expect, fillQuote, quoteButton, test } from '../../quote-helpers.js';
import { RelayClient, startRelay, type Relay } from '../../relay.js';
import { startWorkerSite, type WorkerSite } from './worker-site.js';

const SITE_KEY = '1x00000000000000000000AA';
const LANE = 'turnstile';

let relay: Relay;
let site: WorkerSite;
let temp: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  relay = await startRelay();
  temp = await contentWithFixture();
  const siteFile = path.join(temp, 'content', 'site.yaml');
  const doc = parseDocument(await readFile(siteFile, 'utf8'));
  doc.setIn(['form', 'turnstileSiteKey'], SITE_KEY);
  await writeFile(siteFile, doc.toString({ lineWidth: 0 }));
  const out = path.join(temp, 'dist');
  const built = spawnSync(
    'node',
    [
      'bin/site.js',
      'build',
      '--content',
      path.join(temp, 'content'),
      '--out',
      out,
      '--host',
      'cloudflare',
      '--form-endpoint',
      relay.endpoint,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`site build failed (exit ${built.status}):\n${built.stdout}${built.stderr}`);
  const closed = await freePort();
  site = await startWorkerSite(out, `${relay.endpoint}?lane=${LANE}`, {
    TURNSTILE_SECRET: 'the-secret',
    TURNSTILE_VERIFY_URL: `http://127.0.0.1:${closed}/siteverify`,
  });
});

test.afterAll(async () => {
  await site?.close();
  await relay?.close();
  if (temp) await rm(temp, { recursive: true, force: true });
});

const relayed = () => new RelayClient(relay.origin, LANE);

test.beforeEach(async () => {
  await relayed().reset();
});

test('with JavaScript, the page loads Turnstile’s script from Cloudflare within its security policy, and the form still sends', async ({
  page,
  external,
}) => {
  await page.goto(`${site.url}/contact/`);
  // The tests answer every other host with an empty file: the script loads, allowed, and does nothing.
  await expect.poll(() => external.map((request) => request.url)).toContain('https://challenges.cloudflare.com/turnstile/v0/api.js');
  await fillQuote(page);
  await quoteButton(page).click();
  await expect(page.getByRole('main').getByRole('status').getByText('Thank you!', { exact: false })).toBeVisible();
  await expect.poll(async () => (await relayed().submissions()).length).toBe(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('with a Turnstile site key, the form shows no check and the request still reaches the relay', async ({ page }) => {
    await page.goto(`${site.url}/contact/`);
    // The box is in the page for Turnstile's script to fill, which does not run: nothing to answer.
    await expect(page.locator(`[data-sitekey="${SITE_KEY}"]`)).toBeEmpty();
    await fillQuote(page);
    await quoteButton(page).click();
    await expect(page).toHaveURL(`${site.url}/contact/#quote-sent`);
    await expect.poll(async () => (await relayed().submissions()).length).toBe(1);
    const [submission] = await relayed().submissions();
    expect(submission!.fields.name).toBe(ANSWERS[0].value);
    expect(Object.keys(submission!.fields)).not.toContain('cf-turnstile-response');
  });
});
