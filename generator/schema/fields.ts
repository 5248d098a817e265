import './zod-config.js';
import { z } from 'zod';
import { ICON_NAMES } from '../contract/icons.js';
import { ROUTES, pageAddress } from '../contract/routes.js';

export { ROUTES, type Route } from '../contract/routes.js';

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
}

/** What a field holds, for the content editor's choice of control. */
export type FieldKind = 'price' | 'date' | 'photo' | 'phone' | 'email' | 'url' | 'longtext' | 'icon' | 'service';

/** The JSON Schema `pattern` for text that is not just spaces (zod trims before checking). */
const TEXT_PATTERN = '\\S';

/** Visitor text: each translation file gives it in its own language. */
export function text(description?: string) {
  return plainText().meta({ description, ...TEXT_META, translatable: true });
}

/** Visitor text of a sentence or more (a description, a review): the editor gives it a text box of several lines. */
export function longText(description?: string) {
  return plainText().meta({ description, ...TEXT_META, translatable: true, kind: 'longtext' });
}

/**
 * Text that reads the same in every language: the company's name, people's names, figures such
 * as "5000+", the names of social networks. It is written once, in the English file.
 */
export function sameText(description?: string) {
  return plainText().meta({ description, ...TEXT_META });
}

const TEXT_META = {
  expected: 'some text',
  hint: 'write the text after the colon, or remove the line if the field is optional',
  pattern: TEXT_PATTERN,
} as const;

function plainText() {
  return z.string().trim().min(1);
}

/** A sentence list: at least one entry, each a piece of text (`long`: each a paragraph). */
export function textList(description?: string, { long = false } = {}) {
  return z.array(long ? longText() : text()).min(1).meta({ description, expected: 'a list of texts (lines starting with "- ")' });
}

export function rupees(description = 'A price in rupees, as a plain number') {
  return z
    .number()
    .int()
    .positive()
    .meta({ description, expected: 'a whole number of rupees', hint: 'write the price as a plain number, e.g. 8999', suggest: suggestRupees, kind: 'price' });
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

/** How many digits a number has after the point, as YAML read it (10.0273 has 4). */
export function decimalsOf(value: number): number {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exponent));
}

/** Google reads a position only with at least this many decimals (about a metre). */
export const COORDINATE_DECIMALS = 5;

/**
 * A latitude or longitude in degrees. The range is a shape rule editors check too; the number
 * of decimals is checked by `site check` alone, since a JSON Schema cannot count them.
 */
export function coordinate(what: 'latitude' | 'longitude', limit: number) {
  const hint = 'in Google Maps, right-click the office and click the two numbers at the top to copy them, e.g. 9.98765, 76.28543';
  return z
    .number()
    .min(-limit)
    .max(limit)
    .superRefine((value, ctx) => {
      const decimals = decimalsOf(value);
      if (decimals >= COORDINATE_DECIMALS) return;
      ctx.addIssue({
        code: 'custom',
        message: `A ${what} needs at least ${COORDINATE_DECIMALS} digits after the point (about a metre) for search engines to use it, but ${value} has ${decimals}.`,
        params: { problem: 'imprecise', hint },
      });
    })
    .meta({ description: `The office's ${what} in degrees, with at least ${COORDINATE_DECIMALS} decimals`, expected: `a ${what} in degrees`, hint });
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

export function id(description = 'A short name used to refer to this entry elsewhere') {
  return z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected lowercase letters, digits and dashes')
    .meta({ description, expected: 'an id of lowercase letters, digits and dashes', hint: 'for example, long-distance' });
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
  return z.email().meta({ description, expected: 'an email address', hint: 'for example, hello@example.com', kind: 'email' });
}

export interface UrlRule {
  /** Host names this field may point at (a subdomain of one counts); any host when absent. */
  hosts?: readonly string[];
  /** Allow http: as well as https: (only for addresses that tests point at this machine). */
  allowHttp?: boolean;
}

/**
 * An absolute web address. `javascript:`, `data:` and other schemes are refused. Spaces and other
 * characters a browser would encode itself are accepted and written percent-encoded
 * (`publishedUrl`), so an address copied from a browser's bar works as it is.
 */
export function url(rule: UrlRule = {}, description = 'A web address starting with https://') {
  const hint = urlHint(rule);
  return z
    .string()
    .superRefine((value, ctx) => {
      const problem = urlProblem(value, rule);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { problem: 'unsafe-url', hint } });
    })
    .transform(publishedUrl)
    .meta({ description, expected: 'a web address starting with https://', hint, pattern: urlPattern(rule), kind: 'url' });
}

