/**
 * The owner's account screens at /admin/ on the site's own Worker (workerd through Miniflare, offline, with a
 * local D1 from worker/migrations/), at phone width, with real passkeys: each phone is a browser
 * context with Chromium's virtual authenticator (a platform authenticator that keeps discoverable
 * credentials and always verifies the user, as a phone's lock does). WebAuthn needs a secure
 * context and a host name, so the pages are opened at http://localhost.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { startCloudflare, type HostServer } from '../../helpers/cloudflare.js';
import { expectNoAxeViolations } from '../axe.js';
import { expect, test } from '../fixtures.js';
import { addPhoneLock } from './phone-lock.js';

const SETUP_CODE = 'TEAK-RIVER-4821';
const PHONE = { width: 360, height: 740 } as const;

let site: string;
let host: HostServer;
let admin: string;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  site = await mkdtemp(path.join(os.tmpdir(), 'site-admin-'));
  await writeFile(path.join(site, 'index.html'), '<!doctype html><title>Home</title>');
  host = await startCloudflare(site, { worker: true, migrate: true, secrets: { SETUP_CODE } });
  admin = `http://localhost:${new URL(host.url).port}/admin/`;
});

test.afterAll(async () => {
  await host?.close();
  await rm(site, { recursive: true, force: true });
});

interface Phone {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

/** A phone: its own browser, with an authenticator built in that unlocks whenever asked. */
async function phone(browser: Browser): Promise<Phone> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const { cdp, authenticatorId } = await addPhoneLock(context, page);
  return { context, page, cdp, authenticatorId };
}

async function credentials(p: Phone) {
  return (await p.cdp.send('WebAuthn.getCredentials', { authenticatorId: p.authenticatorId })).credentials;
}

async function expectPhoneSized(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  for (const control of await page.locator('button:visible, input:visible').all()) {
    const box = (await control.boundingBox())!;
    expect(
      box.height,
      `${await control.evaluate((element) => element.outerHTML.slice(0, 80))} is tall enough to tap`,
    ).toBeGreaterThanOrEqual(44);
  }
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.page, 'nothing wider than the phone').toBeLessThanOrEqual(widths.screen);
}

const alert = (page: Page) => page.getByRole('alert');

test('the owner sets up the editor with a phone, adds a second phone with an invitation code, removes the first, and a phone without a passkey is told so', async ({
  browser,
}) => {
  const first = await phone(browser);
  const { page } = first;

  // Set up: a wrong code is refused in words, the right one makes this phone's passkey.
  await page.goto(admin);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up this site’s editor');
  await expectPhoneSized(page);
  await page.getByLabel('Set-up code').fill('TEAK-RIVER-0000');
  await page.getByLabel('Name this phone').fill('Anil’s phone');
  await page.getByRole('button', { name: 'Set up with this phone' }).click();
  await expect(alert(page)).toHaveText(/That set-up code is not right/);
  expect(await credentials(first)).toEqual([]);
  await page.getByLabel('Set-up code').fill(SETUP_CODE.toLowerCase());
  await page.getByRole('button', { name: 'Set up with this phone' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your phones');
  await expect(page.getByRole('listitem')).toHaveText([/Anil’s phone \(this phone\)/]);
  await expectPhoneSized(page);
  const [passkey] = await credentials(first);
  expect(passkey).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  const session = (await first.context.cookies()).find((cookie) => cookie.name === '__Host-session');
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });

  // A second phone: the set-up code is spent, an invitation code from the first phone works once.
  const second = await phone(browser);
  await second.page.goto(admin);
  await expect(second.page.getByRole('heading', { level: 1 })).toHaveText('Sign in with this phone');
  await expectPhoneSized(second.page);
  await second.page.getByLabel('Invitation code').fill(SETUP_CODE);
  await second.page.getByLabel('Name this phone').fill('Office phone');
  await second.page.getByRole('button', { name: 'Add this phone' }).click();
  await expect(alert(second.page)).toHaveText(/That set-up code was already used/);

  await page.getByRole('button', { name: 'Add another phone' }).click();
  const code = (await page.getByText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/).textContent())!;
  await expect(page.getByText(`open ${admin}`)).toBeVisible();
  await second.page.getByLabel('Invitation code').fill(code);
  await second.page.getByRole('button', { name: 'Add this phone' }).click();
  await expect(second.page.getByRole('heading', { level: 1 })).toHaveText('Your phones');
  await expect(second.page.getByRole('listitem')).toHaveText([/^\s*Anil’s phone\s*Added/, /Office phone \(this phone\)/]);

  // Signing out and in again needs nothing but the phone's passkey.
  await second.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(second.page.getByRole('heading', { level: 1 })).toHaveText('Sign in with this phone');
  // A sign-in link made elsewhere to send the owner on to another site, once signed in, does not.
  await second.page.goto(`${admin}?back=${encodeURIComponent('//example.com/admin/edit/')}`);
  await second.page.getByRole('button', { name: 'Sign in with this phone' }).click();
  await expect(second.page.getByRole('heading', { level: 1 })).toHaveText('Your phones');
  expect(new URL(second.page.url()).host).toBe(new URL(admin).host);

  // Removing asks first, saying what it costs; the owner who says no keeps both phones.
  const questions: string[] = [];
  second.page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await second.page.getByRole('button', { name: 'Remove Anil’s phone' }).click();
  await expect
    .poll(() => questions)
    .toEqual([
      'Remove Anil’s phone? It can no longer sign in here; to use it again you need an invitation code from a phone still on the list.',
    ]);
  await second.page.reload();
  await expect(second.page.getByRole('listitem')).toHaveCount(2);

  // The second phone removes the first; the last one left cannot be removed.
  second.page.once('dialog', (dialog) => void dialog.accept());
  await second.page.getByRole('button', { name: 'Remove Anil’s phone' }).click();
  await expect(second.page.getByRole('listitem')).toHaveText([/Office phone \(this phone\)/]);
  await expect(second.page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  // The first phone was signed out with it, and its passkey no longer signs in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with this phone');
  await expect(page.getByRole('status')).toHaveText(/was removed from the list of phones/);
  await page.getByRole('button', { name: 'Sign in with this phone' }).click();
  await expect(alert(page)).toHaveText(/This phone’s passkey is no longer on the list/);

  // A phone with no passkey for the site at all is told so; the message is below the forms, and
  // a phone's screen shows it whole (but for a fraction of a pixel, which rounding may cut).
  const third = await phone(browser);
  await third.page.goto(admin);
  await third.page.getByRole('button', { name: 'Sign in with this phone' }).click();
  await expect(alert(third.page)).toHaveText(/this phone has no passkey for this site/);
  await expect(alert(third.page)).toBeInViewport({ ratio: 0.99 });

  await Promise.all([first, second, third].map(({ context }) => context.close()));
});
