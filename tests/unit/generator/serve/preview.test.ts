import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { runPreview } from '../../../../bin/commands/preview.js';
import { build } from '../../../../generator/build.js';
import { headersFor, parseHeaders } from '../../../../generator/serve/headers.js';
import type { RunningServer } from '../../../../generator/serve/http.js';
import { startPreview } from '../../../../generator/serve/preview.js';
import { writeSite } from '../../../../generator/write/write.js';
import { captureIo, ROOT, SAMPLE_CONTENT } from '../../../helpers/content.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends the request target exactly as given: fetch would resolve dot segments before sending. */
function raw(url: string, target: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer & { bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    request({ host: hostname, port, path: target, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: bytes.toString(), bytes });
      });
    })
      .on('error', reject)
      .end();
  });
}

const SECRET = 'the-secret-outside-the-site-folder';
const HEADERS_FILE = `# Security headers, as a later feature will write them
/*
  X-Frame-Options: DENY
  Content-Security-Policy: default-src 'self'

/assets/*
  X-Asset: yes

/about
  X-Page: about
`;

let temp: string;
let dist: string;
let server: RunningServer;
let css: string;
let js: string;

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-preview-'));
  dist = path.join(temp, 'dist');
  const { files } = await build({ contentDir: SAMPLE_CONTENT, now: new Date('2025-06-01') });
  await writeSite(
    [
      // The test's own _headers stands in for the one the build writes, so the rules are known here.
      ...files.filter((file) => file.path !== '_headers'),
      // Pages carry their stylesheet inline; a static host still serves .css files it is given.
      { path: 'assets/extra.0123456789.css', contents: 'body{margin:0}' },
      { path: 'assets/logo.svg', contents: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
      { path: 'assets/mark.png', contents: Buffer.from('89504e470d0a1a0a', 'hex') },
      { path: 'assets/inter-latin-QX4FJ2MZ.woff2', contents: Buffer.from('wOF2') },
      { path: 'data.json', contents: '{"ok":true}' },
      { path: '_headers', contents: HEADERS_FILE },
      { path: '.env', contents: 'hidden' },
    ],
    dist,
    { cwd: temp, projectRoot: ROOT, contentDir: path.join(temp, 'content') },
  );
  await writeFile(path.join(temp, 'secret.txt'), SECRET);
  await symlink(path.join(temp, 'secret.txt'), path.join(dist, 'leak.txt'));
  await mkdir(path.join(temp, 'dist-secrets'));
  await writeFile(path.join(temp, 'dist-secrets', 'index.html'), SECRET);
  css = 'assets/extra.0123456789.css';
  js = files.find((file) => file.path.endsWith('.js'))!.path;
  server = await startPreview({ dir: dist, port: 0 });
});

afterAll(async () => {
  await server?.close();
  await rm(temp, { recursive: true, force: true });
});

const file = (name: string) => readFile(path.join(dist, name), 'utf8');

