/**
 * `site preview` of a Cloudflare build: the site's own Worker in workerd answers /admin/ and
 * /api/ with a local D1 its migrations made, offline, with the relay the build names; the scheduled
 * run is started by hand. A GitHub Pages build is served as files alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPreview } from '../../../../bin/commands/preview.js';
import { build } from '../../../../generator/build.js';
import { startPreview } from '../../../../generator/serve/preview.js';
import { SCHEDULED_ADDRESS, startPreviewWorker, workerHandler, type PreviewWorker } from '../../../../generator/serve/preview-worker.js';
import { writeSite } from '../../../../generator/write/write.js';
import type { RunningServer } from '../../../../generator/serve/http.js';
import { ROOT, SAMPLE_CONTENT, captureIo } from '../../../helpers/content.js';
import { startRelay, type RelayStandIn } from '../../worker/quotes/relay.js';

let temp: string;
let relay: RelayStandIn;

async function builtFor(host: 'cloudflare' | 'github-pages'): Promise<string> {
  const dist = path.join(temp, host);
  const { files } = await build({ contentDir: SAMPLE_CONTENT, host, formEndpoint: relay.url, now: new Date('2026-06-01') });
  await writeSite(files, dist, { cwd: temp, projectRoot: ROOT, contentDir: path.join(temp, 'content') });
  return dist;
}

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-preview-worker-'));
  relay = await startRelay();
}, 120_000);

afterAll(async () => {
  await relay?.close();
  await rm(temp, { recursive: true, force: true });
});

/** What the quote form's script sends, from the preview's own page. */
function quote(server: RunningServer, name: string): Promise<Response> {
  const form = new FormData();
  for (const [field, value] of Object.entries({
    name,
    email: 'anu@example.in',
    phone: '+91 98470 12345',
    service: 'House shifting',
    moveFrom: 'Kochi',
    moveTo: 'Thrissur',
  }))
    form.append(field, value);
  return fetch(new URL('/api/quote', server.url), {
    method: 'POST',
    body: form,
    headers: { Origin: new URL(server.url).origin, Accept: 'application/json', Referer: new URL('/contact/', server.url).href },
  });
}

describe('a Cloudflare build', () => {
  let worker: PreviewWorker;
  let server: RunningServer;
  beforeAll(async () => {
    const dist = await builtFor('cloudflare');
    worker = await startPreviewWorker(dist, path.join(temp, 'state'), { SETUP_CODE: 'TEAK-RIVER-4821', PATH: '/never-read' });
    server = await startPreview({ dir: dist, port: 0, intercept: workerHandler(worker) });
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await worker?.close();
  });

  it('keeps a quote request in the local database and sends it on to the relay the build names', async () => {
    relay.answer('accept');
    relay.received.length = 0;
    const answer = await quote(server, 'Anu Thomas');
    expect([answer.status, await answer.json()]).toEqual([200, { success: true, message: 'Your request was received.' }]);
    expect(relay.received.map((entry) => entry.fields.name)).toEqual(['Anu Thomas']);
  });

  it('runs the scheduled run when asked, which sends nothing whose first wait is not over, so no request goes twice', async () => {
    relay.answer('500');
    relay.received.length = 0;
    await quote(server, 'Ravi Menon');
    relay.answer('accept');
    // Its first wait (a minute) is not over: the run finds nothing due yet. The one received is the refused first try.
    const run = await fetch(new URL(SCHEDULED_ADDRESS, server.url), { method: 'POST' });
    expect(run.status).toBe(200);
    expect(relay.received.map((entry) => entry.fields.name)).toEqual(['Ravi Menon']);
  });

  it('answers /admin/ with the set-up screen, the setting coming from the environment', async () => {
    const answer = await fetch(new URL('/admin/', server.url));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Set up this site’s editor');
  });

  it('still serves the pages as files, with their headers', async () => {
    const answer = await fetch(new URL('/contact/', server.url));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('action="/api/quote"');
  });
});

describe('a GitHub Pages build', () => {
  it('is served as files alone: no Worker answers /api/ or /admin/', async () => {
    const dist = await builtFor('github-pages');
    const io = captureIo(temp);
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const running = runPreview({ out: dist, port: '0', host: '127.0.0.1' }, io, stopped, {});
    await expect.poll(() => io.stdout()).toContain('Press Ctrl-C');
    expect(io.stdout()).not.toContain('Worker');
    const url = /at (http:\S+)/.exec(io.stdout())![1]!;
    expect((await fetch(new URL('/admin/', url))).status).toBe(404);
    stop();
    await running;
  }, 240_000);
});
