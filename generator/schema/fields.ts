import './zod-config.js';
import { z } from 'zod';
import { ICON_NAMES } from '../contract/icons.js';
import { internalHref } from './addresses.js';
import { likelyRupees } from './rupees.js';

export { ROUTES, type Route } from '../contract/pages.js';

/**
 * Field builders shared by every content schema. Each carries `expected` (how the error
 * formatter names what belongs there) and often a `hint` (what to write instead); both travel
 * as zod metadata so the JSON Schemas for editors get the same words.
 */
export interface FieldMeta {
  description?: string;
  /** Completes "Expected …, got …". */
  expected?: string;
  hint?: string;
  /**
   * What the operator probably meant, worked out from the value they wrote (e.g. 9499 for
   * "₹9,499"); used as the hint when it gives one. Never reaches the JSON Schemas.
   */
  suggest?: (input: unknown) => string | undefined;
  /**
   * For editors only: a JSON Schema pattern approximating a check zod does in code (phones,
   * addresses). It goes into the generated JSON Schema as it is; the zod check stays the authority.
   */
  pattern?: string;
  /** A link to one of the site's own pages: a translation's pages link to their own language's. */
  internalLink?: boolean;
  /**
   * The id a translated list item may name to say which English item it translates
   * (translations/pairs.ts). The editor keeps it as written and does not show it as a field.
   */
  pairing?: boolean;
  /**
   * Visitor text that a translation file (content/ml/…) gives in its language. Set by text();
   * sameText() leaves it off for text that reads the same in every language.
   */
  translatable?: boolean;
  /**
   * For the content editor: the control a field takes when its type alone cannot tell (a price is
   * a number, a phone or a date is text). Never reaches the JSON Schemas.
   */
  kind?: FieldKind;
  /**
   * How many digits a number needs after the point, counted as written in the file (10.02580
   * has 5), which a JS number cannot tell: site check counts them in the YAML (check/decimals.ts).
   */
  minDecimals?: number;
  /** The hint in the editor's words, where `hint` speaks of lines and colons. */
  editorHint?: string;
}

/** What a field holds, for the content editor's choice of control. */
export type FieldKind =
  | 'price'
  | 'date'
  | 'photo'
  | 'phone'
  | 'email'
  | 'url'
  | 'longtext'
  | 'icon'
  | 'service'
  | 'colour'
  | 'latitude'
  | 'longitude';

/** The JSON Schema `pattern` for text that is not just spaces (zod trims before checking). */
export const TEXT_PATTERN = '\\S';

/**
 * The longest text a field may hold, in characters. A heading, label or tagline is a line, a
 * description or review a few paragraphs (the longest shipped is about 600); past these a page
 * grows by the megabyte and no layout holds the text.
 */
export const MAX_TEXT_LENGTH = 300;
export const MAX_LONG_TEXT_LENGTH = 5000;

/** Visitor text: each translation file gives it in its own language. */
export function text(description?: string) {
  return plainText(MAX_TEXT_LENGTH).meta({ description, ...TEXT_META, translatable: true });
}

/** Visitor text of a sentence or more (a description, a review): the editor gives it a text box of several lines. */
export function longText(description?: string) {
  return plainText(MAX_LONG_TEXT_LENGTH).meta({ description, ...TEXT_META, translatable: true, kind: 'longtext' });
}

/**
 * Text that reads the same in every language: the company's name, people's names, figures such
 * as "5000+", the names of social networks. It is written once, in the English file.
 */
export function sameText(description?: string) {
  return plainText(MAX_TEXT_LENGTH).meta({ description, ...TEXT_META });
}

const TEXT_META = {
  expected: 'some text',
  hint: 'write the text after the colon, or remove the line if the field is optional',
  editorHint: 'type the text in the box (a field without a red * may be left empty)',
  pattern: TEXT_PATTERN,
} as const;

function plainText(max: number) {
  return z.string().trim().min(1).max(max).superRefine(refuseControls);
}