describe('site preview: paths', () => {
  it('binds to 127.0.0.1 by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it.each([
    ['/', 'index.html'],
    ['/about/', 'about/index.html'],
    ['/services/?utm_source=whatsapp', 'services/index.html'],
    ['/contact/', 'contact/index.html'],
    ['/sitemap.xml', 'sitemap.xml'],
  ])('serves %s from %s', async (target, name) => {
    const answer = await raw(server.url, target);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(await file(name));
  });

  it.each([
    ['/about', '/about/'],
    ['/services?utm_source=whatsapp&utm_medium=chat', '/services/?utm_source=whatsapp&utm_medium=chat'],
    ['/contact', '/contact/'],
    ['/index.html', '/'],
    ['/about/index.html?from=menu', '/about/?from=menu'],
  ])('redirects %s to the page’s one address %s, as Cloudflare does', async (target, location) => {
    const answer = await raw(server.url, target);
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(location);
    // The site's headers travel on the redirect too.
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('answers an unknown path with 404.html and status 404', async () => {
    for (const target of [
      '/no-such-page',
      '/about/team',
      '/about/team/',
      '/assets/main.0000000000.css',
      '/.env',
      '/_headers',
      '/.well-known',
    ]) {
      const answer = await raw(server.url, target);
      expect(answer.status, target).toBe(404);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toBe(await file('404.html'));
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const get = await raw(server.url, '/about/');
    const head = await raw(server.url, '/about/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect((await raw(server.url, '/nowhere', 'HEAD')).status).toBe(404);
  });

  it('refuses other methods', async () => {
    const answer = await raw(server.url, '/', 'POST');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });
});

describe('site preview: types and caching', () => {
  it.each([
    ['/', 'text/html; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/data.json', 'application/json; charset=utf-8'],
    ['/assets/logo.svg', 'image/svg+xml'],
    ['/assets/mark.png', 'image/png'],
    ['/assets/inter-latin-QX4FJ2MZ.woff2', 'font/woff2'],
  ])('sends %s as %s', async (target, type) => {
    expect((await raw(server.url, target)).headers['content-type']).toBe(type);
  });

  it('sends the bundled stylesheet and script with their types', async () => {
    expect((await raw(server.url, `/${css}`)).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await raw(server.url, `/${js}`)).headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('lets browsers keep hashed assets for a year, and checks everything else every time', async () => {
    for (const target of [`/${css}`, `/${js}`, '/assets/inter-latin-QX4FJ2MZ.woff2']) {
      expect((await raw(server.url, target)).headers['cache-control'], target).toBe('public, max-age=31536000, immutable');
    }
    for (const target of ['/', '/about/', '/robots.txt', '/assets/logo.svg', '/no-such-page']) {
      expect((await raw(server.url, target)).headers['cache-control'], target).toBe('no-cache');
    }
  });
});

describe('site preview: compression, as the hosts apply it', () => {
  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
  ] as const)('sends a page compressed for Accept-Encoding: %s', async (accept, encoding, decode) => {
    const answer = await raw(server.url, '/services/', 'GET', { 'Accept-Encoding': accept });
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    const page = await file('services/index.html');
    expect(decode(answer.bytes).toString()).toBe(page);
    // The saving a visitor on slow data gets: the page is a fraction of its size on the wire.
    expect(answer.bytes.length).toBeLessThan(Buffer.byteLength(page) / 3);
    expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
  });

  it('sends the page as it is to a client that accepts no compression', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const answer = await raw(server.url, '/', 'GET', accept ? { 'Accept-Encoding': accept } : {});
      expect(answer.headers['content-encoding'], accept).toBeUndefined();
      expect(answer.body).toBe(await file('index.html'));
    }
  });

  it('compresses the 404 page and HEAD answers alike, and leaves images and fonts as they are', async () => {
    const missing = await raw(server.url, '/no-such-page', 'GET', { 'Accept-Encoding': 'br' });
    expect([missing.status, missing.headers['content-encoding']]).toEqual([404, 'br']);
    const head = await raw(server.url, '/about/', 'HEAD', { 'Accept-Encoding': 'gzip' });
    expect([head.headers['content-encoding'], head.bytes.length]).toEqual(['gzip', 0]);
    for (const target of ['/assets/mark.png', '/assets/inter-latin-QX4FJ2MZ.woff2', '/share.png']) {
      expect((await raw(server.url, target, 'GET', { 'Accept-Encoding': 'br, gzip' })).headers['content-encoding'], target).toBeUndefined();
    }
  });
});

describe('site preview: _headers', () => {
  it('sends the headers of every matching rule, on pages, assets and the 404 page', async () => {
    for (const target of ['/', '/about', `/${css}`, '/no-such-page']) {
      const answer = await raw(server.url, target);
      expect(answer.headers['x-frame-options'], target).toBe('DENY');
      expect(answer.headers['content-security-policy'], target).toBe("default-src 'self'");
    }
    expect((await raw(server.url, `/${css}`)).headers['x-asset']).toBe('yes');
    expect((await raw(server.url, '/')).headers['x-asset']).toBeUndefined();
    expect((await raw(server.url, '/about/')).headers['x-page']).toBe('about');
    expect((await raw(server.url, '/services')).headers['x-page']).toBeUndefined();
  });
});

describe('_headers rules', () => {
  const rules = parseHeaders(`/*
  X-Robots-Tag: noindex
  Link: </a.css>; rel=preload
/services/:page
  X-Kind: service
/assets/*
  Link: </b.js>; rel=preload
  ! X-Robots-Tag
https://example.com/*
  X-Other-Host: yes
`);

  it('joins a header set by two rules and removes a detached one', () => {
    expect(headersFor(rules, '/assets/main.css')).toEqual([['Link', '</a.css>; rel=preload, </b.js>; rel=preload']]);
  });

  it('matches :placeholders to one segment and ignores rules for whole URLs', () => {
    expect(headersFor(rules, '/services/packing')).toContainEqual(['X-Kind', 'service']);
    expect(headersFor(rules, '/services/packing/more').map(([name]) => name)).not.toContain('X-Kind');
    expect(headersFor(rules, '/').map(([name]) => name)).toEqual(['X-Robots-Tag', 'Link']);
  });
});

describe('site preview: nothing outside the folder', () => {
  const targets = [
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/.%2e/secret.txt',
    '/..%2fsecret.txt',
    '/assets%2f..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/%2e%2e%5csecret.txt',
    '/../dist-secrets/',
    '/%2e%2e/dist-secrets/index.html',
    '//secret.txt',
    '/leak.txt',
    '/index.html%00.txt',
    '/%00',
    '/%',
    '/%E0%A4%A',
  ];

  it.each(targets)('refuses %s', async (target) => {
    const answer = await raw(server.url, target);
    expect([400, 404]).toContain(answer.status);
    expect(answer.body).not.toContain(SECRET);
  });

  it('refuses absolute paths', async () => {
    for (const target of [
      `/${path.join(temp, 'secret.txt')}`,
      `/${encodeURIComponent(path.join(temp, 'secret.txt'))}`,
      `http://127.0.0.1${path.join(temp, 'secret.txt')}`,
    ]) {
      const answer = await raw(server.url, target);
      expect([400, 404], target).toContain(answer.status);
      expect(answer.body).not.toContain(SECRET);
    }
  });

  it('answers a dot segment, encoded slash or backslash with 400', async () => {
    for (const target of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/..%5csecret.txt', '/..\\secret.txt', '/%00']) {
      expect((await raw(server.url, target)).status, target).toBe(400);
    }
  });
});

describe('site preview: the command line', () => {
  let blocker: Server | undefined;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
  });

  it('prints the URL it serves on, and stops when asked', async () => {
    const io = captureIo(temp);
    let stop: () => void = () => undefined;
    const running = runPreview({ out: 'dist', port: '0', host: '127.0.0.1' }, io, new Promise<void>((resolve) => (stop = resolve)));
    while (!io.stdout().includes('Serving')) await new Promise((resolve) => setTimeout(resolve, 10));
    const url = /^Serving dist at (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(io.stdout())?.[1];
    expect(url).toBeDefined();
    expect((await raw(url!, '/about/')).status).toBe(200);
    stop();
    await running;
    await expect(fetch(url!)).rejects.toThrow();
  });

  it('says there is nothing to preview when the folder does not exist', async () => {
    const io = captureIo(temp);
    expect(await main(['preview', '--out', 'no-such-dist', '--port', '0'], io)).toBe(1);
    expect(io.stderr()).toContain('There is no built site to preview:');
    expect(io.stderr()).toContain('hint: run "site build" first');
  });

  it('says when the port is already in use and exits 1', async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker!.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const io = captureIo(temp);
    expect(await main(['preview', '--out', 'dist', '--port', String(port)], io)).toBe(1);
    expect(io.stderr()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
  });

  it('runs from bin/site.js, prints "Serving DIR at URL" and exits 0 on Ctrl-C', async () => {
    const child = spawn('node', [path.join(ROOT, 'bin/site.js'), 'preview', '--out', 'dist', '--port', '0'], { cwd: temp });
    children.push(child);
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^Serving (.+) at (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(output);
        if (match) resolve(match[2]!);
      });
      child.on('exit', () => reject(new Error(`site preview exited early:\n${output}`)));
    });
    expect(output).toContain(`Serving dist at ${url}`);
    expect((await raw(url, '/')).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
