import type { OutputFile } from './contract/output.js';
import { DEFAULT_REQUEST_REPLY } from './contract/request-reply.js';
import { UsageError } from './problems/problem.js';
import type { Site } from './schema/index.js';

/**
 * The hosts the deploy publishes to (docs/hosting.md). The build writes the same folder for
 * both; only Cloudflare reads all of it, so a build for GitHub Pages says what will be missing
 * there, once, where the operator chose it.
 */
export const HOSTS = ['cloudflare', 'github-pages'] as const;
export type Host = (typeof HOSTS)[number];

export function parseHost(value: string | undefined): Host {
  const host = (value ?? 'cloudflare').trim();
  if ((HOSTS as readonly string[]).includes(host)) return host as Host;
  throw new UsageError(
    `--host needs one of ${HOSTS.join(' or ')}, got "${value}".`,
    'leave it out for Cloudflare, the host the site is tested against',
  );
}

/** What the host leaves out of the built site, as one paragraph; nothing for Cloudflare. */
export function hostNote(host: Host): string | undefined {
  if (host !== 'github-pages') return undefined;
  return [
    'Built for GitHub Pages, which ignores _headers, so these are left out there:',
    '  - the frame and feature headers (frame-ancestors, X-Frame-Options, Permissions-Policy): any site may show these pages in a frame;',
    '  - the year-long cache of /assets/: every file is kept ten minutes, then checked again;',
    '  - the Malayalam 404 page: a mistyped /ml/ address gets the English one;',
    '  - Brotli: pages are sent gzipped, a little larger.',
    'Each page still carries its security policy in a <meta>. Cloudflare sends all of it (docs/hosting.md).',
  ].join('\n');
}

/** Where a Cloudflare build's quote form posts: the site's own Worker (worker/quotes/route.ts). */
export const QUOTE_ENDPOINT = '/api/quote';
/** Where a Cloudflare build's pages send their counts (worker/counts/route.ts). */
export const COUNT_ENDPOINT = '/api/count';

/**
 * The file a Cloudflare build leaves for the Worker (worker/quotes/built-settings.ts): the relay's
 * AJAX address, where the Worker sends each kept request on, how many days it keeps one, and the
 * words the inbox's WhatsApp reply starts with in each language (whatsapp.yaml requestReply). It
 * lies under /api/, which reaches the Worker before the files (worker/wrangler.jsonc), so the Worker
 * alone reads it, through its ASSETS binding.
 */
export const SETTINGS_FILE = 'api/site-settings.json';

/**
 * The site as `host` serves it: on Cloudflare the quote form posts to the site's own Worker, with
 * JavaScript and without, and the pages send it their counts; GitHub Pages runs no Worker, so there
 * the form posts to the relay itself and nothing is counted.
 * The newsletter box posts to the relay on both.
 */
export function forHost(site: Site, host: Host | undefined): Site {
  if (host !== 'cloudflare') return site;
  const form = { ...site.settings.form, quoteEndpoint: QUOTE_ENDPOINT, countEndpoint: COUNT_ENDPOINT };
  return {
    ...site,
    translations: site.translations?.map((translation) => ({ ...translation, site: forHost(translation.site, host) })),
    settings: { ...site.settings, form },
  };
}

/**
 * The files `host` needs beside the pages: on Cloudflare, the settings the Worker takes from the
 * build, with `closed`, how many texts still the sample's keep the site closed, which the owner's
 * editor says (0 when it is open).
 */
export function hostFiles(site: Site, host: Host | undefined, closed = 0): OutputFile[] {
  if (host !== 'cloudflare') return [];
  // Without form.keepDays the Worker keeps its own default, the schema's DEFAULT_KEEP_DAYS.
  const { endpoint, keepDays } = site.settings.form;
  const settings = { relay: endpoint, keepDays, requestReply: requestReplies(site), ...(closed > 0 ? { closed } : {}) };
  return [{ path: SETTINGS_FILE, contents: `${JSON.stringify(settings)}\n` }];
}

/**
 * The inbox's WhatsApp reply by language code. A translation without its own shows the English, as
 * its pages do (translations/overlay.ts lays none over an English text that is left out); content
 * without one in English has the words the inbox always used.
 */
function requestReplies(site: Site): Record<string, string> {
  const english = site.whatsapp.requestReply ?? DEFAULT_REQUEST_REPLY;
  const translated = (site.translations ?? []).map(({ language, site: own }) => [language.code, own.whatsapp.requestReply ?? english]);
  return Object.fromEntries([['en', english], ...translated]);
}
