import { createHash } from 'node:crypto';
import type { OutputFile } from '../contract/output.js';
import { officesOf, type Site } from '../schema/index.js';
import { TURNSTILE_ORIGIN, turnstileSiteKey } from '../schema/site.js';
import { checkHeaderLimits } from './header-limits.js';
import { SPECULATION_RULES } from './speculation-rules.js';

/**
 * Security headers derived from the content: a Content-Security-Policy that allows exactly what
 * the pages load (their own scripts, styles, fonts and images; the quote form's relay; the map),
 * plus the usual hardening headers. The whole policy is a <meta> at the top of every page's
 * <head>, so it holds on hosts that cannot send headers, such as GitHub Pages; `_headers` (the
 * Netlify / Cloudflare Pages format, which `site preview` and `site dev` also serve) adds the part
 * that holds for every file, and what only a header can say (see HEADER_DIRECTIVES).
 */

/** One CSP directive name and its sources, in the order they are written. */
export type Directives = ReadonlyArray<readonly [name: string, sources: readonly string[]]>;

/**
 * Directives only a header can carry: browsers ignore them in a <meta> policy and warn in the
 * console, so the meta leaves them out.
 */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/**
 * Browser features no page uses. Every name is one Chromium recognises: an unknown name makes it
 * log an error on every page.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
] as const;

/**
 * The policy for the site. Everything defaults to nothing; each directive adds only what a
 * page really uses:
 * - img-src also allows data: for the favicon, which each page carries as a data: address (a
 *   picture cannot run script, so this opens nothing);
 * - scripts, styles, fonts and images come from the site itself (the pages have no inline
 *   script apart from JSON-LD data, which CSP does not run, and no style attributes), and the
 *   stylesheet written into each page is allowed by its hash alone; so are the speculation rules
 *   (speculation-rules.ts), which only ask the browser to prefetch the site's own pages;
 * - connect-src: the relay the quote form posts to with fetch, plus 'self' so the dev server's
 *   reload channel (same origin) keeps working;
 * - form-action: the relay's plain endpoint the form posts to without JavaScript, plus 'self'
 *   because browsers apply form-action to the relay's redirect back to /contact;
 * - frame-src: each office's map, which only the contact pages can show (after the visitor asks for it); a
 *   page without it gets 'none' in its <meta>, which holds alongside the site-wide header;
 * - Turnstile's script and its frame, only when the form has a Turnstile site key on a host whose
 *   Worker checks the token.
 */
export function contentSecurityPolicy(site: Site, inline: InlineSources = {}): Directives {
  const { form } = site.settings;
  const turnstile = turnstileSiteKey(form) ? [TURNSTILE_ORIGIN] : [];
  const maps = inline.map === false ? [] : officesOf(site.settings).map((office) => origin(office.mapEmbedUrl));
  const frames = unique([...maps, ...turnstile]);
  return [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", hashSource(SPECULATION_RULES), ...turnstile]],
    ['style-src', ["'self'", ...(inline.styles ?? [])]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', unique(["'self'", origin(form.endpoint)])],
    ['form-action', unique(["'self'", origin(form.plainEndpoint)])],
    ['frame-src', frames.length === 0 ? ["'none'"] : frames],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
}

/** Inline code the pages carry, allowed one by one by its hash ('sha256-…'), never 'unsafe-inline'. */
export interface InlineSources {
  styles?: readonly string[];
  /** False for a page that cannot show the map: its policy then allows no frame at all. */
  map?: boolean;
}

/** Whether a rendered page has the place the map is loaded into (client/HOOKS.md: `data-map-src`). */
export function showsMap(html: string): boolean {
  return /\sdata-map-src="/.test(html);
}

/** Inline text as a CSP source that allows exactly it: 'sha256-…' of its UTF-8 bytes. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** The policy as a header value; `forMeta` leaves out what a <meta> policy may not carry. */
export function serializePolicy(directives: Directives, { forMeta = false } = {}): string {
  return directives
    .filter(([name]) => !(forMeta && HEADER_ONLY.has(name)))
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * The directives the header carries, for every file the site serves. Each page's <meta> carries
 * the whole policy, and browsers enforce both, so the header keeps only what holds for any file
 * (no script but the site's own, no plug-ins, no <base> elsewhere) and what a <meta> cannot say
 * (no framing). The whole policy in the header would be about 350 bytes more on every response,
 * pictures included, before the first paint, and would have to allow every page's stylesheet.
 */
const HEADER_DIRECTIVES = new Set(['script-src', 'object-src', 'base-uri', 'frame-ancestors']);

/** The policy the header sends: the part of the site's policy that holds for every file. */
export function headerPolicy(site: Site): string {
  return serializePolicy(contentSecurityPolicy(site).filter(([name]) => HEADER_DIRECTIVES.has(name)));
}

/** Every header the site is served with, as name and value. */
export function securityHeaders(site: Site): Array<[name: string, value: string]> {
  return [
    ['Content-Security-Policy', headerPolicy(site)],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ')],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    // A year: a visitor who came once is never sent to http:// by an old link or a typed name. The
    // names under the site's own only when the owner says all of them serve https://.
    ['Strict-Transport-Security', `max-age=31536000${site.settings.seo.httpsForSubdomains ? '; includeSubDomains' : ''}`],
  ];
}

/**
 * `_headers` for Netlify and Cloudflare Pages (and this project's own servers): a path pattern
 * at the start of a line, then its headers indented by two spaces. Assets carry a content hash
 * in their names, so they may be cached for a year. Refused when Cloudflare would drop part of it.
 */
export function headersFile(site: Site): OutputFile {
  const block = (pattern: string, headers: ReadonlyArray<readonly [string, string]>) =>
    [pattern, ...headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  const contents = [
    '# Written by `site build` from content/site.yaml; edit the content, not this file.',
    block('/*', securityHeaders(site)),
    block('/assets/*', [['Cache-Control', 'public, max-age=31536000, immutable']]),
  ].join('\n\n');
  checkHeaderLimits(contents);
  return { path: '_headers', contents: `${contents}\n` };
}

/**
 * Adds the policy as `<meta http-equiv="Content-Security-Policy">` straight after the charset
 * declaration, before anything the policy governs: a meta policy only applies to what follows it.
 */
export function withPolicyMeta(html: string, site: Site, inline: InlineSources = {}): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(serializePolicy(contentSecurityPolicy(site, inline), { forMeta: true }))}"/>`;
  const charset = /<meta charSet="utf-8"\/>/i.exec(html);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  const anchor = charset ?? head;
  if (!anchor) throw new Error('The page has no <head> to put the Content-Security-Policy in');
  const at = anchor.index + anchor[0].length;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}

/** The scheme, host and port of an address, as CSP source lists write it (no path). */
function origin(address: string): string {
  return new URL(address).origin;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
