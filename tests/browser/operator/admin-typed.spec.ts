/**
 * A value typed on the phone's editor and not saved, kept through a reload however soon it comes:
 * the site's Worker in workerd against the GitHub stand-in (phone-editor-site.ts), at 360×740 with
 * touch in Chromium, with a real passkey. The phone writes what was typed to its storage after a
 * pause in typing, and as the page goes away, so the last keys before a reload are not lost.
 */
import { expect, test } from '../fixtures.js';
import { phoneSiteForSpec, signedInPhone } from './phone-signed-in.js';

const site = phoneSiteForSpec();

test('the last keys typed before a reload are kept on the phone, not lost within the pause before the value is kept', async ({
  browser,
}) => {
  // The browser's own "Leave site?" before the reload is confirmed, as the owner does.
  const { context, page } = await signedInPhone(browser, site().origin);

  await page.goto(`${site().origin}/admin/edit/services.yaml`);
  const price = page.getByRole('textbox', { name: 'Starting' }).first();
  await price.fill('16001');
  // At once, within the pause after which the phone keeps the value typed.
  await page.reload();
  await expect(price).toHaveValue('16001');
  await context.close();
});
