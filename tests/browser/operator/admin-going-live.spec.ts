/**
 * Publish means live: after Publish (and after Undo) the phone says when the site shows the change,
 * and says so when it still does not long after. The site's Worker in workerd against the GitHub
 * stand-in (phone-editor-site.ts), at 360×740 with touch in Chromium, with a real passkey; the
 * deploy is played by a new version of the Worker at the same address, built from the commit
 * published (SITE_COMMIT), as the deploy makes one.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { publish, saveField } from './phone-publish.js';
import { phoneSiteForSpec, signedInPhone } from './phone-signed-in.js';

const site = phoneSiteForSpec();

const RESIDENTIAL = '#field-services-0-pricing-starting';
const PACKING = '#field-services-2-pricing-starting';

/** The owner comes back to the browser (from WhatsApp, say): the page asks the site at once. */
const comeBack = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

test('the phone says when the site shows a publish and an undo, through a reload, and says so when it is long overdue', async ({
  browser,
}) => {
  const { origin, standin, start } = site();
  await site().deploy({ SITE_COMMIT: start });
  const { context, page } = await signedInPhone(browser, origin);
  const panel = page.getByRole('region', { name: 'Publish' });
  const going = panel.locator('[data-going-live]');

  await saveField(page, origin, 'services.yaml', RESIDENTIAL, '13500');
  await publish(page, origin, 'New prices');
  const published = (await standin.git.ref('main'))!;
  // A second tap once it is published has nothing to publish, and takes nothing back of what was said.
  await expect(panel.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await expect(panel.getByRole('status').filter({ hasText: /^Published as commit/ })).toBeVisible();
  await expect(going).toHaveText('Your site shows “New prices” in a few minutes. This page says when it does.');
  // Still said after a reload, while the deploy has not put it on the site.
  await page.reload();
  await comeBack(page);
  await expect(going).toHaveText('Your site shows “New prices” in a few minutes. This page says when it does.');

  await site().deploy({ SITE_COMMIT: published });
  await comeBack(page);
  await expect(going).toHaveText('Live: your site shows “New prices” now.');
  // Once live, there is nothing more to say.
  await page.reload();
  await expect(panel.getByRole('button', { name: 'Undo the last publish' })).toBeVisible();
  await expect(going).toHaveCount(0);

  await panel.getByRole('button', { name: 'Undo the last publish' }).click();
  await expect(panel.getByText('Undone.', { exact: true })).toBeVisible();
  await expect(going).toHaveText('Your site goes back to before “New prices” in a few minutes. This page says when it has.');
  const undone = (await standin.git.ref('main'))!;
  expect(undone).not.toBe(published);
  await site().deploy({ SITE_COMMIT: undone });
  await comeBack(page);
  await expect(going).toHaveText('Undone on your site: it no longer shows “New prices”.');

  // A publish the deploy never puts on the site: twenty minutes on, the page says so, and what to do.
  await page.clock.install();
  await saveField(page, origin, 'services.yaml', PACKING, '5600');
  await publish(page, origin, 'Packing price');
  await expect(going).toHaveText('Your site shows “Packing price” in a few minutes. This page says when it does.');
  await page.clock.fastForward('21:00');
  await expect(going).toHaveText(
    'Your site does not show “Packing price” yet, 21 minutes later. It is safe in the site’s files, but the site’s deploy has not finished: ask whoever set up your site to look at the last Deploy on GitHub (the Actions tab of the site’s repository).',
  );
  await context.close();
});
