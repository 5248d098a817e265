/**
 * Prices as people write them: "₹12,999", "Rs. 12,999/-", "12,999", "1,25,000" (Indian digit
 * groups) or plain 12999. Shared by site check's hints and the editor's price box, which must
 * never read "Rs. 12,999" as the number .12999 (a browser's number box drops the letters).
 */

/** The digits of a price written with a currency sign, word or digit groups; undefined when it is not one. */
function priceDigits(text: string): string | undefined {
  const bare = text
    .replace(/^\s*(₹|rs\.?|inr)\s*/i, '')
    .replace(/\s*(\/-|rs\.?|rupees|inr|only)\s*$/i, '')
    .trim();
  if (!/^\d{1,3}([,\s]\d{2,3})*$|^\d+$/.test(bare)) return undefined;
  const digits = bare.replace(/[,\s]/g, '');
  // 0 is read as 0, so the check can say a price must be more than it, not that "0" cannot be read.
  return /^(0|[1-9]\d*)$/.test(digits) ? digits : undefined;
}

/** The whole number of rupees a typed price means, or undefined when it cannot be told for sure (12.999, "about 5000"). */
export function parseRupees(text: string): number | undefined {
  const digits = priceDigits(text);
  const value = digits === undefined ? undefined : Number(digits);
  return value !== undefined && Number.isSafeInteger(value) ? value : undefined;
}

/**
 * The number an operator most likely meant by a price written another way: "9,499", "₹9499",
 * "Rs. 9,499/-" and 9.499 (a dot grouping thousands, as in much of Europe) all mean 9499.
 */
export function likelyRupees(input: unknown): string | undefined {
  if (typeof input === 'number' && Number.isFinite(input) && !Number.isInteger(input)) {
    const [whole, fraction = ''] = String(input).split('.');
    const digits = fraction.length === 3 ? `${whole}${fraction}` : String(Math.round(input));
    return /^[1-9]\d*$/.test(digits) ? digits : undefined;
  }
  if (typeof input !== 'string') return undefined;
  return priceDigits(input) ?? priceDigits(input.replace(/(\d)\.(?=\d{3}(\D|$))/g, '$1,'));
}
