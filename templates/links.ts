import { phoneDigits } from '../generator/schema/fields.js';
import { pageAddress } from '../generator/schema/routes.js';

/** The number as wa.me wants it: country code and digits, no "+" or spaces. */
export function whatsappNumber(phone: string): string {
  return phoneDigits(phone).replace(/^\+/, '');
}

/** A WhatsApp click-to-chat link that opens a chat with `phone`, prefilled with `message`. */
export function whatsappUrl(phone: string, message: string): string {
  return `https://wa.me/${whatsappNumber(phone)}?text=${encodeURIComponent(message)}`;
}

/** A `tel:` link in E.164 form (e.g. tel:+919847012345), which every dialler understands. */
export function telUrl(phone: string): string {
  return `tel:${phoneDigits(phone)}`;
}

/** Whether a nav link points at the page being rendered ('/about/' matches '/about' and '/about/#team'). */
export function isCurrent(href: string, path: string): boolean {
  const page = (p: string) => pageAddress(p).split('#')[0];
  return page(href) === page(path);
}

/**
 * Attributes for a link that opens another site in a new tab: the new page gets no handle on
 * this one (noopener) and learns nothing of where the visitor came from (noreferrer).
 */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;
