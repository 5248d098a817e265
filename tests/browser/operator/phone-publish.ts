/** What the phone specs do again and again in the owner's editor: save one field, publish. */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures.js';

/** Opens `file` in the editor at `origin`, types `value` into the field `field` (a selector) and saves. */
export async function saveField(page: Page, origin: string, file: string, field: string, value: string): Promise<void> {
  await page.goto(`${origin}/admin/edit/${file}`);
  await page.locator(field).fill(value);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
}

/** Publishes what the phone keeps, saying `message`, and waits for the commit. */
export async function publish(page: Page, origin: string, message: string): Promise<void> {
  await page.goto(`${origin}/admin/edit/`);
  const panel = page.getByRole('region', { name: 'Publish' });
  // The list of files is drawn above the panel and pushes it down as it comes: a tap waits for it.
  await expect(page.locator('a[href="/admin/edit/site.yaml"]')).toBeVisible();
  await panel.getByLabel('What did you change?').fill(message);
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: /^Published as commit/ })).toBeVisible();
}
