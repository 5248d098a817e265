import { UsageError } from './problems/problem.js';

/**
 * The hosts the deploy publishes to (README, "Deploy"). The build writes the same folder for
 * both; only Cloudflare reads all of it, so a build for GitHub Pages says what will be missing
 * there, once, where the operator chose it.
 */
export const HOSTS = ['cloudflare', 'github-pages'] as const;
export type Host = (typeof HOSTS)[number];

export function parseHost(value: string | undefined): Host {
  const host = (value ?? 'cloudflare').trim();
  if ((HOSTS as readonly string[]).includes(host)) return host as Host;
  throw new UsageError(`--host needs one of ${HOSTS.join(' or ')}, got "${value}".`, 'leave it out for Cloudflare, the host the site is tested against');
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
    'Each page still carries its security policy in a <meta>. Cloudflare sends all of it (README, "Deploy").',
  ].join('\n');
}
