/**
 * axe-core on every page at phone and desktop width, with the menu and the WhatsApp popup open, and
 * with the quote form's fallback and the newsletter box's answers showing.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { DESKTOP, FOOTER_ROUTES, MALAYALAM_ROUTES, MOBILE, ROUTES, UNKNOWN_PATH, settle } from './helpers.js';
import { fillQuote, quoteButton } from './quote-helpers.js';

const PAGES = [
  ...ROUTES.map((route) => ({ path: route.path, name: route.name })),
  ...FOOTER_ROUTES,
  { path: UNKNOWN_PATH, name: '404' },
  ...MALAYALAM_ROUTES.map((route) => ({ path: route.path, name: route.name })),
];

/** Runs axe and fails with one readable paragraph per violation. */
async function expectNoViolations(page: Page): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  const readable = results.violations.map((violation) =>
    [
      `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}`,
      `  ${violation.helpUrl}`,
      ...violation.nodes.map((node) => `  at ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`),
    ].join('\n'),
  );
  expect(readable, `axe found ${readable.length} violation(s) on ${page.url()}:\n\n${readable.join('\n\n')}`).toEqual([]);
}

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    test.use({ viewport });

    for (const target of PAGES) {
      test(`${target.path} has no axe violations`, async ({ page, issues }) => {
        issues.allow('console', /status of 404/);
        await page.goto(target.path);
        await expectNoViolations(page);
      });
    }

    test('the quote form with its error and fallback showing has no axe violations', async ({ page, relay, issues }) => {
      issues.allow('console', /^Failed to load resource|quote/i);
      await relay.set({ mode: 'error' });
      await page.goto('/contact');
      await fillQuote(page);
      await quoteButton(page).click();
      await expect(page.getByRole('link', { name: 'Send on WhatsApp' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('the quote form back online with a kept request has no axe violations', async ({ page, context, issues }) => {
      issues.allow('console', /quote/i);
      await page.goto('/contact');
      await fillQuote(page);
      await context.setOffline(true);
      await quoteButton(page).click();
      await context.setOffline(false);
      await expect(page.getByRole('button', { name: 'Send my request now' })).toBeVisible();
      await expectNoViolations(page);
    });

    for (const outcome of ['ok', 'refuse'] as const) {
      test(`the newsletter box after ${outcome === 'ok' ? 'a sign-up' : 'a failed sign-up'} has no axe violations`, async ({ page, relay, issues }) => {
        issues.allow('console', /newsletter/i);
        await relay.set({ mode: outcome });
        await page.goto('/');
        await page.getByRole('contentinfo').getByLabel('Your email address').fill('reader@example.in');
        await page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }).click();
        await expect(page.getByRole('contentinfo').getByRole('status').getByText(outcome === 'ok' ? 'Thank you!' : 'Sorry,')).toBeVisible();
        await expectNoViolations(page);
      });
    }

    test('the open WhatsApp popup has no axe violations', async ({ page }) => {
      await page.goto('/contact/');
      await page.getByRole('button', { name: 'Chat with us on WhatsApp' }).click();
      await expect(page.getByRole('link', { name: 'Start Chat' })).toBeVisible();
      await expectNoViolations(page);
    });
  });
}

test.describe('at 375 px wide', () => {
  test.use({ viewport: MOBILE });

  test('the open mobile menu has no axe violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expectNoViolations(page);
  });
});
