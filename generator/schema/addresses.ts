import './zod-config.js';
import { z } from 'zod';
import { ROUTES } from '../contract/pages.js';
import { pageAddress } from '../contract/routes.js';

/**
 * Fields that hold an address: a web address elsewhere (only https:, on a plain domain name, and
 * where a field names them, only on its hosts) and a link to one of the site's own pages. Each is
 * checked in code by site check and approximated by a pattern for editors; both take the same ones.
 */

export interface UrlRule {
  /** Host names this field may point at (a subdomain of one counts); any host when absent. */
  hosts?: readonly string[];
  /** Allow http: as well as https: (only for addresses that tests point at this machine). */
  allowHttp?: boolean;
  /**
   * What may follow the host and port, as a regular expression, when not anything on one line;
   * `refused` says why an address that does not match it cannot be used.
   */
  rest?: { pattern: string; refused: (value: string) => string };
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

/**
 * The address the site is published at: the pages put their own paths after it (canonical,
 * hreflang, og:url, JSON-LD, sitemap, robots.txt), so it can be only a site's root: no path
 * (the links are root-relative, so /sub/ would break them), no ?query and no #fragment.
 */
export const SITE_ADDRESS: UrlRule = { rest: { pattern: '/?', refused: (value) => siteAddressProblem(value) ?? '' } };

export function siteAddress(description: string) {
  return url(SITE_ADDRESS, description).meta({ hint: SITE_ADDRESS_HINT });
}

export const SITE_ADDRESS_HINT = 'write only the scheme and the name, e.g. https://www.example.com';

/** Why `value` cannot be the site's published address (a path, a query or a fragment after the name), or undefined. */
export function siteAddressProblem(value: string): string | undefined {
  const extra = siteAddressExtra(value);
  if (!extra) return undefined;
  return `The site's address "${value}" has ${extra} after the name; every page's own path is put after the address, and the site can only be published at the root of its name.`;
}

function siteAddressExtra(value: string): string {
  const rest = value.replace(/^[^:]*:\/\/[^/?#]*/, '');
  const path = rest.replace(/[?#].*$/s, '');
  return [
    path !== '' && path !== '/' ? `the path ${path}` : '',
    rest.includes('?') ? 'a ?query' : '',
    rest.includes('#') ? 'a #fragment' : '',
  ]
    .filter(Boolean)
    .join(' and ');
}

const MAP_EMBED_HINT =
  'from Google Maps (Share, then Embed a map: the address inside src="…", https://www.google.com/maps/embed?pb=…) or from OpenStreetMap (Share, then HTML: the address inside src="…", https://www.openstreetmap.org/export/embed.html?bbox=…)';
const ONE_LINE = '[^\\u0000-\\u001f\\u007f]*';

/**
 * An office's map: a map embed and nothing else on the map hosts (a Google Form or a search page
 * would fill the frame otherwise). Google gives it as /maps/embed?pb=… (Share → Embed a map),
 * /maps/embed/v1/… (its Embed API) or the older /maps?…&output=embed, on www.google.com or
 * maps.google.com; OpenStreetMap as /export/embed.html?bbox=… (Share → HTML).
 */
export const MAP_EMBED: UrlRule = {
  hosts: ['www.google.com', 'maps.google.com', 'www.openstreetmap.org'],
  rest: {
    pattern: `/maps(?:/embed(?:[/?#]${ONE_LINE})?|\\?(?:[^#\\u0000-\\u001f\\u007f]*&)?output=embed(?:[&#]${ONE_LINE})?)|/export/embed\\.html(?:[?#]${ONE_LINE})?`,
    refused: (value) => `The address "${value}" is not a map embed, so the contact page's map frame would show another page.`,
  },
};

export function mapEmbedAddress(description: string) {
  return url(MAP_EMBED, description).meta({ hint: MAP_EMBED_HINT });
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
 * In the path, what a browser loads as another path than the one written: a dot segment (/./ or
 * /../, plainly or as %2E, which the browser resolves before it asks), a backslash (read as a
 * slash), or a slash or backslash as %2F or %5C (which servers may decode into one). A field that
 * allows only some hosts or paths refuses these, so what it allows is the page the browser shows.
 */
const PATH_TRICK = '[^?#]*(?:%2[EeFf]|%5[Cc]|\\\\|/\\.\\.?(?=[/?#\\\\]|$))';

/**
 * The form every address field takes, as a regular expression: the scheme in small letters, a
 * domain name (one of `hosts` or a subdomain of one, when given; never a user name or an IP
 * address), an optional port, then anything on one line. `site check` applies it as well as
 * parsing the address, and editors apply it alone, so both accept and refuse the same addresses.
 */
export function urlPattern(rule: UrlRule = {}): string {
  const host = rule.hosts
    ? `(?:${LABEL}\\.)*(?:${rule.hosts.map((host) => anyCase(escapeRegExp(host))).join('|')})`
    : `(?:${LABEL}\\.)+${TOP_LABEL}`;
  const checked = rule.hosts || rule.rest ? `(?!${PATH_TRICK})` : '';
  return `^${rule.allowHttp ? 'https?' : 'https'}://${host}${PORT}${checked}${rule.rest ? `(?:${rule.rest.pattern})` : REST}$`;
}

/** A pattern's letters in either case: a browser reads WWW.Google.com as www.google.com, and editors' patterns take no flags. */
function anyCase(pattern: string): string {
  return pattern.replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}]`);
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
  if ((rule.hosts || rule.rest) && new RegExp(`^[^:]*://[^/?#\\\\]*${PATH_TRICK}`, 'u').test(value)) {
    return `The address "${value}" has /../, /./, a backslash, or a / or . written as %2F or %2E in its path, so a browser would load another page than the one it names; write the address as the browser's bar shows it.`;
  }
  const matches = new RegExp(urlPattern(rule), 'u').test(value);
  // The path as the browser will ask for it must be one the field allows, not only the path as written.
  if (matches && rule.rest && !new RegExp(`^(?:${rule.rest.pattern})$`, 'u').test(parsed.pathname + parsed.search + parsed.hash))
    return rule.rest.refused(value);
  if (matches) return undefined;
  if (rule.rest && new RegExp(urlPattern({ ...rule, rest: undefined }), 'u').test(value)) return rule.rest.refused(value);
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
  const encodeUnsafe = (part: string) =>
    part.replace(/%(?![0-9A-Fa-f]{2})/g, '%25').replace(/[^A-Za-z0-9\-._~:/?@!$&'()*+,;=%]/gu, (char) => encodeURIComponent(char));
  return hashAt === -1 ? encodeUnsafe(href) : `${encodeUnsafe(href.slice(0, hashAt))}#${encodeUnsafe(href.slice(hashAt + 1))}`;
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
    .meta({
      description: "A link to one of the site's pages",
      expected: 'a page of this site',
      hint,
      pattern: HREF_PATTERN,
      internalLink: true,
    });
}

function hrefProblem(value: string): string | undefined {
  if (new RegExp(HREF_PATTERN, 'u').test(value)) return undefined;
  const [pathPart = ''] = value.split('#');
  if (!HREF_PATHS.includes(pathPart)) return `"${value}" is not a page of this site, so the link would lead nowhere.`;
  return `The section name after # in "${value}" can only hold letters, digits, dashes and underscores, starting with a letter, e.g. /contact#quote.`;
}
