/**
 * How a static host maps a request path onto the files of a built site, shared by
 * `site preview` (files on disk) and `site dev` (files in memory).
 */

/** A request path taken apart into decoded segments, or refused. */
export type RequestPath =
  | {
      ok: true;
      /** Decoded segments; a trailing slash (and the root, "/") leaves a last empty segment. */
      segments: string[];
      /** The decoded path, e.g. /about/, which _headers rules are matched against. */
      pathname: string;
    }
  | { ok: false };

/**
 * Parses the request target of an HTTP request. Refuses anything that could name a file outside
 * the site folder or means something else on another system: absolute-form or protocol-relative
 * targets, dot segments (`..`, `%2e%2e`), encoded slashes (`%2f`, `%5c`), backslashes, NUL bytes
 * and bad percent-encoding. Nothing is normalised away, so what is refused here never reaches the disk.
 */
export function parseRequestPath(target: string): RequestPath {
  const raw = target.replace(/[?#].*$/s, '');
  if (!raw.startsWith('/') || raw.includes('\\')) return { ok: false };
  const parts = raw.slice(1).split('/');
  const segments: string[] = [];
  for (const [index, part] of parts.entries()) {
    // An empty segment is only the trailing slash; "//" inside a path is refused.
    if (part === '' && index !== parts.length - 1) return { ok: false };
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return { ok: false };
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return { ok: false };
    segments.push(segment);
  }
  return { ok: true, segments, pathname: `/${segments.join('/')}` };
}

/**
 * The files, in order, that answer a request with 200, as static hosts do with "pretty URLs":
 * `/` → index.html; `/about/` → about/index.html; `/about` → about, then about.html.
 */
export function candidates(segments: readonly string[]): string[] {
  const last = segments.at(-1) ?? '';
  const dir = segments.slice(0, -1);
  if (last === '') return [[...dir, 'index.html'].join('/')];
  const file = segments.join('/');
  return [file, `${file}.html`];
}

/**
 * Where Cloudflare sends a request that names an HTML file by its file name: `/about/index.html`
 * → `/about/`, `/index.html` → `/`, `/assets/whatsapp/en.1a2b3c4d5e.html` → the same without
 * `.html`; undefined for any other path. The host redirects only when that file exists, and serves
 * it at the new address, so a page has one address and a link to the file name costs a redirect.
 */
export function htmlFileAddress(segments: readonly string[]): string | undefined {
  const last = segments.at(-1) ?? '';
  if (!last.endsWith('.html')) return undefined;
  const folder = segments.slice(0, -1);
  if (last === 'index.html') return `/${[...folder, ''].join('/')}`;
  return `/${[...folder, last.slice(0, -'.html'.length)].join('/')}`;
}

/**
 * The 404 pages that answer a missing path, nearest first: `/ml/nope` → ml/404.html, then
 * 404.html, as Cloudflare looks for one up the folder tree (so a Malayalam address gets the
 * Malayalam page).
 */
export function notFoundPages(segments: readonly string[]): string[] {
  const folders = segments.slice(0, -1);
  return folders.map((_, at) => [...folders.slice(0, folders.length - at), '404.html'].join('/')).concat('404.html');
}

/**
 * The same request target with a new path, the query kept (`/about?utm_source=x` → `/about/?utm_source=x`).
 */
export function withPath(target: string, pathname: string): string {
  const queryAt = target.search(/[?#]/);
  return queryAt === -1 ? pathname : `${pathname}${target.slice(queryAt)}`;
}

/**
 * The folder page a path without its trailing slash names (`/about` → about/index.html), or
 * undefined for a path that ends in a slash. GitHub Pages, Netlify and Cloudflare answer such a
 * path with a redirect to the folder's address (`/about/`), never with the page itself.
 */
export function folderIndex(segments: readonly string[]): string | undefined {
  return segments.at(-1) ? `${segments.join('/')}/index.html` : undefined;
}

/**
 * Where a folder's address without the slash redirects: the same target with the slash added to
 * its path, the query kept (`/about?utm_source=x` → `/about/?utm_source=x`).
 */
export function withTrailingSlash(target: string): string {
  const queryAt = target.search(/[?#]/);
  return withPath(target, `${queryAt === -1 ? target : target.slice(0, queryAt)}/`);
}

/**
 * Whether a file may be served at all: hidden files stay hidden (except .well-known), and the
 * host configuration files (_headers, _redirects) are read by the host, never sent; so is the
 * build's bookkeeping (.site-build.json, .assetsignore), which Cloudflare leaves out through
 * .assetsignore.
 */
export function isPublic(segments: readonly string[]): boolean {
  if (segments.some((segment) => segment.startsWith('.') && segment !== '.well-known')) return false;
  return !(segments.length === 1 && (segments[0] === '_headers' || segments[0] === '_redirects'));
}

/**
 * A content hash in a file name: the 10 hex digits bundle.ts writes (main.3f9a1c2b7d.css) or the
 * 8 base32 characters esbuild gives files it copies (inter-latin-QX4FJ2MZ.woff2).
 */
const HASHED = /[.-](?:[0-9a-f]{8,}|[A-Z0-9]{8})\.[a-z0-9]+$/;

/**
 * Cache-Control for a file of the site: hashed files under assets/ never change, so browsers keep
 * them for a year; everything else (HTML above all) is checked with the server on every use.
 */
export function cacheControl(file: string): string {
  const name = file.split('/').at(-1) ?? '';
  if (file.startsWith('assets/') && HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}
