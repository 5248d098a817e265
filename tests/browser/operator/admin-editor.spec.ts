/**
 * The content editor on the phone: /admin/edit/ on the site's own Worker (workerd through Miniflare, offline,
 * with a local D1) against the GitHub stand-in over a real bare repository, at 360×740 with touch
 * in Chromium, with a real passkey (the virtual authenticator). The owner sets the editor up,
 * changes a price and adds a camera photo, publishes one commit of content files only; a reload
 * and a lost session keep what was typed; a second session (the same passkey in another browser)
 * publishes the same value meanwhile and the owner chooses; undo is one commit.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { checkContent } from '../../../generator/build.js';
import type { GitHubStandin } from '../../github-standin/server.js';
import { hasGps, photoWithLocation } from '../../unit/worker/editor/camera-photo.js';
import sharp from 'sharp';
import { expect, test } from '../fixtures.js';
import { entriesDrawn } from './entries-drawn.js';
import { deployBuildOf } from './builds.js';
import { addPhoneLock } from './phone-lock.js';
import { SETUP_CODE, startPhoneEditorSite, type PhoneEditorSite } from './phone-editor-site.js';

const PHONE = { width: 360, height: 740 } as const;
const SHOTS = process.env.EDITOR_SHOTS;

let site: PhoneEditorSite;
let standin: GitHubStandin;
let origin: string;
let start: string;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  site = await startPhoneEditorSite();
  ({ standin, origin, start } = site);
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('worker output', { body: site.output() });
});

test.afterAll(async () => {
  await site?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

async function commitsSince(from: string): Promise<string[]> {
  const list = await standin.git.text(['rev-list', `${from}..main`]);
  return list ? list.split('\n') : [];
}

async function changePrice(page: Page, price: string): Promise<void> {
  await page.goto(`${origin}/admin/edit/services.yaml`);
  const field = page.getByRole('textbox', { name: 'Starting' }).first();
  await field.fill(price);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
}

/** A customer's review added at the end of the list, as an owner types one from a WhatsApp message. */
async function addReview(page: Page): Promise<void> {
  await page.goto(`${origin}/admin/edit/testimonials.yaml`);
  await page.getByRole('button', { name: 'Add testimonial' }).click();
  const field = (name: string) => page.locator(`#field-testimonials-3-${name}`);
  await field('name').fill('Lakshmi Pillai');
  await field('id').fill('lakshmi-pillai');
  await field('location').fill('Thrissur to Kochi');
  await field('rating').fill('5');
  await field('comment').fill('Packed our two-bedroom flat in one morning and unpacked the kitchen before lunch. Nothing broken.');
  await field('date').fill('2026-11-20');
  await field('service').selectOption('residential');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
}

/** The Malayalam name of the first service, changed in the translation's own file. */
async function renameInMalayalam(page: Page): Promise<void> {
  await page.goto(`${origin}/admin/edit/ml/services.yaml`);
  await page.locator('#field-services-0-title').fill('വീട്ടുസാധനങ്ങൾ മാറ്റൽ');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
}

/** The English name of the second service changed; its Malayalam, still right, marked so on the phone. */
async function reviewInMalayalam(page: Page): Promise<void> {
  await page.goto(`${origin}/admin/edit/services.yaml`);
  await page.locator('#field-services-1-title').fill('Office Moving');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
  await page.goto(`${origin}/admin/edit/ml/services.yaml`);
  const changed = page.locator('#field-services-1-title-outdated');
  await expect(changed).toContainText('English changed');
  await expect(changed).toContainText('Office Moving');
  await changed.getByRole('button', { name: 'Translation still right' }).tap();
  await expect(page.getByText('Marked reviewed: the English it translates now is recorded.')).toBeVisible();
  await expect(changed).toHaveCount(0);
}

async function publish(page: Page, message: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Publish' });
  await panel.getByLabel('What did you change?').fill(message);
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
}

