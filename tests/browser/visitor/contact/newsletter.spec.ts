/**
 * The newsletter box in the footer: a real form that sends the address to the relay with its own
 * subject, answers in its own status region, and without JavaScript posts to the relay and comes
 * back to the same page.
 */
import type { Page } from '@playwright/test';
import { expect, test, type Issues } from '../../fixtures.js';
import { content } from '../../helpers.js';

const BOX = content<{
  footer: { newsletter: { title: string; inputLabel: string; button: string; subject: string; success: string; error: string } };
}>('layout.yaml').footer.newsletter;
const ADDRESS = 'reader+news@example.in';

const footer = (page: Page) => page.getByRole('contentinfo');
const box = (page: Page) => footer(page).getByRole('form', { name: BOX.title, exact: true });
const status = (page: Page) => footer(page).getByRole('status');

async function subscribe(page: Page): Promise<void> {
  await footer(page).getByLabel(BOX.inputLabel, { exact: true }).fill(ADDRESS);
  await footer(page).getByRole('button', { name: BOX.button, exact: true }).click();
}

function allowFailureNoise(issues: Issues): void {
  issues.allow('console', /^Failed to load resource|newsletter/i);
  issues.allow('requestfailed', /\/submit: net::ERR_/);
}

test.describe('with JavaScript', () => {
  test('Subscribe sends the address with its subject and shows the confirmation in the footer', async ({ page, relay }) => {
    await page.goto('/services/');
    await subscribe(page);
    await expect(status(page).getByText(BOX.success, { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/services/');
    const [sent] = await relay.submissions();
    expect(sent?.kind).toBe('fetch');
    expect(sent?.fields.email).toBe(ADDRESS);
    expect(sent?.fields._subject).toBe(BOX.subject);
    expect(sent?.fields._honey).toBeUndefined();
    await expect(footer(page).getByLabel(BOX.inputLabel, { exact: true })).toHaveValue('');
  });

  test('an empty or malformed address is stopped by the browser and sends nothing', async ({ page, relay }) => {
    await page.goto('/');
    const input = footer(page).getByLabel(BOX.inputLabel, { exact: true });
    await footer(page).getByRole('button', { name: BOX.button, exact: true }).click();
    await expect(input).toBeFocused();
    await input.fill('not an address');
    await footer(page).getByRole('button', { name: BOX.button, exact: true }).click();
    await expect(input).toBeFocused();
    await expect(status(page).getByText(BOX.success, { exact: true })).toBeHidden();
    // Nothing went out: the first request the relay receives is the good address sent next.
    await subscribe(page);
    await expect(status(page).getByText(BOX.success, { exact: true })).toBeVisible();
    expect((await relay.submissions()).map((sent) => sent.fields.email)).toEqual([ADDRESS]);
  });

  test('a relay failure shows the error and keeps the address; the next try succeeds', async ({ page, relay, issues }) => {
    allowFailureNoise(issues);
    await relay.set({ mode: 'refuse' });
    await page.goto('/about/');
    await subscribe(page);
    await expect(status(page).getByText(BOX.error, { exact: true })).toBeVisible();
    await expect(footer(page).getByLabel(BOX.inputLabel, { exact: true })).toHaveValue(ADDRESS);
    await relay.set({ mode: 'ok' });
    await footer(page).getByRole('button', { name: BOX.button, exact: true }).click();
    await expect(status(page).getByText(BOX.success, { exact: true })).toBeVisible();
    await expect(status(page).getByText(BOX.error, { exact: true })).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the box is a form that posts to the relay, which brings the visitor back to the same page', async ({ page, relay, env }) => {
    await page.goto('/about/');
    await expect(box(page)).toHaveAttribute('method', 'post');
    await subscribe(page);
    await expect(page).toHaveURL('/about/#newsletter-sent');
    const [sent] = await relay.submissions();
    expect(sent?.kind).toBe('plain');
    expect(sent?.fields.email).toBe(ADDRESS);
    expect(sent?.fields._subject).toBe(BOX.subject);
    expect(sent?.fields._next).toBe(`${env.baseURL}/about/#newsletter-sent`);
    await expect(footer(page).getByText(BOX.success, { exact: true }).filter({ visible: true })).toHaveCount(1);
  });
});
