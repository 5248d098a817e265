/**
 * A value typed on the phone's editor and not saved, kept through a reload however soon it comes:
 * the site's Worker in workerd against the GitHub stand-in (phone-editor-site.ts), at 360×740 with
 * touch in Chromium, with a real passkey. The phone writes what was typed to its storage after a
 * pause in typing, and as the page goes away, so the last keys before a reload are not lost.
 */
import { expect, test } from '../fixtures.js';
import { addPhoneLock } from './phone-lock.js';
import { startPhoneEditorSite, type PhoneEditorSite } from './phone-editor-site.js';
import { setUpThisPhone } from './phone-set-up.js';

let site: PhoneEditorSite;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  site = await startPhoneEditorSite();
});

test.afterAll(async () => {
  await site?.close();
});

test('the last keys typed before a reload are kept on the phone, not lost within the pause before the value is kept', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await addPhoneLock(context, page);
  // The browser's own "Leave site?" before the reload, which the owner confirms.
  page.on('dialog', (dialog) => void dialog.accept());
  await setUpThisPhone(page, site.origin);

  await page.goto(`${site.origin}/admin/edit/services.yaml`);
  const price = page.getByRole('textbox', { name: 'Starting' }).first();
  await price.fill('16001');
  // At once, within the pause after which the phone keeps the value typed.
  await page.reload();
  await expect(price).toHaveValue('16001');
  await context.close();
});
