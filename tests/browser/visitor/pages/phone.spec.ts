/**
 * A visitor on a phone finds the price, the phone and the form at once: at the widths phones
 * have, in both languages, with the Malayalam font every phone carries (playwright.config.ts),
 * the header is one short row, nothing fixed sits over the text, no label is cut off, and the
 * price, a call and the quote form are in the first screen.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { settle } from '../../helpers.js';

const WIDTHS = [320, 360, 412, 768];
const EDITIONS = [
  { language: 'English', pages: ['/', '/about/', '/services/', '/contact/'] },
  { language: 'Malayalam', pages: ['/ml/', '/ml/about/', '/ml/services/', '/ml/contact/'] },
];

/** The header's height, and the children of its bar that sit below its first row. */
async function headerShape(page: Page): Promise<{ height: number; belowFirstRow: string[] }> {
  return page.locator('[data-header]').evaluate((header) => {
    const box = header.getBoundingClientRect();
    const shown = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const parts = Array.from(header.querySelector('.container, div')!.children).filter(shown);
    const firstRowBottom = Math.min(...parts.map((part) => part.getBoundingClientRect().bottom));
    const belowFirstRow = parts
      .filter((part) => part.getBoundingClientRect().top >= firstRowBottom - 1)
      .map((part) => part.outerHTML.slice(0, 80));
    return { height: box.height, belowFirstRow };
  });
}

/**
 * Text that an element fixed to the screen (not the bars along its top edge) covers, at every
 * scroll position of the page, a screen at a time.
 */
async function coveredText(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found = new Set<string>();
    const fixedElements = () =>
      Array.from(document.querySelectorAll('body *')).filter((element) => {
        const style = getComputedStyle(element);
        if (style.position !== 'fixed' && style.position !== 'sticky') return false;
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden';
      });
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const height = document.documentElement.scrollHeight;
    for (let y = 0; y < height; y += Math.round(innerHeight * 0.75)) {
      window.scrollTo(0, y);
      await frame();
      const fixed = fixedElements();
      // The bars along the top (the header, a row of links under it) are where the page begins: text
      // scrolls out of sight beneath them, as past the screen's edge.
      const bars = fixed.filter(
        (element) =>
          element.getBoundingClientRect().top <= 1 ||
          fixed.some(
            (other) => other !== element && Math.abs(other.getBoundingClientRect().bottom - element.getBoundingClientRect().top) <= 1,
          ),
      );
      const top = Math.max(0, ...bars.map((bar) => bar.getBoundingClientRect().bottom));
      const floating = fixed.filter((element) => !bars.includes(element) && !bars.some((bar) => bar.contains(element)));
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const parent = node.parentElement!;
        if (floating.some((element) => element.contains(parent)) || bars.some((bar) => bar.contains(parent))) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) {
          // Only the part of the text below the bars can be read.
          const readTop = Math.max(rect.top, top);
          if (rect.bottom <= readTop || readTop >= innerHeight || rect.width === 0) continue;
          for (const element of floating) {
            const over = element.getBoundingClientRect();
            if (rect.left < over.right && rect.right > over.left && readTop < over.bottom && rect.bottom > over.top) {
              found.add(`"${node.textContent.trim().slice(0, 40)}" under ${element.tagName.toLowerCase()}.${element.className}`);
            }
          }
        }
      }
    }
    window.scrollTo(0, 0);
    return [...found];
  });
}

