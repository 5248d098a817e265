/**
 * A quote request is never lost: whatever goes wrong when it is sent (a 500, a dropped connection,
 * FormSubmit's `success: "false"`, no answer, no network; through the Worker, the Worker away or
 * turning the request away), the form keeps every value and offers the same request on WhatsApp
 * and a call, and the next send recovers.
 */
import type { Page } from '@playwright/test';
import { pauseClockBeforeLoad, runPastNextFrame } from '../../clock.js';
import type { Issues } from '../../fixtures.js';
import { MOBILE, content, lazyContentLoaded } from '../../helpers.js';
import {
  ANSWERS,
  THROUGH_WORKER,
  TO_RELAY,
  WORKER_FAILURES,
  expect,
  expectQuoteValues,
  fillQuote,
  quoteButton,
  test,
  type Through,
} from '../../quote-helpers.js';
import type { RelayClient, RelayMode } from '../../relay.js';
import type { WorkerSite } from './worker-site.js';

const FORM = content<{
  form: {
    success: string;
    error: string;
    offline: string;
    backOnline: string;
    resend: string;
    fallback: { text: string; whatsapp: string; call: string; greeting: string };
  };
}>('pages/contact.yaml').form;
const SITE = content<{ contact: { phone: string; whatsapp: string } }>('site.yaml');
const TIMEOUT_MS = 20_000;

/** The quote form's status region, where its messages and the fallback live. */
const form = (page: Page) => page.getByRole('main').getByRole('status');
const whatsappLink = (page: Page) => form(page).getByRole('link', { name: FORM.fallback.whatsapp, exact: true });
const callLink = (page: Page) => form(page).getByRole('link', { name: FORM.fallback.call, exact: true });

/** A failed send logs the page's own error, and Chromium adds its own line for the failed load. */
function allowFailureNoise(issues: Issues): void {
  issues.allow('console', /^Failed to load resource|quote|relay|send|offline/i);
  issues.allow('requestfailed', /\/(submit|api\/quote|api\/count): net::ERR_/);
}

/** Makes the next send fail: the relay answers as `mode` says, or, through the Worker, the Worker turns it away. */
async function failNextSend(
  page: Page,
  relay: RelayClient,
  through: Through,
  site: WorkerSite | undefined,
  mode: RelayMode['mode'] = 'error',
): Promise<void> {
  if (through === 'relay') return relay.set({ mode });
  await WORKER_FAILURES[1]!.cause(page, site!);
  // The requests that used up the hour reached the relay: the test's count starts after them.
  await relay.reset();
}

/** The fallback is showing, with a WhatsApp link that carries every answer and a call link. */
async function expectFallback(page: Page, message: string): Promise<void> {
  await expect(form(page).getByText(message, { exact: true })).toBeVisible();
  await expect(form(page).getByText(FORM.fallback.text, { exact: true })).toBeVisible();
  await expect(whatsappLink(page)).toBeVisible();
  await expect(whatsappLink(page)).toHaveAttribute('target', '_blank');
  await expect(whatsappLink(page)).toHaveAttribute('rel', 'noopener noreferrer');
  const link = new URL((await whatsappLink(page).getAttribute('href'))!);
  expect(link.origin).toBe('https://wa.me');
  expect(link.pathname).toBe(`/${SITE.contact.whatsapp.replace(/\D/g, '')}`);
  const lines = link.searchParams.get('text')!.split('\n');
  expect(lines[0]).toBe(FORM.fallback.greeting);
  const text = lines.slice(1).join('\n');
  for (const answer of ANSWERS) expect(text, answer.field).toContain(`${answer.plain}: ${answer.value}`);
  await expect(callLink(page)).toHaveAttribute('href', `tel:${SITE.contact.phone.replace(/[^\d+]/g, '')}`);
  await expectQuoteValues(page, true);
}

async function expectRecovered(page: Page): Promise<void> {
  await expect(form(page).getByText(FORM.success, { exact: true })).toBeVisible();
  for (const gone of [FORM.error, FORM.offline, FORM.fallback.text]) await expect(form(page).getByText(gone, { exact: true })).toBeHidden();
  await expect(whatsappLink(page)).toBeHidden();
  await expectQuoteValues(page, false);
}

test.beforeEach(async ({ page }) => {
  // The relay timeout moves only when a test moves the clock.
  await pauseClockBeforeLoad(page);
  await page.goto('/contact/');
});

const relayFailures: { title: string; mode: RelayMode }[] = [
  { title: 'the relay answers 500', mode: { mode: 'error' } },
  { title: 'the connection drops', mode: { mode: 'drop' } },
  { title: 'the relay refuses with success "false"', mode: { mode: 'refuse' } },
  { title: 'the relay does not answer in time', mode: { mode: 'hang' } },
];

