/** axe-core on every page at phone and desktop width, and with the menu and the WhatsApp popup open. */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { DESKTOP, MOBILE, ROUTES, UNKNOWN_PATH, settle } from './helpers.js';

const PAGES = [...ROUTES.map((route) => ({ path: route.path, name: route.name })), { path: UNKNOWN_PATH, name: '404' }];

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