/** Placeholders, the select's shown choice and button labels wider than the room they have. */
async function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const textWidth = (element: Element, text: string) => {
      const style = getComputedStyle(element);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return canvas.measureText(text).width;
    };
    const room = (element: HTMLElement, reserve = 0) => {
      const style = getComputedStyle(element);
      return element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - reserve;
    };
    const clipped: string[] = [];
    for (const field of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
      if (field.offsetParent && textWidth(field, field.placeholder) > room(field) + 1) clipped.push(`placeholder "${field.placeholder}"`);
    }
    // A text box wraps its placeholder: it is cut off only when its lines do not fit its height.
    for (const box of Array.from(document.querySelectorAll<HTMLTextAreaElement>('textarea[placeholder]'))) {
      if (!box.offsetParent) continue;
      const style = getComputedStyle(box);
      const lines = Math.ceil(textWidth(box, box.placeholder) / room(box));
      const height = box.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      if (lines * parseFloat(style.lineHeight) > height + 1) clipped.push(`placeholder "${box.placeholder}"`);
    }
    for (const select of Array.from(document.querySelectorAll('select'))) {
      const shown = select.selectedOptions[0]?.textContent ?? '';
      // The browser keeps about 20 px on the right for its arrow.
      if (select.offsetParent && textWidth(select, shown) > room(select, 20) + 1) clipped.push(`choice "${shown}"`);
    }
    for (const button of Array.from(document.querySelectorAll<HTMLElement>('button, .button, .lang-switch a, .nav-link'))) {
      if (button.offsetParent && button.scrollWidth > button.clientWidth + 1) clipped.push(`button "${button.textContent?.trim()}"`);
    }
    return clipped;
  });
}

for (const width of WIDTHS) {
  for (const edition of EDITIONS) {
    test.describe(`${edition.language} at ${width} px`, () => {
      test.use({ viewport: { width, height: 780 } });

      test('the header is one row of at most 64 px, nothing fixed covers text, no label is cut off', async ({ page }) => {
        for (const route of edition.pages) {
          await page.goto(route);
          await settle(page);
          const shape = await headerShape(page);
          expect(shape.belowFirstRow, `${route}: parts of the header on a second row`).toEqual([]);
          expect(shape.height, `${route}: the header's height`).toBeLessThanOrEqual(64);
          expect(await coveredText(page), `${route}: text under a fixed element`).toEqual([]);
          expect(await clippedLabels(page), `${route}: labels cut off`).toEqual([]);
        }
      });
    });
  }
}

test.describe('the first screen of a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  for (const { path, price, quote, call } of [
    { path: '/', price: /Moves from ₹[\d,]+/, quote: 'Get Free Quote', call: /^Call us / },
    { path: '/ml/', price: /തുടക്കനിരക്ക് ₹[\d,]+/, quote: 'സൗജന്യ ക്വട്ടേഷൻ നേടൂ', call: /^വിളിക്കൂ / },
  ]) {
    test(`${path} shows a price, a call button and "Get Free Quote" without scrolling`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('link', { name: price })).toBeInViewport();
      await expect(page.getByRole('link', { name: call })).toBeInViewport();
      await expect(page.getByRole('main').getByRole('link', { name: quote }).first()).toBeInViewport();
      await page.getByRole('main').getByRole('link', { name: quote }).first().click();
      await expect(page).toHaveURL(/\/contact\/#quote$/);
      await expect(page.getByRole('textbox').first()).toBeInViewport();
    });
  }

  test('/contact/#quote opens with the form’s first field in view, below the header', async ({ page }) => {
    await page.goto('/contact/#quote');
    const field = page.getByLabel('Full Name *');
    await expect(field).toBeInViewport();
    const header = (await page.locator('[data-header]').boundingBox())!;
    expect((await field.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  });

  test('the open menu has a call and a WhatsApp link', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: /^Call us \+91/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);
  });
});

test.describe('a quote link from a service', () => {
  test('opens the form with that service chosen', async ({ page }) => {
    await page.goto('/services/');
    const storage = page.getByRole('article', { name: 'Storage Solutions' });
    await storage.getByRole('link', { name: 'Get Free Quote' }).click();
    await expect(page).toHaveURL(/\/contact\/\?service=storage#quote$/);
    await expect(page.getByLabel('Service Required *')).toHaveValue(/Storage/);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('opens the form with nothing chosen, still ready to send', async ({ page }) => {
      await page.goto('/contact/?service=storage#quote');
      await expect(page.getByLabel('Service Required *')).toHaveValue('');
      await expect(page.getByLabel('Service Required *')).toBeInViewport();
    });
  });
});
