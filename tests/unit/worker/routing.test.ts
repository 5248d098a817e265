/**
 * worker/wrangler.jsonc in Cloudflare's runtime (workerd through Miniflare, offline) with the D1 its
 * migrations make: /api/ and /admin/ reach the Worker, every other address is the built site with
 * its _headers, as without a Worker (tests/unit/host/ checks the whole built sample that way).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCloudflare, type HostServer } from '../../helpers/cloudflare.js';

let site: string;
let host: HostServer;

beforeAll(async () => {
  site = await mkdtemp(path.join(os.tmpdir(), 'site-worker-'));
  await mkdir(path.join(site, 'about'));
  await writeFile(path.join(site, 'index.html'), '<!doctype html><title>Home</title><h1>Home</h1>');
  await writeFile(path.join(site, 'about/index.html'), '<!doctype html><title>About</title><h1>About</h1>');
  await writeFile(path.join(site, '404.html'), '<!doctype html><title>Not found</title><h1>Not found</h1>');
  await writeFile(path.join(site, '_headers'), '/*\n  X-Site-Header: from _headers\n');
  host = await startCloudflare(site, { worker: true, migrate: true, secrets: { SETUP_CODE: 'TEAK-RIVER-4821' } });
}, 180_000);

afterAll(async () => {
  await host?.close();
  await rm(site, { recursive: true, force: true });
});

const at = (pathname: string, init?: RequestInit) => fetch(new URL(pathname, host.url), { redirect: 'manual', ...init });

it('answers /admin/ and /api/ from the Worker, with the database its migrations made', async () => {
  const page = await at('/admin/');
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<h1>Set up this site’s editor</h1>');
  expect(page.headers.get('X-Site-Header'), 'the Worker’s own answers do not take the built site’s headers').toBeNull();
  expect(await (await at('/api/session')).json()).toEqual({ setUp: false, signedIn: false, signedOutBecause: null });
  expect((await at('/admin')).headers.get('Location')).toBe('/admin/');
});

it('takes a write from its own address, the one the browser used, and the set-up code from the secret', async () => {
  const origin = new URL(host.url).origin;
  const ask = (code: string, from: string) =>
    at('/api/passkeys/options', {
      method: 'POST',
      headers: { Origin: from, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code, name: 'Phone' }),
    });
  expect((await ask('TEAK-RIVER-4821', origin)).status).toBe(200);
  expect(await (await ask('TEAK-RIVER-4821', 'https://evil.example')).json()).toMatchObject({ code: 'wrong-origin' });
  expect(await (await ask('TEAK-RIVER-0000', origin)).json()).toMatchObject({ code: 'setup-code-wrong' });
});

it('serves every other address from the built site, with its _headers, as without a Worker', async () => {
  for (const [pathname, status, heading] of [
    ['/', 200, 'Home'],
    ['/about/', 200, 'About'],
    ['/administration', 404, 'Not found'],
    ['/apis/', 404, 'Not found'],
  ] as const) {
    const answer = await at(pathname);
    expect(answer.status, pathname).toBe(status);
    expect(await answer.text(), pathname).toContain(`<h1>${heading}</h1>`);
    expect(answer.headers.get('X-Site-Header'), pathname).toBe('from _headers');
  }
});
