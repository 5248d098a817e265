/**
 * Publish on the phone whose answer is lost on the way back (a train into a tunnel): the site's
 * Worker in workerd against the GitHub stand-in (phone-editor-site.ts), at 360×740 with touch in
 * Chromium, with a real passkey. The publish may have gone through, so the phone must not say
 * that nothing changed; publishing again is safe and makes no second commit.
 */
import { expect, test } from '../fixtures.js';
import { phoneSiteForSpec, signedInPhone } from './phone-signed-in.js';

const site = phoneSiteForSpec();

test('a publish whose answer was lost said "Not published. Nothing was changed." although it was published: it says it is not known, and publishing again makes no second commit; one with nothing written about the change is refused', async ({
  browser,
}) => {
  const { origin, standin, start } = site();
  const { context, page } = await signedInPhone(browser, origin);
  const commits = async () => {
    const list = await standin.git.text(['rev-list', `${start}..main`]);
    return list ? list.split('\n') : [];
  };

  await page.goto(`${origin}/admin/edit/services.yaml`);
  await page.getByRole('textbox', { name: 'Starting' }).first().fill('16400');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
  await page.goto(`${origin}/admin/edit/`);
  const panel = page.getByRole('region', { name: 'Publish' });
  // The page settled: the list of files drawn above the panel, which it pushes down as it comes,
  // and the panel knowing what is waiting.
  await expect(page.locator('a[href="/admin/edit/site.yaml"]')).toBeVisible();
  await expect(panel.getByText('content/services.yaml')).toBeVisible();
  // Publish with nothing written is refused in words, and nothing is published.
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(panel.getByRole('alert')).toContainText('Not published. Nothing was changed.Write a few words saying what you changed');
  expect(await commits()).toHaveLength(0);
  await panel.getByLabel('What did you change?').fill('Residential price');

  // The request reaches the site, which publishes; its answer never reaches the phone.
  await page.route('**/api/editor/publish', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('It is not known whether this was published');
  await expect(alert).not.toContainText('Nothing was changed');
  expect(await commits()).toHaveLength(1);

  await page.unrouteAll();
  // Written again in other words: the publish made already keeps its own name, which the phone says.
  await panel.getByLabel('What did you change?').fill('Residential price (again)');
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  const [commit] = await commits();
  await expect(page.getByRole('status').filter({ hasText: `Published as commit ${commit!.slice(0, 7)}` })).toBeVisible();
  expect(await commits()).toHaveLength(1);
  await expect(page.getByText('Your site shows “Residential price” in a few minutes.')).toBeVisible();

  // And it can be undone, as any publish can.
  await page.getByRole('button', { name: 'Undo the last publish' }).click();
  await expect(page.getByText('Your site goes back to before “Residential price” in a few minutes.')).toBeVisible();
  expect(await commits()).toHaveLength(2);
  expect(await standin.git.text(['diff', start, 'main', '--', 'content/services.yaml'])).toBe('');
  await context.close();
});
