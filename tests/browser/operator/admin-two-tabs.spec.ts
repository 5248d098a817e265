/**
 * The same file open in two tabs of the phone's editor: the site's Worker in workerd against the
 * GitHub stand-in (phone-editor-site.ts), at 360×740 with touch in Chromium, with a real passkey.
 * What the second tab typed over the file as it was is not laid over a change the first tab
 * saved since, so that change is never undone without a word by the first tab's next save.
 */
import { expect, test } from '../fixtures.js';
import { phoneSiteForSpec, signedInPhone } from './phone-signed-in.js';

const site = phoneSiteForSpec();

test('a value typed in a second tab is not laid over a change saved since in the first, which its next save would silently undo', async ({
  browser,
}) => {
  const { origin } = site();
  const { context, page: first } = await signedInPhone(browser, origin);
  const second = await context.newPage();
  second.on('dialog', (dialog) => void dialog.accept());
  const address = `${origin}/admin/edit/services.yaml`;
  await first.goto(address);
  await second.goto(address);
  const office = (page: typeof first) => page.locator('#field-services-1-pricing-starting');
  await expect(office(second)).toBeVisible();

  await office(first).fill('20000');
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(first.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
  await second.locator('#field-services-2-pricing-starting').fill('5500');
  await second.waitForFunction(() => (localStorage.getItem('site-editor:kept') ?? '').includes('5500'));

  await first.reload();
  await expect(office(first)).toHaveValue(/^20,?000$/);
  await expect(first.getByText('Unsaved changes')).toHaveCount(0);
  // Not without a word: the owner hears that what was typed in the other tab is not put back, and
  // not told that this tab, which did save, typed it, nor that the save was made elsewhere.
  await expect(
    first
      .getByRole('status')
      .filter({ hasText: 'Typing on this phone that was not saved (in this tab or another) is not shown: this file was saved since' }),
  ).toBeVisible();
  await first.reload();
  await expect(first.getByText('Typing on this phone that was not saved')).toHaveCount(0);
  await context.close();
});
