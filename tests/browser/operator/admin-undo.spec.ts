/**
 * Undo the last publish while changes are kept on the phone: the site's Worker in workerd against
 * the GitHub stand-in (phone-editor-site.ts), at 360×740 with touch in Chromium, with a real
 * passkey. Refused in words while a saved change is in a file it would put back; done, the changes
 * kept in other files go on from the undo, so the next publish carries only the owner's own
 * changes and never offers their undo as someone else's change to choose against.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { publish, saveField } from './phone-publish.js';
import { phoneSiteForSpec, signedInPhone } from './phone-signed-in.js';

const site = phoneSiteForSpec();

const RESIDENTIAL = '#field-services-0-pricing-starting';
const PACKING = '#field-services-2-pricing-starting';

test('undo with changes kept on the phone is refused over a file it would put back, and otherwise the next publish does not call the owner’s own undo someone else’s change', async ({
  browser,
}) => {
  const { origin, standin } = site();
  const { context, page } = await signedInPhone(browser, origin);
  const git = (args: string[]) => standin.git.text(args);
  const residentialBefore = (await git(['show', 'main:content/services.yaml'])).match(/^ {6}starting: (\d+)$/m)![1]!;

  await saveField(page, origin, 'services.yaml', RESIDENTIAL, '13500');
  await publish(page, origin, 'Residential price');
  const published = (await standin.git.ref('main'))!;

  // A change saved over that publish's file: undoing would put it back under the change.
  await saveField(page, origin, 'services.yaml', PACKING, '5600');
  await page.goto(`${origin}/admin/edit/`);
  const panel = page.getByRole('region', { name: 'Publish' });
  await panel.getByRole('button', { name: 'Undo the last publish' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Not undone: this phone keeps saved changes to services.yaml that are not published yet, and undoing “Residential price” would put that file back as before it. Change back by hand the values “Residential price” changed instead, then publish.',
  );
  expect(await standin.git.ref('main')).toBe(published);
  await panel.getByRole('button', { name: 'Throw away the changes kept here' }).click();
  await expect(panel.getByText('Nothing to publish: every saved change is already published.')).toBeVisible();

  // A change kept in another file: the undo is made, and the change goes on from it.
  await saveField(page, origin, 'site.yaml', '#field-contact-email', 'moves@keralamovers.in');
  await page.goto(`${origin}/admin/edit/`);
  await panel.getByRole('button', { name: 'Undo the last publish' }).click();
  await expect(panel.getByText('Undone.', { exact: true })).toBeVisible();
  // This site was deployed without the commit it was built from, so it cannot say when the undo is live.
  await expect(panel.locator('[data-going-live]')).toHaveText('Your site goes back to before “Residential price” in a few minutes.');
  const undone = (await standin.git.ref('main'))!;
  expect(undone).not.toBe(published);
  await expect(panel.getByText('content/site.yaml')).toBeVisible();

  // The file undone, read again from the undo; the next publish is one commit of the owner's changes alone.
  await page.goto(`${origin}/admin/edit/services.yaml`);
  await expect(page.locator(RESIDENTIAL)).toHaveValue(new RegExp(`^${residentialBefore.slice(0, -3)},?${residentialBefore.slice(-3)}$`));
  await page.locator(PACKING).fill('5600');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
  await publish(page, origin, 'Packing price');
  await expect(panel.getByText('Which version of each value to publish')).toHaveCount(0);
  await expect(panel.getByText('Undone.', { exact: true })).toHaveCount(0);
  const last = (await standin.git.ref('main'))!;
  expect(await git(['rev-list', '--parents', '-n', '1', last])).toBe(`${last} ${undone}`);
  expect(await git(['diff-tree', '--no-commit-id', '--name-only', '-r', undone, last])).toBe('content/services.yaml\ncontent/site.yaml');
  const services = await git(['show', `${last}:content/services.yaml`]);
  expect(services.match(/^ {6}starting: (\d+)$/m)![1]).toBe(residentialBefore);
  expect(services).toMatch(/^ {6}starting: 5600$/m);
  await context.close();
});
