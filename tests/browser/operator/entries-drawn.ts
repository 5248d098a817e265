/**
 * The editor draws a long list's entries a few at a time after the form appears, so what lies
 * below the list moves down until the last one is in. A tap aimed below it waits for that first.
 */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures.js';

/** Until every entry of the list whose field id is `id` (field-services) is on the page, as many as its legend counts. */
export async function entriesDrawn(page: Page, id: string): Promise<void> {
  const list = page.locator(`#${id}`);
  const counted = Number((await list.locator(':scope > legend .count').textContent())?.replace(/\D/g, ''));
  expect(counted).toBeGreaterThan(0);
  await expect(list.locator(':scope > ol.items > li')).toHaveCount(counted);
}
