const rupeeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** A whole number of rupees with Indian digit grouping: 8999 → "₹8,999", 125000 → "₹1,25,000". */
export function formatRupees(amount: number): string {
  return rupeeFormat.format(amount);
}

/**
 * A year-month-day date as visitors read it, in the page's language: "2026-10-12" → "October
 * 2026" (en-IN), "2026 ഒക്‌ടോബർ" (ml). `locale` is the page's <html lang>.
 */
export function formatMonthYear(date: string, locale = 'en-IN'): string {
  const [year, month, day] = date.split('-').map(Number);
  return monthYearFormat(locale).format(new Date(Date.UTC(year!, month! - 1, day!)));
}

/** One formatter per language: making one costs about as much as rendering a review. */
const monthYearFormats = new Map<string, Intl.DateTimeFormat>();

function monthYearFormat(locale: string): Intl.DateTimeFormat {
  let format = monthYearFormats.get(locale);
  if (!format) monthYearFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })));
  return format;
}

/** A content label with `{rating}` filled in, e.g. "Rated {rating} out of 5" → "Rated 4 out of 5". */
export function ratingText(label: string, rating: number): string {
  return label.replaceAll('{rating}', String(rating));
}
