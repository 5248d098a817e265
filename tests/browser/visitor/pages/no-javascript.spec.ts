/**
 * The no-JavaScript baseline (every feature works without JavaScript). The quote
 * form's plain post is in form.spec.ts, beside the other tests that use the relay.
 */
import { expect, test } from '../../fixtures.js';
import { DESKTOP, MOBILE, NAV_LABELS, ROUTES, content, whatsappDigits, type WhatsAppContent } from '../../helpers.js';

test.use({ javaScriptEnabled: false });

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('every page renders and the header links lead to each other', async ({ page }) => {
      await page.goto('/');
      for (const route of ROUTES) {
        const link = page.getByRole('banner').getByRole('link', { name: route.navLabel, exact: true });
        await expect(link).toBeVisible();
        await link.click();
        await expect(page).toHaveURL(route.path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        for (const label of NAV_LABELS) {
          await expect(page.getByRole('banner').getByRole('link', { name: label, exact: true })).toBeVisible();
        }
        await expect(page.getByRole('banner').getByRole('link', { name: route.navLabel, exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
      }
      // No control that needs JavaScript is on offer.
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    });
  });
}

test('the WhatsApp button is a link that opens a chat in a new tab', async ({ page, context }) => {
  const wa = content<WhatsAppContent>('whatsapp.yaml');
  await page.goto('/about/');
  const button = page
    .getByRole('complementary', { name: 'Chat with us', exact: true })
    .getByRole('link', { name: 'Chat with us on WhatsApp' });
  await expect(button).toBeVisible();
  const [chatPage] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await chatPage.waitForLoadState('domcontentloaded');
  const opened = new URL(chatPage.url());
  expect(opened.origin).toBe('https://wa.me');
  expect(opened.pathname).toBe(`/${whatsappDigits()}`);
  expect(opened.searchParams.get('text')).toBe(wa.startChat.message);
  await expect(page).toHaveURL('/about/');
});
