import { z } from 'zod';

/**
 * A GSTIN, India's 15-character GST registration number: the state's two-digit code, the
 * holder's PAN (ten characters), the number of the registration in that state, a Z, and a check
 * character. Only the form is checked here; whether the number is registered only the GST
 * portal can say.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The state codes the GST system gives, 01 (Jammu and Kashmir) to 38 (Ladakh); Kerala is 32. */
const LAST_STATE_CODE = 38;

const EXAMPLE = '32AABCU9603R1ZW';
const HINT = `copy the GSTIN exactly as the GST registration certificate shows it: 15 capital letters and digits without spaces, e.g. ${EXAMPLE}`;

/** The check character of a GSTIN's first fourteen characters (the GST network's mod-36 checksum). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  [...first14].forEach((char, index) => {
    const product = ALPHABET.indexOf(char) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  });
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** What is wrong with a GSTIN as written, in a sentence, or undefined when its form is right. */
export function gstinProblem(value: string): string | undefined {
  const written = value.trim();
  const compact = written.replace(/[\s-]/g, '');
  if (compact !== written) return `The GSTIN "${value}" has spaces or dashes in it; it is written as one block of 15 characters.`;
  if (compact.length !== 15) return `A GSTIN has 15 characters, but "${value}" has ${compact.length}.`;
  if (/[a-z]/.test(compact)) return `The GSTIN "${value}" has small letters; a GSTIN is written in capitals.`;
  const state = compact.slice(0, 2);
  if (!/^\d\d$/.test(state) || Number(state) < 1 || Number(state) > LAST_STATE_CODE) {
    return `A GSTIN starts with a state code from 01 to ${LAST_STATE_CODE} (Kerala is 32), but "${value}" starts with "${state}".`;
  }
  const pan = compact.slice(2, 12);
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(pan)) {
    return `Characters 3 to 12 of a GSTIN are the holder's PAN (five letters, four digits, a letter), but "${value}" has "${pan}" there.`;
  }
  if (!/^[1-9A-Z]$/.test(compact[12]!))
    return `The 13th character of a GSTIN counts the registration (1 to 9, then A to Z), but "${value}" has "${compact[12]}".`;
  if (compact[13] !== 'Z') return `The 14th character of a GSTIN is always Z, but "${value}" has "${compact[13]}".`;
  if (!ALPHABET.includes(compact[14]!))
    return `The last character of a GSTIN is a letter or digit, but "${value}" ends in "${compact[14]}".`;
  const expected = gstinCheckCharacter(compact.slice(0, 14));
  if (compact[14] !== expected) {
    return `The GSTIN "${value}" ends in ${compact[14]}, but its first 14 characters give the check character ${expected}, so one of them is mistyped.`;
  }
  return undefined;
}

/** gstinProblem() without the checksum, as a pattern: what editors check as the operator types. */
const FORM_PATTERN = '^(?:0[1-9]|[12]\\d|3[0-8])[A-Z]{5}\\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$';

/** The field: refuses a GSTIN of the wrong form, located at its value like every content mistake. */
export function gstin(description = 'The company’s GSTIN (GST registration number), shown in the footer and given to search engines') {
  return z
    .string()
    .superRefine((value, ctx) => {
      const problem = gstinProblem(value);
      // Of the right form but the wrong check character: a value editors cannot catch, only site check.
      const kind = new RegExp(FORM_PATTERN).test(value.trim()) ? 'invalid-value' : 'bad-format';
      if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { problem: kind, hint: HINT } });
    })
    .transform((value) => value.trim())
    .meta({
      description,
      expected: 'a GSTIN of 15 characters',
      hint: HINT,
      pattern: FORM_PATTERN,
    });
}
