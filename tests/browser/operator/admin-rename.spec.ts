/**
 * Another company's site run from the phone: its content (tests/fixtures/stranger, not the sample)
 * built for Cloudflare, served by the site's own Worker in workerd against the GitHub stand-in
 * holding that content, at 360×740 with touch in Chromium, with a real passkey. A price typed and
 * not saved shows in the preview; typing a service's new id says which files the save will rename
 * it in; Publish commits the renamed files with services.yaml in one commit, no file of it names
 * the old id, and the commit builds as the deploy builds it.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../helpers/content.js';
import { expect, test } from '../fixtures.js';
import { entriesDrawn } from './entries-drawn.js';
import { cloudflareBuild, deployBuildOf } from './builds.js';
import { addPhoneLock } from './phone-lock.js';
import { startPhoneEditorSite, type PhoneEditorSite } from './phone-editor-site.js';
import { setUpThisPhone } from './phone-set-up.js';

const PHONE = { width: 360, height: 740 } as const;
/** `residential` used as a service's id: a value of its own (id: residential), or a key naming the service's texts. */
const AS_ID = /(:|^\s*-)\s*residential\s*$|\[residential\]/m;

let project: string;
let site: PhoneEditorSite;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'site-stranger-'));
  const content = path.join(project, 'content');
  await cp(path.join(ROOT, 'tests/fixtures/stranger/content'), content, { recursive: true });
  site = await startPhoneEditorSite(await cloudflareBuild(content, path.join(project, 'dist')));
});

test.afterAll(async () => {
  await site?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

test('on another company’s site, a price shows in the preview as typed, and a service’s id renamed is published with every file that names it and builds', async ({
  browser,
}, testInfo) => {
  const { origin, standin, seed, start } = site;
  const naming = Object.keys(seed)
    .filter((name) => name !== 'content/services.yaml' && AS_ID.test(seed[name]!))
    .sort();
  expect(naming.length).toBeGreaterThan(1);
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await addPhoneLock(context, page);
  await setUpThisPhone(page, origin);
  await page.goto(`${origin}/admin/edit/services.yaml`);

  // Typed, not saved: the preview draws it all the same.
  await page.getByRole('textbox', { name: 'Starting' }).first().fill('7777');
  await entriesDrawn(page, 'field-services');
  await page.getByRole('button', { name: 'Preview', exact: true }).tap();
  const main = page.frameLocator('iframe[title="Preview of the Services page"]').locator('main');
  await expect(main).toContainText('7,777');

  const id = page.locator('#field-services-0-id');
  await id.fill('house-shifting');
  const note = page.locator('.rename-note');
  await expect(note).toContainText('Saving renames the service id “residential” to “house-shifting”');
  for (const name of naming) await expect(note).toContainText(name);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await note.scrollIntoViewIfNeeded();
  const screenshot = testInfo.outputPath('rename-360.png');
  await page.screenshot({ path: screenshot });
  await testInfo.attach('the rename said before the save, at 360 px', { path: screenshot, contentType: 'image/png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'sideways scrolling').toBeLessThanOrEqual(PHONE.width);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toContainText('Renamed the service id “residential”');
  await page.goto(`${origin}/admin/edit/`);
  const panel = page.getByRole('region', { name: 'Publish' });
  for (const name of ['content/services.yaml', ...naming]) await expect(panel.getByText(name, { exact: true })).toBeVisible();
  await panel.getByLabel('What did you change?').fill('House shifting has its own name');
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Published as commit/ })).toBeVisible();

  const head = (await standin.git.ref('main'))!;
  expect(await standin.git.text(['rev-list', `${start}..${head}`])).toBe(head);
  const changed = (await standin.git.text(['diff-tree', '--no-commit-id', '--name-only', '-r', start, head])).split('\n').sort();
  expect(changed).toEqual(['content/services.yaml', ...naming].sort());
  for (const name of changed) {
    const text = await standin.git.text(['show', `${head}:${name}`]);
    expect(text, name).not.toMatch(AS_ID);
    expect(text, name).toContain('house-shifting');
  }
  expect(await standin.git.text(['show', `${head}:content/services.yaml`])).toContain('starting: 7777');
  // What was committed builds as the deploy builds it.
  const deployBuild = await deployBuildOf(standin, head);
  expect(deployBuild.status, deployBuild.stderr).toBe(0);
  expect(deployBuild.stdout).toMatch(/^Built \d+ files/m);
  await context.close();
});
