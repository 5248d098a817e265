/**
 * A second company's site published closed, its texts still the sample company's (the deploy's
 * --closed-while-sample), on the phone's editor: the site's own Worker in workerd against the
 * GitHub stand-in, at 360×740 with touch in Chromium, with a real passkey. The owner reads that
 * the site is closed and why, finds each text to write marked at its field, publishes one, and is
 * not told it is live while visitors still see only the closed page.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { contentWithFixture } from '../../helpers/content.js';
import { expect, test } from '../fixtures.js';
import { cloudflareBuild } from './builds.js';
import { startPhoneEditorSite, type PhoneEditorSite } from './phone-editor-site.js';
import { publish } from './phone-publish.js';
import { signedInPhone } from './phone-signed-in.js';

let project: string;
let site: PhoneEditorSite;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  project = await contentWithFixture('closed-while-sample');
  const content = path.join(project, 'content');
  site = await startPhoneEditorSite(await cloudflareBuild(content, path.join(project, 'dist'), ['--strict', '--closed-while-sample']));
});

test.afterAll(async () => {
  await site?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

test('the phone says the site is closed and why, marks each sample text to write, and does not call a publish live while the site stays closed', async ({
  browser,
}) => {
  const { origin, standin, start } = site;
  await site.deploy({ SITE_COMMIT: start });
  const { context, page } = await signedInPhone(browser, origin);

  // A visitor sees only the company's name and how to reach it.
  const visitor = await context.newPage();
  await visitor.goto(`${origin}/about/`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Periyar Packers');
  await expect(visitor.getByRole('link', { name: '+91 94470 12345' })).toHaveAttribute('href', 'tel:+919447012345');
  await visitor.close();

  await page.goto(`${origin}/admin/edit/`);
  await expect(
    page.getByText(/^Your site is closed to visitors, who see only your name and how to reach you: \d+ texts still say/),
  ).toBeVisible();

  await page.goto(`${origin}/admin/edit/pages/about.yaml`);
  const title = page.locator('#field-hero-title');
  await expect(page.locator('#field-hero-title-warnings')).toContainText(
    'still says, word for word, what the sample company says of itself',
  );
  await title.fill('Aluva’s own movers');
  await expect(page.locator('#field-hero-title-warnings')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();

  // Not refused for the texts still to write.
  await publish(page, origin, 'Our own title');
  const published = (await standin.git.ref('main'))!;
  expect(published).not.toBe(start);
  // Deployed, and still closed: the other texts are still the sample's.
  await site.deploy({ SITE_COMMIT: published });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByRole('region', { name: 'Publish' }).locator('[data-going-live]')).toHaveText(
    /^Published, but your site is still closed to visitors, who see only your name and how to reach you: \d+ texts still say, word for word, what the sample company says of itself/,
  );
  await context.close();
});