/**
 * Characters a page cannot carry: control characters other than tab and line break (an escape, a
 * bell, a carriage return written as "\r"), Unicode noncharacters and halves of a character pair.
 * HTML forbids them, so the HTML checker would fail the deploy, and a browser shows them as boxes
 * or not at all. A YAML file gets them from a paste or from an escape in double quotes ("\e").
 */
const NOT_ON_A_PAGE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufdd0-\ufdef\ufffe\uffff]|\p{Cs}/u;

function refuseControls(value: string, ctx: z.RefinementCtx): void {
  const found = NOT_ON_A_PAGE.exec(value);
  if (!found) return;
  const code = `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  ctx.addIssue({
    code: 'custom',
    message: `This text holds the invisible code ${code} at character ${found.index + 1}; it is not a letter or a space, and a web page cannot show it.`,
    params: {
      problem: 'bad-format',
      hint: 'retype the text around that place, or delete the escape (such as \\e, \\x1b or \\u001b) if the text is in double quotes',
    },
  });
}

/** A sentence list: at least one entry, each a piece of text (`long`: each a paragraph). */
export function textList(description?: string, { long = false } = {}) {
  return z
    .array(long ? longText() : text())
    .min(1)
    .meta({ description, expected: 'a list of texts (lines starting with "- ")' });
}

export function rupees(description = 'A price in rupees, as a plain number') {
  return z.number().int().positive().meta({
    description,
    expected: 'a whole number of rupees',
    hint: 'write the price as a plain number, e.g. 8999',
    suggest: suggestRupees,
    kind: 'price',
  });
}

/** The plain number a price written another way most likely means, as a hint ("₹9,499" → 9499). */
export function suggestRupees(input: unknown): string | undefined {
  const digits = likelyRupees(input);
  return digits === undefined ? undefined : `write the price as a plain number of rupees, without ₹, commas or dots: ${digits}`;
}

/** How many digits a number has after the point as written: "10.02580" has 5, "1.5e-3" has 4. */
export function decimalsWritten(text: string): number {
  const [mantissa = '', exponent = '0'] = text.trim().toLowerCase().split('e');
  return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exponent));
}

/** Google reads a position only with at least this many decimals (about a metre). */
export const COORDINATE_DECIMALS = 5;

/** Said so that it works on a phone, which has no right-click, as well as on a computer. */
export const COORDINATE_HINT =
  'in Google Maps, touch and hold the office on a phone (right-click it on a computer) to see its two numbers, then copy them, e.g. 9.98765, 76.28543';

/**
 * A latitude or longitude in degrees. The range is a shape rule editors check too; the number
 * of decimals is checked by `site check` alone, on the digits as written in the file (a trailing
 * 0 counts), since neither a JSON Schema nor a parsed number can count them.
 */
export function coordinate(what: 'latitude' | 'longitude', limit: number) {
  return z
    .number()
    .min(-limit)
    .max(limit)
    .meta({
      description: `The office's ${what} in degrees, with at least ${COORDINATE_DECIMALS} decimals`,
      expected: `a ${what} in degrees`,
      hint: COORDINATE_HINT,
      minDecimals: COORDINATE_DECIMALS,
      kind: what,
    });
}

export function icon() {
  return z.enum(ICON_NAMES).meta({
    description: 'The name of an icon drawn by the site',
    expected: 'an icon name',
    hint: `icons the site can draw: ${ICON_NAMES.join(', ')}`,
    kind: 'icon',
  });
}

const ID_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

/** An entry's id; `example` is one that fits the list it names entries of. */
export function id(description: string | undefined, example: string) {
  return z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected lowercase letters, digits and dashes')
    .meta({
      description: description ?? 'A short name used to refer to this entry elsewhere',
      expected: 'an id of lowercase letters, digits and dashes',
      hint: `for example, ${example}`,
    });
}

/**
 * The id of one of the services in services.yaml. Any text passes here: references.ts checks it
 * against the ids that exist, so a wrong one is answered with the list of right ones.
 */
export function serviceRef() {
  return z.string().trim().min(1).meta({
    description: 'The id of a service in services.yaml',
    expected: 'the id of a service',
    hint: 'write the id of a service from services.yaml, e.g. residential',
    pattern: ID_PATTERN,
    kind: 'service',
  });
}

