/**
 * A refused save on the phone's editor says where the owner's work is in the phone's words: the
 * site's Worker in workerd against the GitHub stand-in (phone-editor-site.ts), at 360×740 with
 * touch in Chromium, with a real passkey. The computer's editor speaks of the file on disk; on
 * the phone what was saved is kept on the phone and on the site, and no disk is named.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { phoneSiteForSpec, signedInPhone } from './phone-signed-in.js';

const site = phoneSiteForSpec();

test('a refused save on the phone said "Nothing on disk was changed." and offered "Reload the file from disk": it says what is kept on this phone and on the site', async ({
  browser,
}) => {
  const { origin } = site();
  const { context, page } = await signedInPhone(browser, origin);

  // A problem to fix first.
  await page.goto(`${origin}/admin/edit/site.yaml`);
  await page.locator('#field-company-name').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const invalid = page.getByRole('alert').filter({ hasText: /^Not saved: 1 problem must be fixed first/ });
  await expect(invalid).toHaveText(
    'Not saved: 1 problem must be fixed first (shown at the fields). What you saved before is as it was, on this phone and on the site.',
  );

  // The same file saved in another tab since this one opened it.
  const first = await context.newPage();
  await first.goto(`${origin}/admin/edit/services.yaml`);
  await page.goto(`${origin}/admin/edit/services.yaml`);
  const price = (tab: Page) => tab.getByRole('textbox', { name: 'Starting' }).first();
  await price(first).fill('20000');
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(first.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
  await price(page).fill('5500');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: /^Not saved: This file was changed on this phone since you opened it/ });
  await expect(refusal).toContainText(
    'What you saved before is as it was, on this phone and on the site. That button shows the file as it is saved now;',
  );
  await expect(refusal).not.toContainText(/disk/i);
  await expect(refusal.getByRole('button', { name: 'Show the file as saved' })).toBeInViewport();
  // The bar that stays at the foot of the screen leaves the phone at least half of it for the form.
  const bar = await page.locator('.save-bar').boundingBox();
  expect(bar!.height).toBeLessThanOrEqual(740 / 2);
  await context.close();
});
