/**
 * axe-core on every page at phone and desktop width, with the menu and the WhatsApp popup open, and
 * with the quote form's fallback and the newsletter box's answers showing.
 */
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../axe.js';
import { expect, test } from '../../fixtures.js';
import { DESKTOP, FOOTER_ROUTES, MALAYALAM_ROUTES, MOBILE, ROUTES, UNKNOWN_PATH, lazyContentLoaded, settle } from '../../helpers.js';
import { fillQuote, quoteButton } from '../../quote-helpers.js';

const PAGES = [
  ...ROUTES.map((route) => ({ path: route.path, name: route.name })),
  ...FOOTER_ROUTES,
  { path: UNKNOWN_PATH, name: '404' },
  ...MALAYALAM_ROUTES.map((route) => ({ path: route.path, name: route.name })),
];

/** Signs up for the newsletter in the footer and waits for its answer. */
async function signUp(page: Page, answer: string): Promise<void> {
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Your email address').fill('reader@example.in');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status').getByText(answer)).toBeVisible();
}

/** axe once the page has settled: fonts in, the heroes' rise-in animation over. */
async function expectNoViolations(page: Page): Promise<void> {
  await settle(page);
  await expectNoAxeViolations(page);
}

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    // The heroes' rise-in animation ends on the page as reduced motion shows it from the start:
    // axe sees the same page without waiting for it.
    test.use({ viewport, reducedMotion: 'reduce' });

    for (const target of PAGES) {
      test(`${target.path} has no axe violations`, async ({ page, issues }) => {
        issues.allow('console', /status of 404/);
        await page.goto(target.path);
        await expectNoViolations(page);
      });
    }

    // Each of these shows two answers at once, in different parts of the same page (the quote
    // form in the main content, the newsletter box in the footer): one axe run for both.
    test('the quote form with its error and fallback showing, and the newsletter box after a failed sign-up, have no axe violations', async ({
      page,
      relay,
      issues,
    }) => {
      issues.allow('console', /^Failed to load resource|quote|newsletter/i);
      await relay.set({ mode: 'error' });
      await page.goto('/contact');
      await fillQuote(page);
      await quoteButton(page).click();
      await expect(page.getByRole('link', { name: 'Send on WhatsApp' })).toBeVisible();
      await relay.set({ mode: 'refuse' });
      await signUp(page, 'Sorry,');
      await expectNoViolations(page);
    });

    test('the quote form back online with a kept request, and the newsletter box after a sign-up, have no axe violations', async ({
      page,
      context,
      issues,
    }) => {
      issues.allow('console', /quote/i);
      await page.goto('/contact');
      // The footer's drawings are fetched as it nears the screen: they arrive before the connection drops.
      await lazyContentLoaded(page);
      await fillQuote(page);
      await context.setOffline(true);
      await quoteButton(page).click();
      // The visitor is told the request waits before the connection comes back, as on a phone:
      // back online before the failed send was told, the page has nothing yet to offer to send again.
      await expect(page.locator('[data-form-offline]')).toBeVisible();
      await context.setOffline(false);
      await expect(page.getByRole('button', { name: 'Send my request now' })).toBeVisible();
      await signUp(page, 'Thank you!');
      await expectNoViolations(page);
    });

    test('the open WhatsApp popup has no axe violations', async ({ page }) => {
      await page.goto('/contact/');
      await page.getByRole('button', { name: 'Chat with us on WhatsApp' }).click();
      await expect(page.getByRole('link', { name: 'Start Chat' })).toBeVisible();
      await expectNoViolations(page);
    });
  });
}

test.describe('at 375 px wide', () => {
  test.use({ viewport: MOBILE, reducedMotion: 'reduce' });

  test('the open mobile menu has no axe violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expectNoViolations(page);
  });
});
