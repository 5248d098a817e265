import type { Service } from '../generator/schema/index.js';
import { formatRupees } from './format.js';

/**
 * A price for a span of time or a quantity (storage "per month", "₹/day", "per km", "per box")
 * is not the price of a move: a ₹2,999 a month warehouse is no "Moves from ₹2,999". The unit is
 * read from the price's note, as the company writes it in English or in Malayalam (a page in
 * Malayalam has its note translated); a note saying what a move covers ("for a 1 BHK move",
 * "per pet, for a move within Kerala") leaves it a move's price.
 */
const PER_UNIT = new RegExp(
  [
    String.raw`(?:\b(?:per|each|every)|(?<!\b(?:in|within|than)\s+)\ban?)\s+(?:month|week|day|night|year|hour|km|kilomet(?:re|er)|mile|box|carton|kg|kilo(?:gram)?|item|piece|sq\.?\s*ft|square\s+(?:foot|feet|metre|meter)|cubic\s+(?:foot|feet|metre|meter)|cft)s?\b`,
    String.raw`\/\s*(?:month|mo|week|wk|day|night|year|yr|hour|hr|km|box|carton|kg|item|sq\.?\s*ft|cft)\b`,
    String.raw`\b(?:monthly|weekly|daily|nightly|yearly|annually|hourly)\b`,
    // പ്രതിമാസം (a month), പ്രതിദിനം (a day), പ്രതിവാരം (a week), and "for each month/day/week/km".
    'പ്രതി(?:മാസ|ദിന|വാര|വർഷ)',
    'ഓരോ\\s*(?:മാസ|ദിവസ|ആഴ്ച|വർഷ|കിലോമീറ്റ)',
    '(?:മാസത്തേക്ക്|മാസത്തിന്|ദിവസത്തിന്|ആഴ്ചയ്ക്ക്|കിലോമീറ്ററിന്)',
  ].join('|'),
  'iu',
);

/** Whether a service's starting price is the price of a move, not of a month, a day or a box. */
export function isMovePrice(service: Pick<Service, 'pricing'>): boolean {
  return !PER_UNIT.test(service.pricing.note);
}

/** The lowest starting price of a move among the services, or undefined when none is priced per move. */
export function lowestMovePrice(services: readonly Service[]): number | undefined {
  const moves = services.filter(isMovePrice).map((service) => service.pricing.starting);
  return moves.length > 0 ? Math.min(...moves) : undefined;
}

/**
 * The company's range of prices as search engines read it (schema.org priceRange, free text):
 * the moves' lowest and highest starting prices, then each price of another unit with its service
 * and its note, e.g. "₹3,999 - ₹25,999; Storage Solutions: ₹2,999 per month".
 */
export function priceRange(services: readonly Service[]): string {
  const moves = services.filter(isMovePrice).map((service) => service.pricing.starting);
  const range = moves.length > 0 ? [`${formatRupees(Math.min(...moves))} - ${formatRupees(Math.max(...moves))}`] : [];
  const others = services
    .filter((service) => !isMovePrice(service))
    .map((service) => `${service.title}: ${formatRupees(service.pricing.starting)} ${service.pricing.note}`);
  return [...range, ...others].join('; ');
}
