import { z } from 'zod';
import { ICON_NAMES } from './icons.js';

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
}

/** The JSON Schema `pattern` for text that is not just spaces (zod trims before checking). */
const TEXT_PATTERN = '\\S';

/** The site's routes: internal links must name one of them. */
export const ROUTES = ['/', '/about', '/services', '/contact'] as const;
export type Route = (typeof ROUTES)[number];

export function text(description?: string) {
  return z
    .string()
    .trim()
    .min(1)
    .meta({
      description,
      expected: 'some text',
      hint: 'write the text after the colon, or remove the line if the field is optional',
      pattern: TEXT_PATTERN,
    });
}

/** A sentence list: at least one entry, each a piece of text. */
export function textList(description?: string) {
  return z.array(text()).min(1).meta({ description, expected: 'a list of texts (lines starting with "- ")' });
}

export function rupees(description = 'A price in rupees, as a plain number') {
  return z
    .number()
    .int()
    .positive()
    .meta({ description, expected: 'a whole number of rupees', hint: 'write the price as a plain number, e.g. 8999', suggest: suggestRupees });
}

/**
 * The number an operator most likely meant by a price written another way: "9,499", "₹9499",
 * "Rs. 9,499/-" and 9.499 (a dot grouping thousands, as in much of Europe) all mean 9499.
 */
export function suggestRupees(input: unknown): string | undefined {
  let digits: string | undefined;
  if (typeof input === 'number' && Number.isFinite(input) && !Number.isInteger(input)) {
    const [whole, fraction = ''] = String(input).split('.');
    digits = fraction.length === 3 ? `${whole}${fraction}` : String(Math.round(input));
  } else if (typeof input === 'string') {
    const bare = input
      .replace(/^\s*(₹|rs\.?|inr)\s*/i, '')
      .replace(/\s*(\/-|rs\.?|rupees|inr)\s*$/i, '')
      .trim();
    if (/^\d{1,3}([,.\s]\d{2,3})*$|^\d+$/.test(bare)) digits = bare.replace(/[,.\s]/g, '');
  }
  if (!digits || !/^[1-9]\d*$/.test(digits)) return undefined;
  return `write the price as a plain number of rupees, without ₹, commas or dots: ${digits}`;
}

export function icon() {
  return z.enum(ICON_NAMES).meta({
    description: 'The name of an icon drawn by the site',
    expected: 'an icon name',
    hint: `icons the site can draw: ${ICON_NAMES.join(', ')}`,
  });
}

const ID_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

export function id(description = 'A short name used to refer to this entry elsewhere') {
  return z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected lowercase letters, digits and dashes')
    .meta({ description, expected: 'an id of lowercase letters, digits and dashes', hint: 'for example: long-distance' });
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
    .meta({ description, expected: 'an international phone number', hint: PHONE_HINT, pattern: PHONE_PATTERN });
}

/** phoneProblem() as a JSON Schema pattern: separators anywhere, +91 with exactly ten digits. */
const SEPARATORS = '[\\s().-]*';
const PHONE_PATTERN =
  `^${SEPARATORS}\\+${SEPARATORS}` +
  `(?:9${SEPARATORS}1(?:${SEPARATORS}\\d){10}|(?!9${SEPARATORS}1)[1-9](?:${SEPARATORS}\\d){7,14})${SEPARATORS}$`;

export function phoneDigits(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}

function phoneProblem(value: string): string | undefined {
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
  return z.email().meta({ description, expected: 'an email address', hint: 'for example: hello@example.com' });
}

export interface UrlRule {
  /** Host names this field may point at (a subdomain of one counts); any host when absent. */
  hosts?: readonly string[];
  /** Allow http: as well as https: (only for addresses that tests point at this machine). */
  allowHttp?: boolean;
}

/** An absolute web address. `javascript:`, `data:` and other schemes are refused. */
export function url(rule: UrlRule = {}, description = 'A web address starting with https://') {
  const hint = rule.hosts
    ? `this field takes an https:// address on ${rule.hosts.join(' or ')}`
    : 'write the full address, starting with https://';
  return z
    .string()
    .superRefine((value, ctx) => {
      const problem = urlProblem(value, rule);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { problem: 'unsafe-url', hint } });
    })
    .meta({ description, expected: 'a web address starting with https://', hint, pattern: hostPattern(rule.hosts, rule.allowHttp) });
}

/**
 * urlProblem() as a JSON Schema pattern, for editors: the scheme, no user name, and the host
 * one of `hosts` or a subdomain of one (any host when absent).
 */
export function hostPattern(hosts?: readonly string[], allowHttp = false): string {
  const host = hosts ? `(?:[^/?#@\\s]*\\.)?(?:${hosts.map(escapeRegExp).join('|')})(?::\\d+)?` : '[^/?#@\\s]+';
  return `^${allowHttp ? 'https?' : 'https'}://${host}(?:[/?#]\\S*)?$`;
}

/** `text` as a regular expression that matches it literally. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function urlProblem(value: string, rule: UrlRule): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return `Expected a full web address starting with https://, got "${value}".`;
  }
  const scheme = parsed.protocol;
  const allowed = rule.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(scheme)) {
    if (scheme === 'http:') return `The address "${value}" uses http:, which browsers flag as not secure; this field needs https:.`;
    return `The address "${value}" uses "${scheme}", which is not allowed in a link; only https: web addresses are.`;
  }
  if (parsed.username || parsed.password) {
    return `The address "${value}" carries a user name or password; remove them.`;
  }
  const hosts = rule.hosts;
  if (hosts && !hosts.some((h) => parsed.hostname === h || parsed.hostname.endsWith(`.${h}`))) {
    return `The address "${value}" points at ${parsed.hostname}, which this field does not allow.`;
  }
  return undefined;
}

/** How links may write each route: with or without a trailing slash (the home page only as /). */
const HREF_PATHS: readonly string[] = ROUTES.flatMap((route) => (route === '/' ? [route] : [route, `${route}/`]));

/** A link to one of the site's own pages, optionally with a #section. */
export function internalHref() {
  const hint = `link to one of the site's pages: ${ROUTES.join(', ')}`;
  return z
    .string()
    .superRefine((value, ctx) => {
      const [pathPart = ''] = value.split('#');
      if (!HREF_PATHS.includes(pathPart)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${value}" is not a page of this site, so the link would lead nowhere.`,
          params: { problem: 'unknown-reference', hint },
        });
      }
    })
    .meta({
      description: "A link to one of the site's pages",
      expected: 'a page of this site',
      hint,
      pattern: `^(?:${HREF_PATHS.map(escapeRegExp).join('|')})(?:#.*)?$`,
    });
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
  intro: text('A sentence or two under the title').optional(),
});

export const iconCard = z.strictObject({ icon: icon(), title: text(), desc: text() });

export const pageSeo = z.strictObject({
  title: text('The page title shown in search results and browser tabs'),
  description: text('The summary shown under the title in search results'),
});

export const hero = z.strictObject({
  eyebrow: text().optional(),
  title: text(),
  text: text(),
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
