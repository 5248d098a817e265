import type { Language } from '../generator/contract/languages.js';

// Written by hand rather than with Intl: a process's first Intl formatter loads ICU's data, which
// cost a cold `site build` about 30 ms (a tenth of it) for a price and a month name.

/**
 * A number of rupees with Indian digit grouping, rounded to whole rupees as en-IN's currency format
 * does: 8999 → "₹8,999", 125000 → "₹1,25,000", -500 → "-₹500".
 */
export function formatRupees(amount: number): string {
  // BigInt prints every digit of large amounts, where String() would switch to "1e+21".
  const digits = BigInt(Math.round(Math.abs(amount))).toString();
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  // Above the thousands, Indian grouping puts a comma every two digits (lakh, crore).
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}` : lastThree;
  return `${amount < 0 ? '-' : ''}₹${grouped}`;
}

/**
 * A year-month-day date as visitors read it, in the page's language: "2026-10-12" → "October
 * 2026" (English), "2026 ഒക്‌ടോബർ" (Malayalam).
 */
export function formatMonthYear(date: string, language: Pick<Language, 'monthYear'>): string {
  const [year, month] = date.split('-');
  const name = language.monthYear.months[Number(month) - 1] ?? '';
  return language.monthYear.yearFirst ? `${Number(year)} ${name}` : `${name} ${Number(year)}`;
}

/** A content label with `{rating}` filled in, e.g. "Rated {rating} out of 5" → "Rated 4 out of 5". */
export function ratingText(label: string, rating: number): string {
  return label.replaceAll('{rating}', String(rating));
}

/**
 * The office's postal address on one line: "12 Example Road, Edappally, Kochi, Kerala 682024". A
 * locality that is the city itself (a town's own centre) is named once.
 */
export function postalAddressLine(address: {
  street: string;
  locality?: string | undefined;
  city: string;
  region: string;
  postalCode: string;
}): string {
  const locality = address.locality && address.locality !== address.city ? `, ${address.locality}` : '';
  return `${address.street}${locality}, ${address.city}, ${address.region} ${address.postalCode}`;
}
