/**
 * For a phone spec of one test: the owner's editor served for it alone (phone-editor-site.ts),
 * and a phone at 360×740 with touch and its own lock, set up and signed in, whose browser
 * questions (Undo's, "Leave site?") the owner confirms.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { addPhoneLock } from './phone-lock.js';
import { startPhoneEditorSite, type PhoneEditorSite } from './phone-editor-site.js';
import { setUpThisPhone } from './phone-set-up.js';

/** Starts the site before the spec's test and closes it after; call at the top of the spec. */
export function phoneSiteForSpec(): () => PhoneEditorSite {
  let site: PhoneEditorSite | undefined;
  test.describe.configure({ timeout: 180_000 });
  test.beforeAll(async () => {
    site = await startPhoneEditorSite();
  });
  test.afterAll(async () => {
    await site?.close();
  });
  return () => site!;
}

export async function signedInPhone(browser: Browser, origin: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await addPhoneLock(context, page);
  page.on('dialog', (dialog) => void dialog.accept());
  await setUpThisPhone(page, origin);
  return { context, page };
}
