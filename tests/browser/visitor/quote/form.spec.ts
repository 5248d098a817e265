/**
 * The quote form on /contact against the stand-in relay: posting to it directly (GitHub Pages) and
 * through the site's own Worker (Cloudflare), which keeps the request and sends it on.
 *
 * Every test here talks to the one relay the site was built for, so they all live in this file:
 * Playwright runs one file's tests one after another in a single worker.
 */
import type { Page } from '@playwright/test';
import { QUOTE_FIELD_LIMITS } from '../../../../generator/contract/quote-fields.js';
import { pauseClockBeforeLoad, runPastNextFrame } from '../../clock.js';
import type { Issues } from '../../fixtures.js';
import { THROUGH_WORKER, TO_RELAY, WORKER_FAILURES, expect, test, type Through } from '../../quote-helpers.js';
import type { RelayClient } from '../../relay.js';

const SUCCESS = "Thank you! We'll contact you within 24 hours with your free quote.";
const FAILURE = 'Sorry, something went wrong. Please try again or contact us directly.';
const SUBJECT_PREFIX = 'New Moving Quote Request - ';
const SUCCESS_MS = 5000;
const TIMEOUT_MS = 20_000;

/** What a visitor types, by the field's label, with the name the relay receives it under. */
const ANSWERS = [
  { label: 'Full Name *', field: 'name', value: 'Anjali Menon' },
  { label: 'Email Address *', field: 'email', value: 'anjali.menon@example.in' },
  { label: 'Phone Number *', field: 'phone', value: '+91 98470 12345' },
  { label: 'Service Required *', field: 'service', value: 'Packing & Unpacking', select: true },
  { label: 'Moving From *', field: 'moveFrom', value: 'Kakkanad, Kochi' },
  { label: 'Moving To *', field: 'moveTo', value: 'Thiruvananthapuram' },
  { label: 'Moving Date', field: 'moveDate', value: '2030-05-20' },
  { label: 'Additional Details', field: 'message', value: 'Two-bedroom flat on the 3rd floor, lift available.\nഒരു പിയാനോയും ഉണ്ട്.' },
] as const;

async function fillForm(page: Page): Promise<void> {
  for (const answer of ANSWERS) {
    const control = page.getByLabel(answer.label, { exact: true });
    if ('select' in answer) await control.selectOption({ label: answer.value });
    else await control.fill(answer.value);
  }
}

async function expectValues(page: Page, filled: boolean): Promise<void> {
  for (const answer of ANSWERS) {
    await expect(page.getByLabel(answer.label, { exact: true })).toHaveValue(filled ? answer.value : '');
  }
}

const submitButton = (page: Page) => page.getByRole('button', { name: 'Get Free Quote' });
const sendingButton = (page: Page) => page.getByRole('button', { name: 'Sending...' });
const status = (page: Page) => page.getByRole('status');

