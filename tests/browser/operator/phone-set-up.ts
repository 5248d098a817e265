/**
 * A new owner's first steps on the phone: the editor's address, the set-up code, a name for the
 * phone, and its passkey (the phone's lock must be added first: phone-lock.ts); ends signed in.
 */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures.js';
import { SETUP_CODE } from './phone-editor-site.js';

export async function setUpThisPhone(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/admin/edit/`);
  await page.getByLabel('Set-up code').fill(SETUP_CODE);
  await page.getByLabel('Name this phone').fill('Anil’s phone');
  await page.getByRole('button', { name: 'Set up with this phone' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your phones');
}
