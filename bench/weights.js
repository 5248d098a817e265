// What a first visit to a page downloads, worked out from the built files alone, and the
// byte budgets it is held to. Shared by `npm run bench` (files on disk) and
// tests/unit/budget.test.ts (files from build() in memory), so both count the same way.
import { gzipSync } from 'node:zlib';

/** 1 KB is 1024 bytes here, as `site build` prints sizes. */
export const KB = 1024;

/**
 * The performance budgets of the issue "Performance budget and npm run bench": the floor, not the aim.
 * Byte budgets are gzipped (what travels); `firstVisitHome` counts fonts and images as they are.
 */
export const BUDGETS = {
  jsGzip: 3 * KB,
  cssGzip: 12 * KB,
  htmlGzip: 20 * KB,
  firstVisitHome: 80 * KB,
  coldBuildMs: 500,
  coldBuildPeakMB: 120,
  rebuildMs: 50,
  lighthouseScore: 100,
  cls: 0,
  /** Largest Contentful Paint in Lighthouse's mobile run, per page; pages not named have none. */
  lcpMs: { '/': 1000, '/services': 1150 },
};

/** The pages the bench reports on, by the path a visitor opens. */
export const PAGE_PATHS = ['/', '/about/', '/services/', '/contact/'];

/** Kinds of file a page pulls in, by extension. */
const KIND_BY_EXTENSION = {
  css: 'css',
  js: 'js',
  mjs: 'js',
  woff2: 'font',
  woff: 'font',
  ttf: 'font',
  otf: 'font',
  svg: 'image',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  avif: 'image',
  gif: 'image',
  ico: 'image',
};

/** Text a host sends compressed; woff2 and raster images are compressed already and travel as they are. */
const COMPRESSED_IN_TRANSIT = new Set(['html', 'css', 'js', 'svg', 'ico']);

/** A made-up origin to resolve root-relative and relative URLs against; anything else is third-party. */
const ORIGIN = 'https://site.invalid';

/** gzip -9 size of `contents`. */
export function gzipSize(contents) {
  return gzipSync(toBuffer(contents), { level: 9 }).length;
}

/**
 * A lookup from a root-relative URL (`/about`, `/assets/main.1a2b.css`) to the bytes a static host
 * would send for it, over a list of built files `{ path, contents }` as build() returns them.
 */
export function lookupFromFiles(files) {
  const byPath = new Map(files.map((file) => [file.path, toBuffer(file.contents)]));
  return (urlPath) => {
    const clean = urlPath.replace(/^\/+/, '');
    const candidates = clean === '' || clean.endsWith('/') ? [`${clean}index.html`] : [clean, `${clean}.html`, `${clean}/index.html`];
    for (const candidate of candidates) {
      const found = byPath.get(candidate);
      if (found) return found;
    }
    return undefined;
  };
}

/**
 * Everything a first visit to `pagePath` downloads from the site itself: the HTML, then what it
 * references with <link rel=stylesheet|preload|modulepreload|icon>, <script src> and <img src>,
 * then the fonts and images the loaded stylesheets reference with url(). Fonts count every face a
 * stylesheet declares (an upper bound: a browser fetches only the faces the page uses).
 * Third-party URLs (the map iframe) are listed in `external`, not counted.
 *
 * Each resource has `raw` bytes and `transfer` bytes: gzip -9 for text, raw for fonts and rasters.
 */
