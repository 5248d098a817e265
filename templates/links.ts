import { phoneDigits } from '../generator/schema/fields.js';
import { pageAddress } from '../generator/contract/routes.js';

/** The number as wa.me wants it: country code and digits, no "+" or spaces. */
export function whatsappNumber(phone: string): string {
  return phoneDigits(phone).replace(/^\+/, '');
}

/** A WhatsApp click-to-chat link that opens a chat with `phone`, prefilled with `message`. */
export function whatsappUrl(phone: string, message: string): string {
  return `https://wa.me/${whatsappNumber(phone)}?text=${queryText(message)}`;
}

/**
 * `text` as a query value in a page's link. ASCII is encoded as encodeURIComponent does (spaces
 * as %20, never +, and & # ? escaped); letters, vowel signs and digits of other scripts stay as
 * they are. A browser encodes those as UTF-8 when it follows the link, so WhatsApp receives the
 * same address, while the page carries each Malayalam letter in 3 bytes instead of 9: the
 * widget's four messages are repeated on every page.
 */
export function queryText(text: string): string {
  return Array.from(text, (char) => (char > '\x7f' && /[\p{L}\p{M}\p{N}]/u.test(char) ? char : encodeURIComponent(char))).join('');
}

/** A `tel:` link in E.164 form (e.g. tel:+919847012345), which every dialler understands. */
export function telUrl(phone: string): string {
  return `tel:${phoneDigits(phone)}`;
}

/** `href` with `name=value` added to its query, before any #section: /contact/#quote → /contact/?service=storage#quote. */
export function withQuery(href: string, name: string, value: string): string {
  const [address = '', section] = href.split('#');
  const joined = `${address}${address.includes('?') ? '&' : '?'}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  return section === undefined ? joined : `${joined}#${section}`;
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