const PHONE_HINT = 'write + and the country code, then the number; spaces are fine, e.g. +91 98470 12345';

/**
 * An international phone number. Spaces, dashes and brackets are allowed for reading;
 * the digits must form a valid E.164 number, and an Indian (+91) one has exactly ten digits.
 */
export function phone(description = 'An international phone number') {
  return z
    .string()
    .superRefine((value, ctx) => {
      const problem = phoneProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { problem: 'bad-format', hint: PHONE_HINT } });
    })
    .meta({ description, expected: 'an international phone number', hint: PHONE_HINT, pattern: PHONE_PATTERN, kind: 'phone' });
}

/**
 * phoneProblem() as a JSON Schema pattern: separators anywhere, +91 with exactly ten digits. The
 * separators are the ASCII ones people type; other spaces (U+3000, a no-break space, U+2028) and
 * invisible marks (U+FEFF) are not separators but characters that would break the tel: link.
 */
const SEPARATORS = '[ \\t().-]*';
const PHONE_PATTERN =
  `^${SEPARATORS}\\+${SEPARATORS}` +
  `(?:9${SEPARATORS}1(?:${SEPARATORS}\\d){10}|(?!9${SEPARATORS}1)[1-9](?:${SEPARATORS}\\d){7,14})${SEPARATORS}$`;

export function phoneDigits(value: string): string {
  return value.replace(/[ \t\-().]/g, '');
}

function phoneProblem(value: string): string | undefined {
  const stray = /[^+0-9 \t().-]/u.exec(value);
  if (stray && !/^\p{L}$/u.test(stray[0])) {
    const code = `U+${stray[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return `This phone number holds the character ${code} at character ${stray.index + 1}, which is neither a digit nor a space, dash, dot or bracket; it would break the call link.`;
  }
  const compact = phoneDigits(value);
  if (!/^\+[1-9]\d{7,14}$/.test(compact)) {
    return `Expected an international phone number starting with + and the country code, got "${value}".`;
  }
  if (compact.startsWith('+91') && compact.length !== 13) {
    return `An Indian number has ten digits after +91, but "${value}" has ${compact.length - 3}.`;
  }
  return undefined;
}

export function email(description = 'An email address') {
  return z.email().meta({ description, expected: 'an email address', hint: 'for example, hello@example.com', kind: 'email' });
}

export const link = z.strictObject({
  label: text('The words on the link'),
  href: internalHref(),
  more: text(
    'Words read after the label by screen readers and search engines but not shown, when the label alone is vague, e.g. "about our services" after "Read More"',
  ).optional(),
});

/** A heading block that starts most sections. */
export const heading = z.strictObject({
  eyebrow: text('A short line shown above the title').optional(),
  title: text('The section title'),
  intro: longText('A sentence or two under the title').optional(),
});

export const iconCard = z.strictObject({ icon: icon(), title: text(), desc: text() });

export const pageSeo = z.strictObject({
  title: text('The page title shown in search results and browser tabs'),
  description: text('The summary shown under the title in search results'),
});

export const hero = z.strictObject({
  eyebrow: text().optional(),
  title: text(),
  text: longText(),
});

/**
 * Adds a located "duplicate id" problem to every entry whose `key` repeats an earlier one.
 * Used on lists whose ids other files refer to.
 */
export function uniqueBy<T extends Record<string, unknown>>(key: keyof T & string, what: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const firstAt = new Map<unknown, number>();
    items.forEach((item, index) => {
      const value = item[key];
      const earlier = firstAt.get(value);
      if (earlier === undefined) {
        firstAt.set(value, index);
        return;
      }
      ctx.addIssue({
        code: 'custom',
        path: [index, key],
        message: `The ${key} "${String(value)}" is already used by ${what} number ${earlier + 1}; each ${what} needs its own ${key}.`,
        params: { problem: 'duplicate-id', hint: `change one of them, e.g. "${String(value)}-2"` },
      });
    });
  };
}
