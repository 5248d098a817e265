/**
 * What the host does with the built site, checked in Cloudflare's own runtime (workerd, through
 * wrangler, with the project's wrangler.jsonc) and, with the same table, in `site preview`, which
 * README promises behaves like it: statuses, redirects, the nearest 404 page, every header of
 * _headers exactly once, caching and compression, and that the build's bookkeeping stays unserved.
 */
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build.js';
import { headersFor, parseHeaders, type HeaderRule } from '../../../generator/serve/headers.js';
import { startPreview } from '../../../generator/serve/preview.js';
import { writeSite } from '../../../generator/write/write.js';
import { startCloudflare, type HostServer } from '../../helpers/cloudflare.js';
import { ROOT } from '../../helpers/content.js';
import { contentWithPhotos, PHOTO_PLACES } from '../../helpers/photos.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(base: string, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    request({ host: hostname, port, path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const YEAR = 'public, max-age=31536000, immutable';
/** A browser must ask the host before using its copy again: no-cache, or max-age=0 with must-revalidate. */
const revalidates = (value: string) =>
  /(^|,\s*)no-cache\b/.test(value) || (/\bmax-age=0\b/.test(value) && /\bmust-revalidate\b/.test(value));

let project: string;
let dist: string;
let rules: HeaderRule[];
/** Addresses of built files found by kind, since their names carry hashes. */
const at: Record<'script' | 'font' | 'photo' | 'icon' | 'popup', string> = { script: '', font: '', photo: '', icon: '', popup: '' };

beforeAll(async () => {
  // The frozen sample with one photo, so every kind of file the site has is served.
  project = await contentWithPhotos([PHOTO_PLACES[0]]);
  dist = path.join(project, 'dist');
  const { files } = await build({ contentDir: path.join(project, 'content'), now: new Date('2025-06-01') });
  await writeSite(files, dist, { cwd: project, projectRoot: ROOT, contentDir: path.join(project, 'content') });
  const find = (pattern: RegExp) => `/${files.find((file) => pattern.test(file.path))!.path}`;
  at.script = find(/^assets\/main\.[0-9a-f]+\.js$/);
  at.font = find(/^assets\/.*malayalam.*\.woff2$/);
  at.photo = find(/^assets\/photos\/.*\.(avif|webp|jpg)$/);
  at.icon = find(/^assets\/icons\/.*\.svg$/);
  const home = String(files.find((file) => file.path === 'index.html')!.contents);
  at.popup = /\sdata-whatsapp-src="([^"]+)"/.exec(home)![1]!;
  rules = parseHeaders(String(files.find((file) => file.path === '_headers')!.contents));
}, 300_000);

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

const HOSTS: Array<[name: string, start: (dir: string) => Promise<HostServer>]> = [
  ['Cloudflare’s runtime (workerd)', startCloudflare],
  ['site preview', (dir) => startPreview({ dir, port: 0 })],
];

describe.each(HOSTS)('%s serving the built sample', (_name, start) => {
  let host: HostServer;
  beforeAll(async () => {
    host = await start(dist);
  }, 120_000);
  afterAll(async () => {
    await host?.close();
  });

  /** Every header _headers gives this path, each with exactly its value: sent once, never joined with a host default. */
  function expectSiteHeaders(target: string, answer: Answer): void {
    const pathname = target.replace(/[?#].*$/, '');
    const expected = headersFor(rules, pathname);
    expect(expected.length, 'the build writes headers for every path').toBeGreaterThan(5);
    for (const [name, value] of expected) expect(answer.headers[name.toLowerCase()], `${name} on ${target}`).toBe(value);
  }

  const kinds = () =>
    [
      ['the home page', '/', 'text/html', 'page'],
      ['a Malayalam page', '/ml/services/', 'text/html', 'page'],
      ['the script', at.script, 'text/javascript', 'asset'],
      ['the Malayalam font', at.font, 'font/woff2', 'asset'],
      ['a photo', at.photo, 'image/', 'asset'],
      ['a feature drawing', at.icon, 'image/svg+xml', 'asset'],
      ['the WhatsApp popup’s contents', at.popup, 'text/html', 'asset'],
      ['the sitemap', '/sitemap.xml', 'application/xml', 'page'],
      ['robots.txt', '/robots.txt', 'text/plain', 'page'],
      ['the sharing picture', '/share.png', 'image/png', 'page'],
    ] as const;

  it('serves every kind of file with 200, its type, the site’s headers once each, and the right caching', async () => {
    for (const [what, target, type, caching] of kinds()) {
      const answer = await get(host.url, target);
      expect(answer.status, `${what} (${target})`).toBe(200);
      expect(String(answer.headers['content-type']), what).toContain(type);
      expectSiteHeaders(target, answer);
      const cache = String(answer.headers['cache-control']);
      if (caching === 'asset') expect(cache, `${what}: hashed, kept a year`).toBe(YEAR);
      else expect(revalidates(cache), `${what}: checked on every use, got "${cache}"`).toBe(true);
    }
  });

  it('compresses text with brotli and sends pictures and fonts as they are', async () => {
    for (const target of ['/', '/ml/', at.script, at.popup, '/sitemap.xml']) {
      expect((await get(host.url, target, { 'Accept-Encoding': 'br, gzip' })).headers['content-encoding'], target).toBe('br');
    }
    for (const target of [at.font, at.photo, '/share.png']) {
      expect((await get(host.url, target, { 'Accept-Encoding': 'br, gzip' })).headers['content-encoding'], target).toBeUndefined();
    }
  });

  it.each([
    ['/about', '/about/'],
    ['/about/index.html', '/about/'],
    ['/index.html', '/'],
    ['/ml/contact', '/ml/contact/'],
    ['/services?utm_source=whatsapp', '/services/?utm_source=whatsapp'],
  ])('redirects %s to %s with 307, the site’s headers on the redirect too', async (target, location) => {
    const answer = await get(host.url, target);
    expect([answer.status, answer.headers.location]).toEqual([307, location]);
    expectSiteHeaders(target, answer);
  });

  it.each([
    ['/no-such-page', 'en'],
    ['/about/team/', 'en'],
    ['/ml/no-such-page', 'ml'],
    ['/ml/about/team', 'ml'],
  ])('answers %s with status 404 and the 404 page in its language (%s)', async (target, language) => {
    const answer = await get(host.url, target);
    expect(answer.status).toBe(404);
    const lang = /<html[^>]* lang="([^"]+)"/.exec(answer.body)?.[1];
    expect(lang?.split('-')[0], `the 404 page's language for ${target}`).toBe(language);
    expectSiteHeaders(target, answer);
    expect(revalidates(String(answer.headers['cache-control']))).toBe(true);
  });

  it('never serves _headers or the build’s bookkeeping', async () => {
    for (const target of ['/_headers', '/.site-build.json', '/.assetsignore']) {
      const answer = await get(host.url, target);
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).not.toMatch(/X-Frame-Options:|site build/);
    }
  });
});
