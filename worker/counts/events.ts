/**
 * What the page's script counts (client/counts.ts): a page view, and the steps that make a
 * customer. Only these are taken; anything else a beacon names is dropped.
 */
export const EVENTS = [
  'view',
  // The quote form: sent; failed (the error and the WhatsApp and call fallback showed); and a
  // failed request then carried to WhatsApp or a call from that fallback.
  'quote-sent',
  'quote-failed',
  'rescued-whatsapp',
  'rescued-call',
  // Any other tap on a call or WhatsApp link.
  'call',
  'whatsapp',
  // A service chosen in the quote form (detail: its id), a switch to another language (detail: its code).
  'service',
  'language',
] as const;
export type CountEvent = (typeof EVENTS)[number];

/** Events that carry a detail, and what it may look like: an id or a language code. */
export const WITH_DETAIL: ReadonlySet<CountEvent> = new Set(['service', 'language']);
export const DETAIL = /^[a-z0-9][a-z0-9-]{0,59}$/;
