/**
 * A refused save on the phone's editor says where the owner's work is in the phone's words: the
 * site's Worker in workerd against the GitHub stand-in (phone-editor-site.ts), at 360×740 with
 * touch in Chromium, with a real passkey. The computer's editor speaks of the file on disk; on
 * the phone what was saved is kept on the phone and on the site, and no disk is named.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from '../fixtures.js';
import { addPhoneLock } from './phone-lock.js';
import type { PhoneEditorSite } from './phone-editor-site.js';
import { setUpThisPhone } from './phone-set-up.js';
import { test } from './phone-site-test.js';

test.describe.configure({ timeout: 180_000 });

async function phone(browser: Browser, site: PhoneEditorSite): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await addPhoneLock(context, page);
  page.on('dialog', (dialog) => void dialog.accept());
  await setUpThisPhone(page, site.origin);
  return { context, page };
}

test('a refused save on the phone said "Nothing on disk was changed." and offered "Reload the file from disk": it says what is kept on this phone and on the site', async ({
  browser,
  site,
}) => {
  const { context, page } = await phone(browser, site);

  // A problem to fix first.
  await page.goto(`${site.origin}/admin/edit/site.yaml`);
  await page.locator('#field-company-name').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const invalid = page.getByRole('alert').filter({ hasText: /^Not saved: 1 problem must be fixed first/ });
  await expect(invalid).toHaveText(
    'Not saved: 1 problem must be fixed first (shown at the fields). What you saved before is as it was, on this phone and on the site.',
  );

  // The same file saved in another tab since this one opened it.
  const first = await context.newPage();
  await first.goto(`${site.origin}/admin/edit/services.yaml`);
  await page.goto(`${site.origin}/admin/edit/services.yaml`);
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
  await expect(refusal.getByRole('button', { name: 'Show the file as saved' })).toBeVisible();
  await context.close();
});
