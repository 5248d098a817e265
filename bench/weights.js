// What a first visit to a page downloads, worked out from the built files alone, and the
// byte budgets it is held to. Shared by `npm run bench` (files on disk) and
// tests/unit/generator/budget.test.ts (files from build() in memory), so both count the same way.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** 1 KB is 1024 bytes here, as `site build` prints sizes. */
export const KB = 1024;

/**
 * The performance budgets of the issue "Performance budget and npm run bench": the floor, not the aim.
 * Byte budgets are gzipped (what travels); `firstVisitHome` counts fonts and images as they are.
 */
export const BUDGETS = {
  /**
   * 3 KB; 320 bytes more for the counts a Cloudflare build sends (client/counts.ts; 20 of them
   * for where a visit began), 100 more for withdrawing the prefetching rules on Save-Data or 2G
   * (client/prefetch.ts), and 92 for the mark that has a quote request sent again after its answer
   * was lost kept once (client/quote-form.ts), kept with the draft through a reload.
   */
  jsGzip: 3 * KB + 512,
  cssGzip: 12 * KB,
  htmlGzip: 20 * KB,
  firstVisitHome: 80 * KB,
  /** The same visit when the home page shows a hero photo (issue "Photos"). */
  firstVisitHomeWithPhoto: 120 * KB,
  /** The hero AVIF a 375 px phone picks, for a typical camera photo. */
  heroPhotoPhone: 60 * KB,
  /** A rebuild with every photo in the cache, over one with no photos. */
  photoRebuildExtraMs: 150,
  /** Peak memory of a cold build with a 48-megapixel photo. */
  bigPhotoPeakMB: 1024,
  coldBuildMs: 500,
  coldBuildPeakMB: 120,
  rebuildMs: 50,
  lighthouseScore: 100,
  cls: 0,
  /**
   * A page's first response, brotli-compressed with its headers: what a new connection delivers in
   * its first round trip (TCP's initial window of 10 segments of 1460 bytes). A page that does not
   * fit waits one more round trip before it can be shown; Lighthouse's mobile run counts 150 ms.
   */
  firstRoundTripBytes: 10 * 1460,
  /** Largest Contentful Paint in Lighthouse's mobile run, per page; pages not named have none. */
  lcpMs: { '/': 1000, '/services/': 1150 },
  /** Every page, both languages and the 404s: median LCP and Total Blocking Time of the runs. */
  everyPageLcpMs: 1000,
  tbtMs: 50,
  /** Against the peer single-page app in the same run (bench/peer-spa.js): LCP at most this share of its LCP. */
  peerLcpRatio: 0.6,
};

/**
 * The screen a first visit is counted on: a 375 px wide phone with two device pixels per CSS
 * pixel, the common cheap Android. Responsive images are counted as such a phone picks them.
 */
export const PHONE = { width: 375, dpr: 2 };

/** Image types Chromium decodes, for choosing a <picture>'s <source>. */
const DECODABLE = new Set(['image/avif', 'image/webp', 'image/jpeg', 'image/png', 'image/gif', 'image/svg+xml']);

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
export function pageWeight(pagePath, lookup, screen = PHONE) {
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
    } else if (name === 'picture') {
      const picked = pickFromPicture(tag.inner, screen);
      if (picked) add(picked, pageUrl, 'image');
    } else if (name === 'img' && (attrs.src || attrs.srcset)) {
      add(attrs.srcset ? pickCandidate(attrs.srcset, attrs.sizes, screen) : attrs.src, pageUrl, 'image');
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

/**
 * Bytes the host adds to a page's headers beyond _headers, as `site preview` sends them (the bench's
 * Lighthouse runs count exactly these): status line, type, cache, vary, encoding, length, date,
 * connection and keep-alive, 236 bytes, and the blank line. Hosts on the web send at least as many.
 */
const HOST_HEADER_BYTES = 240;

/**
 * The bytes of the response to `pagePath` as a host sends it: the HTML brotli-compressed (quality
 * 11, as Netlify and Cloudflare Pages do), `headers` (what `_headers` gives that path, as
 * generator/serve/headers.ts reads it) and the host's own.
 */
export function firstResponseBytes(pagePath, lookup, headers) {
  const html = lookup(pagePath);
  if (!html) throw new Error(`No built file answers ${pagePath}`);
  const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const headerBytes = headers.reduce((sum, [name, value]) => sum + `${name}: ${value}\r\n`.length, HOST_HEADER_BYTES);
  return { body, headers: headerBytes, total: body + headerBytes };
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

/**
 * Start tags of the elements that make a browser fetch something, with their attributes decoded;
 * a <picture> comes whole (its `inner` markup), since its <source>s and <img> make one request.
 */
function* tags(html) {
  // Comments and inline script bodies (JSON-LD) cannot hold tags a browser would fetch.
  const text = html.replace(/<!--[\s\S]*?-->/g, '').replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/gi, '$1$2');
  for (const match of text.matchAll(/<picture\b[^>]*>([\s\S]*?)<\/picture>|<(link|script|img|iframe)\b([^>]*)>/gi)) {
    if (match[1] !== undefined) yield { name: 'picture', attrs: {}, inner: match[1] };
    else yield { name: match[2].toLowerCase(), attrs: attributes(match[3]) };
  }
}

function attributes(text) {
  const attrs = {};
  for (const attr of text.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[attr[1].toLowerCase()] = decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? '');
  }
  return attrs;
}