test('the owner sets up the editor, changes a price, adds a review and a photo, renames a service in Malayalam, marks a Malayalam name still right, previews, publishes one commit, chooses over someone else’s change, keeps a draft through a reload and a lost session, and undoes', async ({
  browser,
  playwright,
}, testInfo) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  const { cdp, authenticatorId } = await addPhoneLock(context, page);

  // Without a session the editor's page sends the phone to sign in.
  await page.goto(`${origin}/admin/edit/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up this site’s editor');
  await page.getByLabel('Set-up code').fill(SETUP_CODE);
  await page.getByLabel('Name this phone').fill('Anil’s phone');
  await page.getByRole('button', { name: 'Set up with this phone' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your phones');

  // The files, read from the repository, one tap away from the account screen.
  await shot(page, 'phones');
  await page.getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveURL(`${origin}/admin/edit/`);
  await expect(page.getByRole('link', { name: /Services/ }).first()).toBeVisible();
  await shot(page, 'files');
  // From the editor, the owner's other screens are a tap away, as from every other screen.
  const tabs = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Requests' }) });
  await expect(tabs.getByRole('link', { name: 'Content' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Requests' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote requests');
  await page.getByRole('link', { name: 'Content' }).click();
  await expect(page.getByRole('link', { name: /Services/ }).first()).toBeVisible();

  // Refused: an editor request without a session; the session's own cookie and token sent from
  // another site (a stolen cookie); the set-up code used a second time.
  const cookie = (await context.cookies(origin)).map(({ name, value }) => `${name}=${value}`).join('; ');
  const token = await page.locator('meta[name="editor-token"]').getAttribute('content');
  expect(cookie).not.toBe('');
  expect(token).toBeTruthy();
  const stranger = await playwright.request.newContext();
  const ask = (headers: Record<string, string>) =>
    stranger.post(`${origin}/api/editor/files`, { headers: { 'Content-Type': 'application/json', ...headers }, data: {} });
  expect((await ask({ Origin: origin })).status()).toBe(401);
  const stolen = await ask({ Origin: 'https://movers-offer.example', Cookie: cookie, 'X-CSRF-Token': token! });
  expect(stolen.status()).toBe(403);
  expect(JSON.stringify(await stolen.json())).not.toContain('content/');
  expect((await ask({ Origin: origin, Cookie: cookie, 'X-CSRF-Token': token! })).status()).toBe(200);
  const replayed = await stranger.post(`${origin}/api/passkeys/options`, {
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    data: { code: SETUP_CODE, name: 'Someone else’s phone' },
  });
  expect(replayed.status()).toBe(403);
  await stranger.dispose();

  // A price changed and a camera photo added (4000×3000, with its location), published: one
  // commit, only content files, the photo no wider than the build makes and without its location.
  const camera = testInfo.outputPath('IMG 2041.JPG');
  await writeFile(camera, await photoWithLocation(4000, 3000));
  await page.goto(`${origin}/admin/edit/services.yaml`);
  const photo = page.locator('#field-services-0-image');
  await photo.getByLabel('Or upload a new photo (JPEG, PNG, WebP or AVIF)').setInputFiles(camera);
  await expect(photo.getByRole('status')).toContainText('Uploaded as content/images/img-2041.jpg');
  await photo.getByLabel('Alt text: what the photo shows').fill('Our crew loading a van in Kochi');
  await page.getByRole('textbox', { name: 'Starting' }).first().fill('7777');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
  await addReview(page);
  await renameInMalayalam(page);
  await reviewInMalayalam(page);
  // The page as it will look, drawn on the phone before anything is published.
  await page.goto(`${origin}/admin/edit/services.yaml`);
  await entriesDrawn(page, 'field-services');
  await page.getByRole('button', { name: 'Preview', exact: true }).tap();
  await expect(page.frameLocator('iframe[title="Preview of the Services page"]').locator('main')).toContainText('7,777');
  await page.goto(`${origin}/admin/edit/services.yaml`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
  await shot(page, 'services');
  await page.goto(`${origin}/admin/edit/`);
  await expect(page.getByRole('region', { name: 'Publish' }).getByText('content/services.yaml')).toBeVisible();
  await publish(page, 'New price for house shifting');
  await expect(page.getByRole('status').filter({ hasText: /^Published as commit/ })).toBeVisible();
  const first = await commitsSince(start);
  expect(first).toHaveLength(1);
  expect((await standin.git.text(['diff-tree', '--no-commit-id', '--name-only', '-r', start, first[0]!])).split('\n').sort()).toEqual([
    'content/images/img-2041.jpg',
    'content/ml/services.yaml',
    'content/ml/translated-from.yaml',
    'content/services.yaml',
    'content/testimonials.yaml',
  ]);
  expect(await standin.git.text(['show', `${first[0]}:content/ml/services.yaml`])).toContain('title: വീട്ടുസാധനങ്ങൾ മാറ്റൽ');
  expect(await standin.git.text(['show', `${first[0]}:content/testimonials.yaml`])).toMatch(/^ {4}name: Lakshmi Pillai$/m);
  expect(await standin.git.text(['show', `${first[0]}:content/services.yaml`])).toMatch(/^ {6}starting: 7777$/m);
  const published = await sharp(
    Buffer.from(await standin.git.git(['cat-file', 'blob', `${first[0]}:content/images/img-2041.jpg`])),
  ).metadata();
  expect([published.format, published.width, published.height]).toEqual(['jpeg', 1280, 960]);
  expect(hasGps(published.exif)).toBe(false);
  // What was committed passes the deploy's strict check and builds as the deploy builds it, the new photo with it.
  const deployBuild = await deployBuildOf(standin, first[0]!, async (committed) => {
    const strict = await checkContent(path.join(committed, 'content'), { strict: true });
    expect(strict.problems).toEqual([]);
  });
  // Translations left for later (the new review, the photo's alt text) are warnings the deploy accepts.
  expect(deployBuild.status, deployBuild.stderr).toBe(0);
  expect(deployBuild.stdout).toMatch(/^Built \d+ files/m);

  // A reload keeps what was saved on the phone, and a value typed but not saved yet.
  await changePrice(page, '6500');
  const price = page.getByRole('textbox', { name: 'Starting' }).first();
  await price.fill('6550');
  await page.waitForFunction(() => (localStorage.getItem('site-editor:kept') ?? '').includes('6550'));
  await page.reload();
  await expect(price).toHaveValue('6550');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
  await page.goto(`${origin}/admin/edit/`);
  await expect(page.getByRole('region', { name: 'Publish' }).getByText('content/services.yaml')).toBeVisible();

  // Signed out mid-edit (the session gone): the owner is told, signs in again, and finds the change kept.
  await page.goto(`${origin}/admin/edit/services.yaml`);
  await expect(price).toHaveValue(/6,?550/);
  await context.clearCookies();
  await price.fill('6600');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/You are not signed in\. .*What you saved is kept on this phone/).first()).toBeVisible();
  // The way back in is at the top of the page, in view as the page is scrolled down at Save,
  // and brings the owner back to this file once signed in.
  const signInAgain = page.getByRole('link', { name: 'Sign in again' });
  await expect(signInAgain).toBeInViewport();
  await signInAgain.click();
  await page.getByRole('button', { name: 'Sign in with this phone' }).click();
  await expect(page).toHaveURL(`${origin}/admin/edit/services.yaml`);
  await expect(price).toHaveValue('6600');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
  await page.goto(`${origin}/admin/edit/`);

  // Checked on the phone itself as the owner types, with site check's own code: even offline.
  await page.goto(`${origin}/admin/edit/services.yaml`);
  await expect(price).toHaveValue(/6,?600/);
  const tagline = page.getByRole('textbox', { name: 'Tagline' }).first();
  const before = await tagline.inputValue();
  await context.setOffline(true);
  await tagline.fill('Your home, moved by ${nobody}');
  await expect(page.getByText(/"\$\{nobody\}" names no fact/).first()).toBeVisible();
  await tagline.fill(before);
  await context.setOffline(false);
  await page.goto(`${origin}/admin/edit/`);

  // Without a connection Publish says so, and everything stays kept on the phone.
  await expect(page.getByRole('link', { name: /Services/ }).first()).toBeVisible();
  await context.setOffline(true);
  await publish(page, 'My price');
  await expect(page.getByRole('region', { name: 'Publish' }).getByRole('alert')).toContainText(
    'This phone is not connected to the internet just now. Your changes are kept on this phone',
  );
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Publish' }).getByText('content/services.yaml')).toBeVisible();

  // Someone else published the same price meanwhile: the owner sees both values and keeps theirs or, here, mine.
  // (A second session: the manager's browser, signed in with the same passkey synced to it.)
  const manager = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const other = await manager.newPage();
  const { cdp: otherCdp, authenticatorId: otherAuthenticator } = await addPhoneLock(manager, other);
  for (const credential of (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials) {
    await otherCdp.send('WebAuthn.addCredential', { authenticatorId: otherAuthenticator, credential });
  }
  await other.goto(`${origin}/admin/`);
  await other.getByRole('button', { name: 'Sign in with this phone' }).click();
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Your phones');
  await changePrice(other, '9100');
  await other.goto(`${origin}/admin/edit/`);
  await publish(other, 'The manager’s price');
  await expect(other.getByRole('status').filter({ hasText: /^Published as commit/ })).toBeVisible();
  const theirs = (await standin.git.ref('main'))!;
  expect(await commitsSince(first[0]!)).toEqual([theirs]);
  await manager.close();
  await publish(page, 'My price');
  const panel = page.getByRole('region', { name: 'Publish' });
  await expect(panel.getByText('Which version of each value to publish')).toBeVisible();
  await shot(page, 'choose');
  await panel
    .getByRole('radio', { name: /Your version/ })
    .first()
    .check();
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Published as commit/ })).toBeVisible();
  const second = await commitsSince(theirs);
  expect(second).toHaveLength(1);
  expect(await standin.git.text(['show', `${second[0]}:content/services.yaml`])).toMatch(/^ {6}starting: 6600$/m);

  // Undo: one commit putting the file back as the manager left it.
  await page.getByRole('button', { name: 'Undo the last publish' }).click();
  await expect(page.getByText('Undone.', { exact: true })).toBeVisible();
  // The publish just undone is no longer said to be what was published.
  await expect(page.getByRole('status').filter({ hasText: /^Published as commit/ })).toHaveCount(0);
  const undone = await commitsSince(second[0]!);
  expect(undone).toHaveLength(1);
  expect(await standin.git.text(['show', `${undone[0]}:content/services.yaml`])).toMatch(/^ {6}starting: 9100$/m);
  expect(standin.violations).toEqual([]);
  // Besides the browser's own question on leaving a page with a value typed and not saved, the only one asked was Undo's.
  expect(dialogs.filter((dialog) => !dialog.startsWith('beforeunload'))).toEqual([expect.stringMatching(/^confirm: Undo “My price”\?/)]);
  await context.close();
});