export function pageWeight(pagePath, lookup) {
  const html = lookup(pagePath);
  if (!html) throw new Error(`No built file answers ${pagePath}`);
  const pageUrl = new URL(pagePath, ORIGIN);
  const resources = [resource('html', pagePath, html)];
  const external = [];
  const missing = [];
  const seen = new Set([pageUrl.pathname]);

  const add = (reference, base, hintedKind) => {
    const url = new URL(reference, base);
    if (url.protocol === 'data:') return;
    if (url.origin !== ORIGIN) {
      external.push(url.href);
      return;
    }
    if (seen.has(url.pathname)) return;
    seen.add(url.pathname);
    const kind = hintedKind ?? kindOf(url.pathname);
    const contents = lookup(url.pathname);
    if (!contents) {
      missing.push(url.pathname);
      return;
    }
    resources.push(resource(kind, url.pathname, contents));
    if (kind === 'css') {
      for (const ref of cssUrls(contents.toString('utf8'))) add(ref, url, undefined);
    }
  };

  // A stylesheet written into the page: counted as CSS, but it travels inside the HTML.
  for (const [index, styles] of inlineStyles(html.toString('utf8')).entries()) {
    const inline = resource('css', `${pagePath} <style> ${index + 1}`, Buffer.from(styles));
    resources.push({ ...inline, transfer: 0 });
    for (const ref of cssUrls(styles)) add(ref, pageUrl, undefined);
  }

  for (const tag of tags(html.toString('utf8'))) {
    const { name, attrs } = tag;
    if (name === 'link') {
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      if (!attrs.href) continue;
      if (rel.includes('stylesheet')) add(attrs.href, pageUrl, 'css');
      else if (rel.includes('modulepreload')) add(attrs.href, pageUrl, 'js');
      else if (rel.includes('preload')) add(attrs.href, pageUrl, preloadKind(attrs.as, attrs.href));
      else if (rel.includes('icon') || rel.includes('apple-touch-icon')) add(attrs.href, pageUrl, 'image');
    } else if (name === 'script' && attrs.src) {
      add(attrs.src, pageUrl, 'js');
    } else if (name === 'img' && attrs.src) {
      add(attrs.src, pageUrl, 'image');
    } else if (name === 'iframe' && attrs.src) {
      const url = new URL(attrs.src, pageUrl);
      if (url.origin !== ORIGIN) external.push(url.href);
    }
  }

  const totals = {};
  for (const kind of ['html', 'css', 'js', 'font', 'image', 'other']) totals[kind] = { raw: 0, gzip: 0, transfer: 0, count: 0 };
  for (const item of resources) {
    const total = totals[item.kind] ?? totals.other;
    total.raw += item.raw;
    total.gzip += item.gzip;
    total.transfer += item.transfer;
    total.count += 1;
  }
  const firstVisit = {
    raw: resources.reduce((sum, item) => sum + item.raw, 0),
    transfer: resources.reduce((sum, item) => sum + item.transfer, 0),
  };
  return { path: pagePath, resources, totals, firstVisit, external, missing };
}

/** The byte budgets a page's weight is held to, each `{ name, value, limit, pass }`. */
export function byteBudgetChecks(weight) {
  const checks = [
    check(`${weight.path} HTML gzip`, weight.totals.html.gzip, BUDGETS.htmlGzip),
    check(`${weight.path} CSS gzip`, weight.totals.css.gzip, BUDGETS.cssGzip),
    check(`${weight.path} JS gzip`, weight.totals.js.gzip, BUDGETS.jsGzip),
  ];
  if (weight.path === '/') checks.push(check('/ first visit (transferred)', weight.firstVisit.transfer, BUDGETS.firstVisitHome));
  return checks;
}

function check(name, value, limit) {
  return { name, value, limit, pass: value <= limit };
}

/** The text of every <style> element. */
function inlineStyles(html) {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]);
}

function resource(kind, url, contents) {
  const raw = contents.length;
  const gzip = gzipSize(contents);
  const extension = url.split('.').pop()?.toLowerCase() ?? '';
  const compressible = kind === 'html' || COMPRESSED_IN_TRANSIT.has(extension);
  return { kind, url, raw, gzip, transfer: compressible ? gzip : raw };
}

function kindOf(urlPath) {
  const extension = urlPath.split('.').pop()?.toLowerCase() ?? '';
  return KIND_BY_EXTENSION[extension] ?? 'other';
}

function preloadKind(as, href) {
  const byAs = { style: 'css', script: 'js', font: 'font', image: 'image' }[(as ?? '').toLowerCase()];
  return byAs ?? kindOf(new URL(href, ORIGIN).pathname);
}

/** Start tags of the elements that make a browser fetch something, with their attributes decoded. */
function* tags(html) {
  // Comments and inline script bodies (JSON-LD) cannot hold tags a browser would fetch.
  const text = html.replace(/<!--[\s\S]*?-->/g, '').replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/gi, '$1$2');
  for (const match of text.matchAll(/<(link|script|img|iframe)\b([^>]*)>/gi)) {
    const attrs = {};
    for (const attr of match[2].matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[attr[1].toLowerCase()] = decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? '');
    }
    yield { name: match[1].toLowerCase(), attrs };
  }
}

function cssUrls(css) {
  const urls = [];
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of withoutComments.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi)) {
    const url = match[1] ?? match[2] ?? match[3] ?? '';
    if (url && !url.startsWith('#')) urls.push(url);
  }
  // @import of another stylesheet is a request too.
  for (const match of withoutComments.matchAll(/@import\s+(?:"([^"]+)"|'([^']+)')/gi)) urls.push(match[1] ?? match[2]);
  return urls;
}

function decodeEntities(value) {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function toBuffer(contents) {
  return typeof contents === 'string' ? Buffer.from(contents) : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
}