/** `kind` is how the page sent it; the Worker sends every request on as the page's script does. */
async function expectSubmission(relay: RelayClient, kind: 'fetch' | 'plain', through: Through = 'relay') {
  await expect.poll(async () => (await relay.submissions()).length, { message: 'the relay received one submission' }).toBe(1);
  const [submission] = await relay.submissions();
  expect(submission?.kind).toBe(through === 'worker' ? 'fetch' : kind);
  const fields = submission!.fields;
  // Form encoding turns every line break into CRLF (HTML's rule for submitted text).
  for (const answer of ANSWERS) expect(fields[answer.field]?.replace(/\r\n/g, '\n'), `field ${answer.field}`).toBe(answer.value);
  return fields;
}

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    // The 5 s success message and the 20 s relay timeout move only when a test moves the clock.
    await pauseClockBeforeLoad(page);
    await page.goto('/contact/');
  });

  test('an empty submit is stopped by the browser and sends nothing', async ({ page, relay, through }) => {
    await submitButton(page).click();
    const name = page.getByLabel('Full Name *', { exact: true });
    await expect(name).toBeFocused();
    expect(await name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    for (const label of ['Email Address *', 'Phone Number *', 'Service Required *', 'Moving From *', 'Moving To *']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveJSProperty('required', true);
    }
    await expect(page.getByLabel('Phone Number *', { exact: true })).toHaveAttribute('type', 'tel');
    await expect(page.getByLabel('Phone Number *', { exact: true })).toHaveAttribute('placeholder', '+91 XXXXX XXXXX');
    await expect(page.getByLabel('Email Address *', { exact: true })).toHaveAttribute('type', 'email');
    await expect(submitButton(page)).toBeEnabled();
    await expect(status(page).getByText(SUCCESS)).toBeHidden();
    await expect(status(page).getByText(FAILURE)).toBeHidden();
    // Nothing went out: the first request the relay receives is the complete one sent next.
    await fillForm(page);
    await submitButton(page).click();
    await runPastNextFrame(page);
    await expect(status(page).getByText(SUCCESS)).toBeVisible();
    await expectSubmission(relay, 'fetch', through);
  });

  test('a message pasted longer than the site takes is cut at the form’s limit, and the request still goes', async ({ page, relay }) => {
    await fillForm(page);
    const limit = QUOTE_FIELD_LIMITS.message;
    const pasted = 'Please call after 6 pm. '.repeat(Math.ceil((limit + 500) / 24));
    const message = page.getByLabel('Additional Details', { exact: true });
    await message.fill(pasted);
    await expect(message).toHaveValue(pasted.slice(0, limit));
    await submitButton(page).click();
    await runPastNextFrame(page);
    await expect(status(page).getByText(SUCCESS)).toBeVisible();
    await expect.poll(async () => (await relay.submissions()).length).toBe(1);
    const [submission] = await relay.submissions();
    expect(submission?.fields.message?.length).toBe(pasted.slice(0, limit).trim().length);
  });

  test('a full submit shows "Sending...", reaches the relay with every field and shows the success message for 5 s', async ({
    page,
    relay,
    through,
  }) => {
    // The relay holds the request until the test has seen the form while it is being sent.
    await relay.set({ mode: 'hang' });
    await fillForm(page);
    await submitButton(page).click();
    await runPastNextFrame(page);

    await expect(sendingButton(page)).toBeVisible();
    await expect(sendingButton(page)).toBeDisabled();

    const fields = await expectSubmission(relay, 'fetch', through);
    expect(fields.subject).toBe(`${SUBJECT_PREFIX}Anjali Menon`);
    const released = await relay.release('ok');
    // The Worker waits for the relay a few seconds only, then answers the visitor and retries later.
    expect(released).toBe(through === 'worker' ? Math.min(released, 1) : 1);

    await expect(status(page).getByText(SUCCESS)).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
    await expectValues(page, false);
    await expect(status(page).getByText(FAILURE)).toBeHidden();

    await page.clock.runFor(SUCCESS_MS - 100);
    await expect(status(page).getByText(SUCCESS)).toBeVisible();
    await page.clock.runFor(200);
    await expect(status(page).getByText(SUCCESS)).toBeHidden();
  });

  const failures = [
    { title: 'the relay answers 500', mode: { mode: 'error' as const }, requestFails: false },
    { title: 'the connection drops', mode: { mode: 'drop' as const }, requestFails: true },
    { title: 'the relay refuses with success "false"', mode: { mode: 'refuse' as const }, requestFails: false },
    { title: 'the relay is too slow', mode: { mode: 'hang' as const }, requestFails: true },
  ];
  for (const failure of failures) {
    test(`when ${failure.title}: the error message shows, every value stays and the next submit clears it`, { tag: TO_RELAY }, async ({
      page,
      relay,
      issues,
    }) => {
      allowFailureNoise(issues);
      await relay.set(failure.mode);
      await fillForm(page);
      await submitButton(page).click();
      await runPastNextFrame(page);
      await expectSubmission(relay, 'fetch');

      if (failure.mode.mode === 'hang') {
        // The form gives up after data-timeout-ms (20 s), not before.
        await page.clock.runFor(TIMEOUT_MS - 100);
        await expect(sendingButton(page)).toBeDisabled();
        await page.clock.runFor(200);
      }

      await expectFailureShown(page, issues);
      await expectNextSubmitClears(page, relay, 2);
    });

    test(`when ${failure.title} to the Worker: the request is kept and the visitor is told it was received`, {
      tag: THROUGH_WORKER,
    }, async ({ page, relay }) => {
      await relay.set(failure.mode);
      await fillForm(page);
      await submitButton(page).click();
      await runPastNextFrame(page);
      await expectSubmission(relay, 'fetch', 'worker');
      // No page timer is involved: the Worker stops waiting for a slow relay on its own clock.
      await expect(status(page).getByText(SUCCESS)).toBeVisible();
      await expect(status(page).getByText(FAILURE)).toBeHidden();
      await expectValues(page, false);
    });
  }

  for (const failure of WORKER_FAILURES) {
    test(`when ${failure.title}: the error message shows, every value stays and the next submit clears it`, {
      tag: THROUGH_WORKER,
    }, async ({ page, relay, issues, workerSite }) => {
      allowFailureNoise(issues);
      // While the Worker is away, so is the rest of the site: the WhatsApp widget's lazy files too.
      issues.allow('requestfailed', /net::ERR_CONNECTION_REFUSED$/);
      await failure.cause(page, workerSite!);
      await relay.reset();
      await fillForm(page);
      await submitButton(page).click();
      await runPastNextFrame(page);

      await expectFailureShown(page, issues);
      expect(await relay.submissions()).toEqual([]);
      await expectNextSubmitClears(page, relay, 1, () => failure.recover(page, workerSite!));
    });
  }
});

