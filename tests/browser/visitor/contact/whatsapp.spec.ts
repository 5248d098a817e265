/** The floating WhatsApp widget and the chat links it opens. */
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { content, whatsappDigits, type WhatsAppContent } from '../../helpers.js';

const wa = content<WhatsAppContent>('whatsapp.yaml');
const DIGITS = whatsappDigits();

/** The widget's quick actions, then 'Start Chat'; their messages come from content/whatsapp.yaml. */
const CHATS = ['Get a Quote', 'Packing Services', 'Call Back Request', 'General Inquiry', 'Start Chat'].map((name) => {
  const message = name === wa.startChat.label ? wa.startChat.message : wa.actions.find((action) => action.title === name)?.message;
  if (!message) throw new Error(`content/whatsapp.yaml has no quick action titled "${name}"`);
  return { name, message };
});

const widget = (page: Page) => page.getByRole('complementary', { name: 'Chat with us', exact: true });
const openButton = (page: Page) => widget(page).getByRole('button', { name: 'Chat with us on WhatsApp', expanded: false });
const toggleWhenOpen = (page: Page) => widget(page).getByRole('button', { name: 'Close WhatsApp chat', expanded: true });
// The pulsing ring is decoration with no role or name: its visibility is the state under test.
const pulse = (page: Page) => page.locator('[data-whatsapp-pulse]');

async function openPopup(page: Page): Promise<void> {
  await openButton(page).click();
  await expect(toggleWhenOpen(page)).toBeVisible();
  for (const chat of CHATS) await expect(widget(page).getByRole('link', { name: chat.name, exact: true })).toBeVisible();
}

async function expectClosed(page: Page): Promise<void> {
  await expect(openButton(page)).toBeVisible();
  for (const chat of CHATS) await expect(widget(page).getByRole('link', { name: chat.name, exact: true })).toBeHidden();
  await expect(pulse(page)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/services/');
});

test('the button opens the quick actions and hides the pulse', async ({ page }) => {
  await expectClosed(page);
  await openPopup(page);
  await expect(pulse(page)).toBeHidden();
  await expect(page).toHaveURL('/services/');
  await toggleWhenOpen(page).click();
  await expectClosed(page);
});

for (const chat of CHATS) {
  test(`"${chat.name}" opens a WhatsApp chat with its message in a new tab and closes the popup`, async ({ page, context, external }) => {
    await openPopup(page);
    const [chatPage] = await Promise.all([
      context.waitForEvent('page'),
      widget(page).getByRole('link', { name: chat.name, exact: true }).click(),
    ]);
    await chatPage.waitForLoadState('domcontentloaded');
    const opened = new URL(chatPage.url());
    expect(opened.origin).toBe('https://wa.me');
    expect(opened.pathname).toBe(`/${DIGITS}`);
    expect(opened.searchParams.get('text')).toBe(chat.message);
    expect(external.filter((request) => request.isTopLevel).map((request) => request.url)).toContain(chatPage.url());
    // The site stays where it was, with the popup closed.
    await expect(page).toHaveURL('/services/');
    await expectClosed(page);
  });
}

test('Escape closes the popup and gives focus back to the button', async ({ page }) => {
  await openPopup(page);
  await page.keyboard.press('Escape');
  await expectClosed(page);
  await expect(openButton(page)).toBeFocused();
});

test("the popup's own close button closes it", async ({ page }) => {
  await openPopup(page);
  await widget(page).getByRole('button', { name: 'Close WhatsApp chat' }).and(page.locator(':not([aria-expanded])')).click();
  await expectClosed(page);
});

test('the button answers the keyboard like a button: Space opens the popup, and Enter closes it', async ({ page }) => {
  await openButton(page).focus();
  await page.keyboard.press(' ');
  await expect(toggleWhenOpen(page)).toBeVisible();
  await expect(widget(page).getByRole('link', { name: 'Start Chat', exact: true })).toBeVisible();
  await toggleWhenOpen(page).focus();
  await page.keyboard.press('Enter');
  await expectClosed(page);
  await expect(page).toHaveURL('/services/');
});

test('the page carries no quick actions: they are fetched once it has loaded, and once only', async ({ page }) => {
  await expect(openButton(page)).toBeVisible();
  const timing = await page.evaluate(() => {
    const src = document.querySelector<HTMLElement>('[data-whatsapp-popup]')!.dataset.whatsappSrc!;
    const fetched = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === src);
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { src, times: fetched.length, after: fetched.every((entry) => entry.startTime >= navigation.loadEventEnd) };
  });
  expect(timing).toEqual({ src: expect.stringMatching(/^\/assets\/whatsapp\/en\.[0-9a-f]{10}$/), times: 1, after: true });
  await openPopup(page);
});

test('a tap before the quick actions have arrived opens the chat with the default message', async ({ page, context }) => {
  // The quick actions never arrive (a connection that drops): the button stays the link it is without JavaScript.
  await page.route('**/assets/whatsapp/**', () => undefined);
  await page.goto('/services/');
  const link = widget(page).getByRole('link', { name: 'Chat with us on WhatsApp', exact: true });
  await expect(link).toBeVisible();
  const [chatPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await chatPage.waitForLoadState('domcontentloaded');
  const opened = new URL(chatPage.url());
  expect(opened.origin).toBe('https://wa.me');
  expect(opened.searchParams.get('text')).toBe(wa.startChat.message);
  await expect(page).toHaveURL('/services/');
});

for (const width of [320, 360, 412]) {
  for (const path of ['/services/', '/ml/services/']) {
    test(`at ${width} px the open popup on ${path} is whole on the screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(path);
      await page.locator('[data-whatsapp-toggle][role="button"]').click();
      const popup = page.locator('[data-whatsapp-popup]');
      await expect(popup.locator('[data-whatsapp-action]').first()).toBeVisible();
      const box = (await popup.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    });
  }
}
