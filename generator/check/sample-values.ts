import { phoneDigits } from '../schema/fields.js';

/**
 * The sample values the site comes with in place of a company's own details. A placeholder is one
 * of these values, wherever it is, not a comment: once the value is replaced, nothing is reported,
 * whether or not the PLACEHOLDER comment above it is still there.
 *
 * Only values no real company has are listed. Parts of the sample address that a real one may
 * share (Edappally, Kochi, Kerala, its PIN code) are not: a company in Edappally keeps them.
 * tests/unit/generator/check/sample-values.test.ts holds this list to the sample content.
 */
const SAMPLE_TEXTS = [
  'Example Movers & Packers',
  '12 Example Road',
  'https://www.google.com/maps?q=Edappally%2C%20Kochi%2C%20Kerala&output=embed',
  'https://www.google.com/maps/search/?api=1&query=Edappally%2C%20Kochi%2C%20Kerala',
  'https://www.facebook.com/example-movers',
  'https://www.instagram.com/example-movers',
  'https://www.youtube.com/@example-movers',
  'https://www.linkedin.com/company/example-movers',
  'Example Movers and Packers Private Limited',
  '32AAECE1234F1ZB',
  '12 Example Road, Edappally, Kochi, Kerala 682024',
  'https://www.google.com/maps/search/?api=1&query=Example%20Movers%20and%20Packers%20Kochi',
];

/** The sample office's position, to five decimals: no real office stands on exactly that metre. */
const SAMPLE_NUMBERS = [10.02581, 76.30832];

const EXAMPLE_HOST = /(^|[@./])example\.(com|org|net|in)(?=$|[/:?#])/i;
const SAMPLE_PHONE = '+919000000000';

/** What kind of sample `value` is (to say in a message), or undefined for a value that may be a company's own. */
export function sampleKind(value: unknown): string | undefined {
  if (typeof value === 'number') return SAMPLE_NUMBERS.includes(value) ? 'the sample position' : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (SAMPLE_TEXTS.includes(text)) return 'the sample value';
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      if (EXAMPLE_HOST.test(url.hostname)) return 'an example web address';
      if (EXAMPLE_HOST.test(decodeURIComponent(url.pathname))) return 'an address carrying an example email address';
    } catch {
      return undefined;
    }
  } else if (/^\S+@\S+$/.test(text) && EXAMPLE_HOST.test(text)) {
    return 'an example email address';
  }
  if (phoneDigits(text) === SAMPLE_PHONE) return 'the sample phone number';
  return undefined;
}
