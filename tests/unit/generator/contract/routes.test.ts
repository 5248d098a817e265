import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../../generator/build.js';
import { pageAddress, pageFile } from '../../../../generator/contract/routes.js';
import type { RunningServer } from '../../../../generator/serve/http.js';
import { startPreview } from '../../../../generator/serve/preview.js';
import { writeSite } from '../../../../generator/write/write.js';
import { ROOT, SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * Every address the built site gives out to browsers and search engines (links, canonical,
 * og:url, hreflang, form return address, structured data, sitemap, robots.txt) must be answered
 * with 200 by a static host, never with a redirect: GitHub Pages, Netlify and Cloudflare Pages
 * redirect a folder's address without its trailing slash, and `site preview` does the same, so
 * this crawl of the built site fails on any such address.
 */

const SITE_URL = 'https://movers.example.in';
const window = new Window({
  settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
});

let temp: string;
let server: RunningServer;
let files: Map<string, string>;

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-addresses-'));
  const built = await build({ contentDir: SAMPLE_CONTENT, siteUrl: SITE_URL, now: new Date('2031-05-01') });
  await writeSite(built.files, path.join(temp, 'dist'), { cwd: temp, projectRoot: ROOT, contentDir: SAMPLE_CONTENT });
  files = new Map(built.files.filter((f) => /\.(html|xml|txt)$/.test(f.path)).map((f) => [f.path, String(f.contents)]));
  server = await startPreview({ dir: path.join(temp, 'dist') });
});

afterAll(async () => {
  await server?.close();
  await window.happyDOM.close();
  await rm(temp, { recursive: true, force: true });
});

/** The status and Location of one request, redirects not followed. */
function answer(target: string): Promise<{ status: number; location?: string; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path: target }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }));
    })
      .on('error', reject)
      .end();
  });
}

interface Found {
  /** Where it was found, e.g. "about/index.html <link rel=canonical>". */
  where: string;
  address: string;
}

/** Every string in a JSON-LD value, with its key path. */
function jsonStrings(value: unknown, at: string): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => jsonStrings(item, `${at}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => jsonStrings(item, `${at}.${key}`));
  return [];
}

/** Every address a page gives out, in attributes, meta tags and its JSON-LD. */
function addressesIn(file: string, html: string): Found[] {
  const doc = new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
  const found: Found[] = [];
  const take = (selector: string, attr: string) => {
    for (const el of Array.from(doc.querySelectorAll(selector))) {
      const value = el.getAttribute(attr);
      if (value) found.push({ where: `${file} ${el.outerHTML.slice(0, 60)}`, address: value });
    }
  };
  take('a[href]', 'href');
  take('link[href]', 'href');
  take('script[src]', 'src');
  take('img[src]', 'src');
  take('iframe[src]', 'src');
  take('form[action]', 'action');
  take('input[type="hidden"][value^="http"]', 'value');
  take('meta[property^="og:"][content^="http"], meta[name^="twitter:"][content^="http"]', 'content');
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    for (const [at, value] of jsonStrings(JSON.parse(script.textContent ?? ''), 'JSON-LD')) {
      if (value.startsWith('/') || value.startsWith('http')) found.push({ where: `${file} ${at}`, address: value });
    }
  }
  return found;
}

/** The site's own addresses, as a path and query to request; other sites' addresses are left out. */
function internal(address: string): string | undefined {
  if (address.startsWith('//')) return undefined;
  if (address.startsWith('/')) return address.replace(/[?#].*$/, '');
  if (address.startsWith(`${SITE_URL}/`) || address === SITE_URL) return address.slice(SITE_URL.length).replace(/[?#].*$/, '') || '/';
  return undefined;
}

function everyAddress(): Found[] {
  const found: Found[] = [];
  for (const [file, text] of files) {
    if (file.endsWith('.html')) found.push(...addressesIn(file, text));
  }
  for (const [, loc] of (files.get('sitemap.xml') ?? '').matchAll(/<loc>([^<]*)<\/loc>/g))
    found.push({ where: 'sitemap.xml', address: loc! });
  for (const [, url] of (files.get('robots.txt') ?? '').matchAll(/^Sitemap: (.*)$/gm)) found.push({ where: 'robots.txt', address: url! });
  return found;
}

describe('the addresses the built site gives out', () => {
  it('are all answered with 200 by a static host, none with a redirect', async () => {
    const found = everyAddress();
    const targets = new Map<string, string[]>();
    for (const { where, address } of found) {
      const target = internal(address);
      if (target !== undefined) targets.set(target, [...(targets.get(target) ?? []), where]);
    }
    // The crawl saw the pages' links, canonicals, og:url, the form's return address, the JSON-LD, the sitemap and robots.txt.
    expect(targets.size).toBeGreaterThanOrEqual(9);
    for (const kind of ['rel="canonical"', 'og:url', '_next', 'JSON-LD.url', 'JSON-LD.logo', 'sitemap.xml', 'robots.txt']) {
      expect(
        found.some(({ where }) => where.includes(kind)),
        kind,
      ).toBe(true);
    }
    const bad: string[] = [];
    for (const [target, wheres] of targets) {
      const got = await answer(target);
      if (got.status !== 200) bad.push(`${target} answered ${got.status}${got.location ? ` → ${got.location}` : ''} (in ${wheres[0]})`);
    }
    expect(bad, bad.join('\n')).toEqual([]);
  });

  it('point at sections that exist on the page they lead to', async () => {
    const missing: string[] = [];
    for (const { where, address } of everyAddress()) {
      const target = internal(address);
      const hashAt = address.indexOf('#');
      // A JSON-LD @id names the company, not a place on the page.
      if (target === undefined || hashAt === -1 || where.includes('@id')) continue;
      const id = address.slice(hashAt + 1);
      const page = target.endsWith('/') ? `${target.slice(1)}index.html` : target.slice(1);
      if (!files.get(page)?.includes(`id="${id}"`)) missing.push(`${address} (in ${where})`);
    }
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('would catch an address without the slash: the preview redirects it as the hosts do', async () => {
    expect(await answer('/about')).toMatchObject({ status: 307, location: '/about/' });
    expect(internal(`${SITE_URL}/contact#quote-sent`)).toBe('/contact');
  });
});

describe('pageAddress', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about/'],
    ['/about/', '/about/'],
    ['/contact#quote', '/contact/#quote'],
    ['/contact/#quote', '/contact/#quote'],
    ['/#services', '/#services'],
    ['/ml', '/ml/'],
    ['/ml/about', '/ml/about/'],
  ])('publishes the route %s at %s', (route, address) => {
    expect(pageAddress(route)).toBe(address);
  });

  it('writes each page into the folder its address names', () => {
    expect(['/', '/about', '/ml/about/'].map(pageFile)).toEqual(['index.html', 'about/index.html', 'ml/about/index.html']);
  });
});
