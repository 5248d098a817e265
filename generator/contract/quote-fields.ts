/**
 * The most letters each field of the quote form may hold: the form caps what a visitor can type
 * or paste at these (templates/parts/QuoteForm.tsx), and the site's Worker refuses a request over
 * them (worker/quotes/fields.ts). One list, so a visitor is never stopped by a limit the form did
 * not show: a request refused after the tap is a customer lost.
 */
export const QUOTE_FIELD_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  service: 200,
  moveFrom: 200,
  moveTo: 200,
  moveDate: 10,
  message: 5000,
} as const;