for (const failure of relayFailures) {
  test(`when ${failure.title}: WhatsApp and call carry the request, and the next send recovers`, { tag: TO_RELAY }, async ({
    page,
    relay,
    issues,
  }) => {
    allowFailureNoise(issues);
    await relay.set(failure.mode);
    await fillQuote(page);
    await quoteButton(page).click();
    await runPastNextFrame(page);
    await expect.poll(async () => (await relay.submissions()).length).toBe(1);
    if (failure.mode.mode === 'hang') await page.clock.runFor(TIMEOUT_MS + 100);

    await expectFallback(page, FORM.error);

    await relay.set({ mode: 'ok' });
    await quoteButton(page).click();
    await runPastNextFrame(page);
    await expectRecovered(page);
  });
}

for (const failure of WORKER_FAILURES) {
  test(`when ${failure.title}: WhatsApp and call carry the request, and the next send recovers`, { tag: THROUGH_WORKER }, async ({
    page,
    relay,
    issues,
    workerSite,
  }) => {
    allowFailureNoise(issues);
    // While the Worker is away, so is the rest of the site: the WhatsApp widget's lazy files too.
    issues.allow('requestfailed', /net::ERR_CONNECTION_REFUSED$/);
    await failure.cause(page, workerSite!);
    await relay.reset();
    await fillQuote(page);
    await quoteButton(page).click();
    await runPastNextFrame(page);

    await expectFallback(page, FORM.error);
    expect(await relay.submissions()).toEqual([]);

    await failure.recover(page, workerSite!);
    await quoteButton(page).click();
    await runPastNextFrame(page);
    await expectRecovered(page);
    await expect.poll(async () => (await relay.submissions()).length).toBe(1);
  });
}

test('the WhatsApp link opens the chat with the request in a new tab', async ({
  page,
  context,
  relay,
  issues,
  external,
  through,
  workerSite,
}) => {
  allowFailureNoise(issues);
  await failNextSend(page, relay, through, workerSite);
  await fillQuote(page);
  await quoteButton(page).click();
  await runPastNextFrame(page);
  await expectFallback(page, FORM.error);
  const [chat] = await Promise.all([context.waitForEvent('page'), whatsappLink(page).click()]);
  await chat.waitForLoadState('domcontentloaded');
  const opened = new URL(chat.url());
  expect(opened.origin).toBe('https://wa.me');
  expect(opened.searchParams.get('text')).toContain(`Full Name: ${ANSWERS[0].value}`);
  expect(external.filter((request) => request.isTopLevel).map((request) => request.url)).toContain(chat.url());
  await expect(page).toHaveURL('/contact/');
});

test('offline: the fallback shows at once, and coming back online offers to send the kept request', async ({
  page,
  context,
  relay,
  issues,
}) => {
  allowFailureNoise(issues);
  // The footer's drawings are fetched as it nears the screen: they arrive before the connection drops.
  await lazyContentLoaded(page);
  // So are the WhatsApp popup's contents, asked for once the page is idle, which the paused clock
  // brings only when it runs.
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return page.locator('[data-whatsapp-toggle][role="button"]').count();
    })
    .toBe(1);
  await fillQuote(page);
  await context.setOffline(true);
  await quoteButton(page).click();
  await runPastNextFrame(page);
  // The clock is paused: had the form waited for the relay's timeout, nothing would show.
  await expectFallback(page, FORM.offline);
  expect(await relay.submissions()).toEqual([]);

  await context.setOffline(false);
  await expect(form(page).getByText(FORM.backOnline, { exact: true })).toBeVisible();
  await expect(form(page).getByText(FORM.offline, { exact: true })).toBeHidden();
  await form(page).getByRole('button', { name: FORM.resend, exact: true }).click();
  await runPastNextFrame(page);
  await expectRecovered(page);
  await expect(form(page).getByText(FORM.backOnline, { exact: true })).toBeHidden();
  const [sent] = await relay.submissions();
  expect(sent?.fields.name).toBe(ANSWERS[0].value);
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the floating WhatsApp button does not cover the error or the fallback', async ({ page, relay, issues, through, workerSite }) => {
    allowFailureNoise(issues);
    await failNextSend(page, relay, through, workerSite, 'refuse');
    await fillQuote(page);
    await quoteButton(page).click();
    await runPastNextFrame(page);
    await expectFallback(page, FORM.error);
    // Whether the popup's contents are in yet or not (the paused clock ran only past the send's frame),
    // the toggle is in the same place: found by its hook, as a link or a button.
    const button = await page.locator('[data-whatsapp-toggle]').boundingBox();
    // The whole region, not only its words: a button covering the fallback's edge hides part of it too.
    for (const message of [form(page), form(page).getByText(FORM.error, { exact: true }), callLink(page), whatsappLink(page)]) {
      await expect(message).toBeInViewport();
      const box = await message.boundingBox();
      expect(box && button, 'both are on screen').toBeTruthy();
      const overlaps =
        box!.x < button!.x + button!.width &&
        button!.x < box!.x + box!.width &&
        box!.y < button!.y + button!.height &&
        button!.y < box!.y + box!.height;
      expect(overlaps, 'the message and the WhatsApp button overlap').toBe(false);
    }
  });
});