function urlHint(rule: UrlRule): string {
  return rule.hosts
    ? `this field takes an https:// address on ${rule.hosts.join(' or ')}`
    : 'write the full address, starting with https://';
}

/** One part of a domain name: letters, digits and inner dashes, at most 63 characters; never an xn-- label. */
const LABEL = '(?![Xx][Nn]--)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** The last part starts with a letter, so a host can never be read as an IP address. */
const TOP_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const PORT = '(?::(?:[1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5]))?';
/** After the host: a path, query or fragment on one line (no tabs or line breaks). */
const REST = '(?:[/?#][^\\u0000-\\u001f\\u007f]*)?';

/**
 * The form every address field takes, as a regular expression: the scheme in small letters, a
 * domain name (one of `hosts` or a subdomain of one, when given; never a user name or an IP
 * address), an optional port, then anything on one line. `site check` applies it as well as
 * parsing the address, and editors apply it alone, so both accept and refuse the same addresses.
 */
export function urlPattern(rule: UrlRule = {}): string {
  const host = rule.hosts
    ? `(?:${LABEL}\\.)*(?:${rule.hosts.map(escapeRegExp).join('|')})`
    : `(?:${LABEL}\\.)+${TOP_LABEL}`;
  return `^${rule.allowHttp ? 'https?' : 'https'}://${host}${PORT}${REST}$`;
}

/** `text` as a regular expression that matches it literally. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What is wrong with an address, in a sentence, or undefined when it may be used. */
export function urlProblem(value: string, rule: UrlRule): string | undefined {
  if (/[\u0000-\u001f\u007f]/.test(value)) {
    return `The address "${value}" has a line break or tab inside it; an address is written on one line.`;
  }
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
  if (new RegExp(urlPattern(rule), 'u').test(value)) return undefined;
  if (!/^https?:\/\/[^/]/.test(value)) {
    return `The address "${value}" should start with exactly ${scheme}// in small letters, straight followed by the site's name.`;
  }
  return `The address "${value}" does not name its site by a plain domain name such as www.example.com (letters, digits, dashes and dots).`;
}

/**
 * An address as it is written into the pages: what a browser would send, with every character
 * outside the few a URL may hold unescaped (spaces, |, ^, {, }, a second #, a lone %) percent-encoded,
 * so HTML checkers and every browser read it the same way.
 */
export function publishedUrl(value: string): string {
  const href = new URL(value).href;
  const hashAt = href.indexOf('#');
  const escape = (part: string) =>
    part
      .replace(/%(?![0-9A-Fa-f]{2})/g, '%25')
      .replace(/[^A-Za-z0-9\-._~:/?@!$&'()*+,;=%]/gu, (char) => encodeURIComponent(char));
  return hashAt === -1 ? escape(href) : `${escape(href.slice(0, hashAt))}#${escape(href.slice(hashAt + 1))}`;
}

/** A link's optional #section: an id on the target page. */
const FRAGMENT = '(?:#[A-Za-z][A-Za-z0-9_-]*)?';

/** How links may write each route: with or without the trailing slash (the home page only as /). */
const HREF_PATHS: readonly string[] = ROUTES.flatMap((route) => (route === '/' ? [route] : [route, pageAddress(route)]));
const HREF_PATTERN = `^(?:${HREF_PATHS.map(escapeRegExp).join('|')})${FRAGMENT}$`;

/**
 * A link to one of the site's own pages, optionally with a #section. Written with or without
 * the trailing slash; the pages always carry the published form (`pageAddress`).
 */
export function internalHref() {
  const hint = `link to one of the site's pages: ${ROUTES.join(', ')}, optionally followed by #section`;
  return z
    .string()
    .superRefine((value, ctx) => {
      const problem = hrefProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { problem: 'unknown-reference', hint } });
    })
    .transform((value) => pageAddress(value))
    .meta({ description: "A link to one of the site's pages", expected: 'a page of this site', hint, pattern: HREF_PATTERN, internalLink: true });
}