/** The file a browser on `screen` loads for a <picture>: its first <source> of a type it decodes, else its <img>. */
function pickFromPicture(inner, screen) {
  for (const match of inner.matchAll(/<(source|img)\b([^>]*)>/gi)) {
    const attrs = attributes(match[2]);
    if (match[1].toLowerCase() === 'source' && attrs.type && !DECODABLE.has(attrs.type.toLowerCase())) continue;
    if (attrs.srcset) return pickCandidate(attrs.srcset, attrs.sizes, screen);
    if (attrs.src) return attrs.src;
  }
  return undefined;
}

/**
 * The srcset candidate a browser picks: the narrowest whose width covers the slot (the `sizes`
 * length on this screen) at the screen's pixel density, else the widest there is.
 */
export function pickCandidate(srcset, sizes, screen = PHONE) {
  const candidates = srcset
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .filter((parts) => parts[0])
    .map(([url, descriptor = '']) => ({ url, width: Number(/^(\d+)w$/.exec(descriptor)?.[1] ?? NaN) }));
  if (candidates.some((candidate) => Number.isNaN(candidate.width))) return candidates[0].url;
  const needed = slotWidth(sizes ?? '100vw', screen.width) * screen.dpr;
  const sorted = [...candidates].sort((a, b) => a.width - b.width);
  return (sorted.find((candidate) => candidate.width >= needed) ?? sorted.at(-1)).url;
}

/** The CSS width `sizes` gives on a screen `viewport` CSS pixels wide (min-/max-width conditions, calc, min, max). */
export function slotWidth(sizes, viewport) {
  for (const entry of splitTopLevel(sizes)) {
    const condition = /^\(\s*(min|max)-width\s*:\s*([^)]+)\)\s*(.*)$/i.exec(entry.trim());
    if (!condition) return evaluateLength(entry.trim(), viewport);
    const limit = evaluateLength(condition[2], viewport);
    const applies = condition[1].toLowerCase() === 'min' ? viewport >= limit : viewport <= limit;
    if (applies) return evaluateLength(condition[3], viewport);
  }
  return viewport;
}

function splitTopLevel(text) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** A CSS length in px: numbers in px, rem, em (16 px) and vw, with calc(), min(), max(), + - * /. */
function evaluateLength(text, viewport) {
  const tokens = text.match(/\d*\.?\d+(?:px|rem|em|vw)?|calc\(|min\(|max\(|[()+\-*/,]/gi) ?? [];
  let at = 0;
  const unit = { px: 1, rem: 16, em: 16, vw: viewport / 100, '': 1 };
  const expression = () => {
    let value = term();
    while (tokens[at] === '+' || tokens[at] === '-') value = tokens[at++] === '+' ? value + term() : value - term();
    return value;
  };
  const term = () => {
    let value = factor();
    while (tokens[at] === '*' || tokens[at] === '/') value = tokens[at++] === '*' ? value * factor() : value / factor();
    return value;
  };
  const factor = () => {
    const token = (tokens[at++] ?? '').toLowerCase();
    if (token === 'calc(' || token === '(') {
      const value = expression();
      at++;
      return value;
    }
    if (token === 'min(' || token === 'max(') {
      const values = [expression()];
      while (tokens[at] === ',') {
        at++;
        values.push(expression());
      }
      at++;
      return token === 'min(' ? Math.min(...values) : Math.max(...values);
    }
    const [, number, suffix = ''] = /^(\d*\.?\d+)([a-z]*)$/.exec(token) ?? [];
    if (number === undefined || !(suffix in unit)) throw new Error(`Cannot read the length "${text}" (at "${token}")`);
    return Number(number) * unit[suffix];
  };
  return expression();
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
