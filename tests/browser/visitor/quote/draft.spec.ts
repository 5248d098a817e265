/**
 * Drafts: what a visitor types in the quote form survives a reload and a trip to another page in
 * the same tab, is gone once the request was sent, and is never written to localStorage.
 */
import { content } from '../../helpers.js';
import { ANSWERS, expect, expectQuoteValues, fillQuote, quoteButton, test } from '../../quote-helpers.js';

const SUCCESS = content<{ form: { success: string } }>('pages/contact.yaml').form.success;

test('a draft survives a reload', async ({ page }) => {
  await page.goto('/contact/');
  await fillQuote(page);
  await page.reload();
  await expectQuoteValues(page, true);
});

test('a draft survives going to another page and back by its links', async ({ page }) => {
  await page.goto('/contact/');
  await fillQuote(page);
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL('/about/');
  await page.getByRole('banner').getByRole('link', { name: 'Contact Us', exact: true }).click();
  await expect(page).toHaveURL('/contact/');
  await expectQuoteValues(page, true);
});

test('a draft is kept only for this tab, never in localStorage, and never with the trap field', async ({ page }) => {
  await page.goto('/contact/');
  await fillQuote(page);
  const stored = await page.evaluate(() => ({ local: localStorage.length, session: Object.values({ ...sessionStorage }).join('\n') }));
  expect(stored.local).toBe(0);
  expect(stored.session).toContain(ANSWERS[0].value);
  expect(stored.session).not.toContain('_honey');

  // A new tab of the same site starts with an empty form.
  const other = await page.context().newPage();
  await other.goto('/contact/');
  await expectQuoteValues(other, false);
});

test('a draft is gone after a successful send', async ({ page, relay }) => {
  await page.goto('/contact/');
  await fillQuote(page);
  await quoteButton(page).click();
  await expect(page.getByRole('main').getByRole('status').getByText(SUCCESS, { exact: true })).toBeVisible();
  expect(await relay.submissions()).toHaveLength(1);
  await page.reload();
  await expectQuoteValues(page, false);
  await page.goto('/about/');
  await page.goto('/contact/');
  await expectQuoteValues(page, false);
});