function hrefProblem(value: string): string | undefined {
  if (new RegExp(HREF_PATTERN, 'u').test(value)) return undefined;
  const [pathPart = ''] = value.split('#');
  if (!HREF_PATHS.includes(pathPart)) return `"${value}" is not a page of this site, so the link would lead nowhere.`;
  return `The section name after # in "${value}" can only hold letters, digits, dashes and underscores, starting with a letter, e.g. /contact#quote.`;
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

/** Photo files the site can read and re-encode, by extension (lowercase). */
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;

const PHOTO_SRC_HINT = 'put the file in content/images/ and write its name after images/, e.g. src: images/crew.jpg';

/**
 * What is wrong with a photo's `src` as written, before any file is read: it must be a path inside
 * the content folder, relative to it, naming a kind of file the site can read.
 */
export function photoSrcProblem(value: string): { message: string; problem: 'photo-outside-content' | 'photo-unsupported'; hint: string } | undefined {
  const written = value.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(written)) {
    return {
      problem: 'photo-outside-content',
      message: `"${value}" is a web address, but photos are served from the site itself, so the file must be in the content folder.`,
      hint: `download the photo, then ${PHOTO_SRC_HINT}`,
    };
  }
  if (/^([/\\]|[a-z]:)/i.test(written) || written.startsWith('~')) {
    return {
      problem: 'photo-outside-content',
      message: `"${value}" is a path on this computer; src is written relative to the content folder, so the site can be built anywhere.`,
      hint: PHOTO_SRC_HINT,
    };
  }
  if (written.split(/[/\\]/).includes('..')) {
    return {
      problem: 'photo-outside-content',
      message: `"${value}" leads out of the content folder with "..", but the site only publishes photos kept inside it.`,
      hint: `copy the photo into content/images/, then ${PHOTO_SRC_HINT.replace('put the file in content/images/ and ', '')}`,
    };
  }
  const extension = /\.[^./\\]+$/.exec(written)?.[0].toLowerCase();
  if (!extension || !(PHOTO_EXTENSIONS as readonly string[]).includes(extension)) {
    const kind = extension ? `a ${extension} file` : 'a name without an ending such as .jpg';
    return {
      problem: 'photo-unsupported',
      message: `"${value}" is ${kind}; the site takes photos as JPEG (.jpg), PNG, WebP or AVIF.`,
      hint: !extension
        ? `write the whole file name with its ending, e.g. ${written.replace(/\/$/, '')}.jpg`
        : extension === '.heic' || extension === '.heif'
          ? 'iPhone photos: export or share the photo as JPEG (or set Settings → Camera → Formats → Most Compatible), then use the .jpg file'
          : 'save the picture as JPEG (any photo program can: "Save as" or "Export" → JPEG), then write its .jpg name here',
    };
  }
  return undefined;
}

/** `photoSrcProblem` as a JSON Schema pattern, for editors. */
const PHOTO_SRC_PATTERN =
  '^(?![/\\\\~])(?![A-Za-z]:)(?![A-Za-z][A-Za-z0-9+.-]*://)(?!(?:.*[/\\\\])?\\.\\.(?:[/\\\\]|$)).*\\.(?:[jJ][pP][eE]?[gG]|[pP][nN][gG]|[wW][eE][bB][pP]|[aA][vV][iI][fF])$';

/**
 * A photo: a file inside the content folder and what it shows. The file itself (is it there, is
 * it a picture, is it big enough) is checked by generator/images/check.ts, located at `src`.
 */
export function photo(description: string) {
  return z
    .strictObject({
      src: z
        .string()
        .superRefine((value, ctx) => {
          const found = photoSrcProblem(value);
          if (found) ctx.addIssue({ code: 'custom', message: found.message, params: { problem: found.problem, hint: found.hint } });
        })
        .meta({
          description: 'The photo file, relative to the content folder, e.g. images/crew.jpg (JPEG, PNG, WebP or AVIF)',
          expected: 'the path of a photo in the content folder, e.g. images/crew.jpg',
          hint: PHOTO_SRC_HINT,
          pattern: PHOTO_SRC_PATTERN,
        }),
      alt: z
        .string()
        .trim()
        .min(1)
        .meta({
          description: 'What the photo shows, in a sentence, for people who cannot see it (screen readers, slow connections, search engines)',
          expected: 'a sentence saying what the photo shows',
          hint: 'describe what is in the picture, e.g. "Our crew wrapping a sofa in a Kochi flat"; not "photo" or the file name',
          pattern: TEXT_PATTERN,
          // Read out in the page's language: each translation gives its own.
          translatable: true,
        }),
    })
    .meta({ description, kind: 'photo' });
}