async function expectFailureShown(page: Page, issues: Issues): Promise<void> {
  await expect(status(page).getByText(FAILURE)).toBeVisible();
  await expect(status(page).getByText(SUCCESS)).toBeHidden();
  await expect(submitButton(page)).toBeEnabled();
  await expectValues(page, true);
  const ownLog = issues.of('console').filter((issue) => !issue.text.startsWith('Failed to load resource'));
  expect(ownLog.length, 'the page logged the failure to the console').toBeGreaterThan(0);
}

/**
 * The error stays until the next submit, which clears it at once and, once `recover` put right what
 * failed, is the relay's `received`th request.
 */
async function expectNextSubmitClears(page: Page, relay: RelayClient, received: number, recover?: () => Promise<void>): Promise<void> {
  await page.clock.runFor(SUCCESS_MS * 2);
  await expect(status(page).getByText(FAILURE)).toBeVisible();
  await recover?.();
  await relay.set({ mode: 'hang' });
  await submitButton(page).click();
  await runPastNextFrame(page);
  await expect(sendingButton(page)).toBeDisabled();
  await expect(status(page).getByText(FAILURE)).toBeHidden();
  await expect.poll(async () => (await relay.submissions()).length).toBe(received);
  await relay.release('ok');
  await expect(status(page).getByText(SUCCESS)).toBeVisible();
}

/** A failed send logs the page's own error, and Chromium adds its own line for the failed load. */
function allowFailureNoise(issues: Issues): void {
  issues.allow('console', /^Failed to load resource|quote|relay|send/i);
  issues.allow('requestfailed', /\/(submit|api\/quote|api\/count): net::ERR_/);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts to the relay, which sends the visitor back to the success note', { tag: TO_RELAY }, async ({ page, relay, env }) => {
    await page.goto('/contact/');
    await fillForm(page);
    await submitButton(page).click();
    await expect(page).toHaveURL('/contact/#quote-sent');
    const fields = await expectSubmission(relay, 'plain');
    expect(fields._next).toBe(`${env.baseURL}/contact/#quote-sent`);
    expect(fields.subject?.startsWith(SUBJECT_PREFIX.trim())).toBe(true);
    await expect(page.getByText(SUCCESS).filter({ visible: true })).toHaveCount(1);
  });

  test('the form posts to the Worker, which sends the request on and the visitor back to the success note', {
    tag: THROUGH_WORKER,
  }, async ({ page, relay }) => {
    await page.goto('/contact/');
    await fillForm(page);
    await submitButton(page).click();
    await expect(page).toHaveURL('/contact/#quote-sent');
    const fields = await expectSubmission(relay, 'plain', 'worker');
    // The fields that steered the plain post stay with the Worker.
    expect(Object.keys(fields)).not.toContain('_next');
    expect(fields.subject).toBe(`${SUBJECT_PREFIX}Anjali Menon`);
    await expect(page.getByText(SUCCESS).filter({ visible: true })).toHaveCount(1);
  });

  test('when the Worker turns the request away, the page says so and offers WhatsApp and a call', { tag: THROUGH_WORKER }, async ({
    page,
    relay,
    workerSite,
  }) => {
    await page.goto('/contact/');
    await WORKER_FAILURES[1]!.cause(page, workerSite!);
    await relay.reset();
    await fillForm(page);
    await submitButton(page).click();
    await expect(page.getByText(FAILURE).filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Send on WhatsApp', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call us', exact: true })).toBeVisible();
    expect(await relay.submissions()).toEqual([]);
  });

  test('an empty form is stopped by the browser and posts nothing', async ({ page, relay, through }) => {
    await page.goto('/contact/');
    await submitButton(page).click();
    await expect(page.getByLabel('Full Name *', { exact: true })).toBeFocused();
    await expect(page).toHaveURL('/contact/');
    // Nothing was posted: the first post the relay receives is the complete one sent next.
    await fillForm(page);
    await submitButton(page).click();
    await expect(page).toHaveURL('/contact/#quote-sent');
    await expectSubmission(relay, 'plain', through);
  });
});
