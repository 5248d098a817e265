/**
 * Changes typed on the phone's editor and not saved, thrown away at the owner's word: the site's
 * Worker in workerd against the GitHub stand-in (phone-editor-site.ts), at 360×740 with touch in
 * Chromium, with a real passkey. The phone keeps what was typed through reloads, so throwing it
 * away must also stop the keeping that is still to come after the pause in typing.
 */
import { expect, test } from '../fixtures.js';
import { pauseClockBeforeLoad } from '../clock.js';
import { phoneSiteForSpec, signedInPhone } from './phone-signed-in.js';

const site = phoneSiteForSpec();

test('changes typed and not saved are thrown away when the owner asks, even at once, and stay gone after a reload', async ({ browser }) => {
  const { context, page } = await signedInPhone(browser, site().origin);
  const address = `${site().origin}/admin/edit/services.yaml`;
  await page.goto(address);
  const price = page.getByRole('textbox', { name: 'Starting' }).first();
  const before = await price.inputValue();

  // The page's timers wait for the test: the pause after typing, after which the phone keeps
  // the value, is still to come when the owner throws the value away.
  await pauseClockBeforeLoad(page);
  await page.goto(address);
  await price.fill('16001');
  await expect(page.getByText('Unsaved changes.')).toBeVisible();
  // The file is read again only once the pause has run out, as on a slow connection.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/editor/file', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Throw away unsaved changes' }).click();
  await page.clock.runFor(2_000);
  release();
  await expect(price).toHaveValue(before);
  await expect(page.getByText('Unsaved changes.')).toHaveCount(0);

  await page.unrouteAll();
  await page.reload();
  await expect(price).toHaveValue(before);
  await context.close();
});
