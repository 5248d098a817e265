// The next page after a tap, timed with no DevTools client attached to the browser.
//
//   node bench/next-page-unattached.mjs [--runs 3] [--cpu-share 1,0.25] [--only <words of the rows to measure>]
//
// Why a second harness beside bench/next-page.mjs: Chromium does not prerender while any DevTools
// client is attached (every attempt ends PrerenderingDisabledByDevTools), and that bench slows the
// CPU, throttles the network and taps through DevTools. Here nothing is attached:
// - the CPU: the browser starts inside a CPU group of its own (Linux cgroup v1, `cpu` controller,
//   which needs root) whose quota is a share of one core for all its processes together, each
//   share of `--cpu-share` in turn (1: the host's speed; 0.25 is harsher than DevTools' 4x, which
//   slows only the page's own thread, while this slows the browser's other processes as well);
//   without root the browser runs at the host's speed, and the table says so;
// - the network: every request goes through a proxy in this process that answers after 562.5 ms
//   and sends at 1.47 Mbit/s, Lighthouse's slow 4G as DevTools applies it;
// - the tap and the clocks: the proxy adds a small script to every page (and lifts the page's
//   policy so it may run). On the first page it waits until the next page is in (prerendered and
//   loaded, or its prefetch fully sent), notes the time and clicks the link (a click from script,
//   not a finger: the browser's own way from a finger to the click is not in these figures). On the
//   next page it reports its first contentful paint; a prerendered page reports the first frame
//   after it is shown. Both times are the browser's own clock (timeOrigin + now).
//
// Compared, one browser each, the same host minute: our pages as built (prefetch rules), our pages
// with the likely pages prerendered as the rules would ask, a cold tap (no speculation at all),
// and the single-page-app peer's route change (the frame after its next page's heading is in).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { median } from './median.js';
import { buildPeerSpa } from './peer-spa.js';
import { freePort, startPreviewProcess } from './preview.js';
import { CHROMIUM_FLAGS, testChromiumPath } from '../scripts/chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'cpu-share': { type: 'string', default: '1,0.25' },
    only: { type: 'string', default: '' },
  },
});
const RUNS = Math.max(1, Number(options.runs));
const SHARES = options['cpu-share']
  .split(',')
  .map(Number)
  .filter((share) => share > 0 && share <= 1);
const ONLY = options.only;

/** Lighthouse's slow 4G as DevTools applies it: a request's latency, and bytes a millisecond. */
const { mobileSlow4G } = (await import('lighthouse/core/config/constants.js')).throttling;
const LATENCY_MS = mobileSlow4G.requestLatencyMs;
const BYTES_PER_MS = (mobileSlow4G.downloadThroughputKbps * 1024) / 8 / 1000;
const TRIPS = [
  ['/', '/services/'],
  ['/', '/contact/'],
  ['/services/', '/contact/'],
  ['/ml/', '/ml/services/'],
  ['/ml/', '/ml/contact/'],
  ['/ml/services/', '/ml/contact/'],
];
/** How long one trip may take before it counts as failed (a hang bound, not a measurement). */
const TRIP_BOUND_MS = 90_000;

const log = (text) => process.stderr.write(`${text}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The script added to every page. `plan` says which page taps which link; the rest reports to the
 * proxy. Kept small and free of the page's own code.
 */
const PAGE_SCRIPT = `(() => {
  const at = (t) => performance.timeOrigin + t;
  const report = (fields) => fetch('/__bench/report', { method: 'POST', keepalive: true, body: JSON.stringify({ path: location.pathname, ...fields }) });
  const paint = () => new PerformanceObserver((list, observer) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') { observer.disconnect(); report({ kind: 'shown', at: at(entry.startTime) }); }
  }).observe({ type: 'paint', buffered: true });
  if (document.prerendering) {
    addEventListener('load', () => report({ kind: 'prerendered' }));
    document.addEventListener('prerenderingchange', () => {
      const activated = at(performance.now());
      requestAnimationFrame(() => report({ kind: 'shown', at: at(performance.now()), activated, prerendered: true }));
    }, { once: true });
  } else if (window.__benchPeer) {
    // the peer reports its route change below
  } else paint();
  const plan = window.__benchPlan;
  if (!plan || plan.from !== location.pathname || document.prerendering) return;
  const tap = () => {
    const link = document.querySelector('a[href="' + plan.to + '"]');
    if (!link) return report({ kind: 'error', message: 'no link to ' + plan.to });
    const heading = document.querySelector('h1')?.textContent;
    if (plan.peer) new MutationObserver((changes, observer) => {
      if (location.pathname !== plan.to || document.querySelector('h1')?.textContent === heading) return;
      observer.disconnect();
      requestAnimationFrame(() => report({ kind: 'shown', at: at(performance.now()), path: plan.to }));
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
    report({ kind: 'tap', at: at(performance.now()) });
    link.click();
  };
  // Once the next page is in and the page has been idle, twice over: the first idle moments after
  // the load draw the menu's drawer, whose links can start another prefetch of the same page (the
  // hero's button asks for /contact/#quote, the drawer's link for /contact/: two entries to the
  // browser). The peer's click handler is set in an effect after its first render.
  const settle = () => fetch('/__bench/ready').then(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 5000 })));
  addEventListener('load', () => settle().then(settle).then(tap));
})();`;

async function main() {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'site-bench-unattached-'));
  const stops = [() => rm(scratch, { recursive: true, force: true })];
  try {
    const group = cpuGroup();
    if (group?.created) stops.push(() => removeGroup(group.dir));
    const oursPort = await freePort();
    const peerPort = await freePort();
    const ours = await serveBuilt(scratch, 'ours', oursPort, (dir, siteUrl) =>
      execFileSync(process.execPath, ['bin/site.js', 'build', '--out', dir, '--site-url', siteUrl], {
        cwd: ROOT,
        stdio: 'ignore',
        timeout: 120_000,
      }),
    );
    stops.push(ours.close);
    const peer = await serveBuilt(scratch, 'peer', peerPort, (dir, siteUrl) => buildPeerSpa({ root: ROOT, outDir: dir, siteUrl }));
    stops.push(peer.close);
    const chrome = execFileSync(testChromiumPath(), ['--version'], { encoding: 'utf8' }).trim();
    const results = { chrome, runs: RUNS, group: Boolean(group), rows: [] };
    const variants = [
      ['ours, as built (prefetch)', oursPort, ours.url, 'prefetch'],
      ['ours, likely pages prerendered', oursPort, ours.url, 'prerender'],
      ['ours, cold (no speculation)', oursPort, ours.url, 'none'],
      ['peer (route change)', peerPort, peer.url, 'peer'],
    ];
    for (const share of group ? SHARES : [1]) {
      if (group) writeFileSync(path.join(group.dir, 'cpu.cfs_quota_us'), String(Math.round(PERIOD_US * share)));
      for (const [from, to] of TRIPS) {
        for (const [site, port, upstream, mode] of variants) {
          const what = `${from} → ${to}`;
          if (!`${what} ${site}`.includes(ONLY)) continue;
          const values = [];
          let note = '';
          for (let run = 0; run < RUNS; run += 1) {
            try {
              const result = await trip({ port, upstream, mode, from, to, group: group?.dir, scratch });
              values.push(result.ms);
              if (result.note) note = result.note;
            } catch (error) {
              note = error instanceof Error ? error.message : String(error);
              break;
            }
          }
          const row = {
            share,
            what,
            site,
            ms: values.length ? median(values) : undefined,
            all: values,
            note,
            load: os.loadavg()[0].toFixed(1),
          };
          log(`${share} ${what} ${site}: ${values.map(Math.round).join(', ')} ${note}`);
          results.rows.push(row);
        }
      }
    }
    return results;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}

/** Builds a site for the address its proxy will have, and serves it with site preview on another port. */
async function serveBuilt(scratch, name, proxyPort, buildInto) {
  const dir = path.join(scratch, name);
  log(`building ${name}`);
  await buildInto(dir, `http://127.0.0.1:${proxyPort}`);
  return startPreviewProcess({ root: ROOT, dir, port: await freePort() });
}

/** Takes away the CPU group this bench made, once the last browser's processes have left it. */
async function removeGroup(dir) {
  for (let tries = 0; tries < 100 && readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').trim(); tries += 1) await sleep(100);
  rmdirSync(dir);
}

/** The CPU group's accounting period: short, so a slowed browser is slowed evenly rather than in bursts. */
const PERIOD_US = 10_000;

/**
 * A CPU group for the browser, or undefined where this process cannot make one (not root, no
 * cgroup v1). `created`: this bench made the folder, so it takes it away afterwards.
 */
function cpuGroup() {
  const dir = '/sys/fs/cgroup/cpu/site-bench-next-page';
  try {
    const created = !existsSync(dir);
    if (created) mkdirSync(dir);
    writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
    return { dir, created };
  } catch {
    return undefined;
  }
}

/** One trip: a fresh browser on `from`, which taps the link to `to` once the next page is in; resolves to the time from the tap to its paint. */
async function trip({ port, upstream, mode, from, to, group, scratch }) {
  const events = [];
  const waiters = new Set();
  const changed = () => {
    for (const waiter of waiters) waiter();
  };
  const plan = { from, to, peer: mode === 'peer' };
  /** The pages whose prefetch is on its way, by path, with how many. */
  const fetching = new Map();
  const nextIsIn = () => {
    if (mode === 'none' || mode === 'peer') return true;
    if (mode === 'prerender') return events.some((event) => event.kind === 'prerendered' && event.path === to);
    return events.some((event) => event.kind === 'prefetched' && event.path === to) && !fetching.has(to);
  };
  const server = http.createServer((request, response) => answer(request, response).catch(() => response.destroy()));
  const answer = async (request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/__bench/report') {
      let body = '';
      for await (const chunk of request) body += chunk;
      events.push({ ...JSON.parse(body), received: Date.now() });
      response.end();
      changed();
      return;
    }
    if (url.pathname === '/__bench/ready') {
      const check = () => {
        if (!nextIsIn()) return;
        waiters.delete(check);
        response.end('ready');
      };
      waiters.add(check);
      check();
      return;
    }
    const purpose = request.headers['sec-purpose'] ?? '';
    const prefetch = /prefetch/.test(purpose) && !/prerender/.test(purpose);
    if (prefetch) fetching.set(url.pathname, (fetching.get(url.pathname) ?? 0) + 1);
    await sleep(LATENCY_MS);
    const upstreamResponse = await fetch(new URL(request.url, upstream), {
      method: request.method,
      headers: {
        'accept-encoding': 'identity',
        ...(request.headers['sec-purpose'] ? { 'sec-purpose': request.headers['sec-purpose'] } : {}),
      },
      body: request.method === 'POST' ? request : undefined,
      duplex: 'half',
      redirect: 'manual',
    });
    const headers = {};
    for (const [name, value] of upstreamResponse.headers) {
      if (!['content-security-policy', 'content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
        headers[name] = value;
    }
    let body = Buffer.from(await upstreamResponse.arrayBuffer());
    if ((headers['content-type'] ?? '').startsWith('text/html')) {
      body = Buffer.from(page(body.toString('utf8'), mode, plan));
    }
    const compressed = gzipSync(body);
    headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(compressed.length);
    response.writeHead(upstreamResponse.status, headers);
    // Sent at the slow link's pace, in 1 KB pieces.
    for (let offset = 0; offset < compressed.length; offset += 1024) {
      const piece = compressed.subarray(offset, offset + 1024);
      response.write(piece);
      await sleep(piece.length / BYTES_PER_MS);
    }
    response.end();
    if (prefetch) {
      const left = fetching.get(url.pathname) - 1;
      if (left) fetching.set(url.pathname, left);
      else fetching.delete(url.pathname);
      events.push({ kind: 'prefetched', path: url.pathname });
      changed();
    }
  };
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const profile = await mkdtemp(path.join(scratch, 'profile-'));
  const launch = [
    testChromiumPath(),
    ...CHROMIUM_FLAGS,
    `--user-data-dir=${profile}`,
    '--window-size=375,812',
    // As on Android: an eager rule acts without waiting for a pointer to rest on the link.
    '--disable-features=PreloadingEagerHoverHeuristics',
    `http://127.0.0.1:${port}${from}`,
  ];
  const quoted = launch.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  const browser = spawn('sh', ['-c', group ? `echo $$ > ${group}/cgroup.procs && exec ${quoted}` : `exec ${quoted}`], {
    stdio: 'ignore',
    detached: true,
  });
  try {
    const shown = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no paint of ${to} within ${TRIP_BOUND_MS / 1000} s`)), TRIP_BOUND_MS);
      const check = () => {
        const error = events.find((event) => event.kind === 'error');
        if (error) reject(new Error(error.message));
        const tap = events.find((event) => event.kind === 'tap');
        const paint = events.find((event) => event.kind === 'shown' && event.path === to && (!tap || event.at > tap.at));
        if (tap && paint) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve({ ms: paint.at - tap.at, note: mode === 'prerender' && !paint.prerendered ? 'not prerendered' : '' });
        }
      };
      waiters.add(check);
    });
    return shown;
  } finally {
    try {
      process.kill(-browser.pid, 'SIGKILL');
    } catch {}
    await new Promise((resolve) => server.close(resolve));
    server.closeAllConnections?.();
    await rm(profile, { recursive: true, force: true }).catch(() => undefined);
  }

  /** The page as the browser gets it here: no policy, the bench's script, and the rules of `mode`. */
  function page(html, mode, plan) {
    let out = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/i, '');
    const script = `<script>window.__benchPlan=${JSON.stringify(plan)};${mode === 'peer' ? 'window.__benchPeer=true;' : ''}${PAGE_SCRIPT}</script>`;
    out = out.replace(/<head>/i, `<head>${script}`);
    out = out.replace(/<script type="speculationrules">([^<]*)<\/script>/, (whole, rules) => {
      if (mode === 'none') return '';
      if (mode !== 'prerender') return whole;
      const parsed = JSON.parse(rules);
      return `<script type="speculationrules">${JSON.stringify({ ...parsed, prerender: [parsed.prefetch[0]] })}</script>`;
    });
    return out;
  }
}

/** The table, one line per trip and way, the median first and every run after it. */
function report(results) {
  const lines = [
    `The next page with no DevTools attached: ${results.chrome}, a 375 px window, slow 4G through a proxy (562.5 ms a request, 1.47 Mbit/s); median of ${results.runs}`,
    results.group
      ? '  CPU: the whole browser in a CPU group, at each share of one core below (1 is the host at full speed)'
      : '  CPU: the host at full speed (this bench needs root for a CPU group; without it there is no slowdown)',
    "  From the click on the link to the next page's first contentful paint; a prerendered page: to the first frame after it is shown; the peer: to the frame after its next heading is in",
  ];
  for (const row of results.rows) {
    const figure =
      row.ms === undefined
        ? `✗ ${row.note}`
        : `${Math.round(row.ms)} ms   [${row.all.map(Math.round).join(', ')}]${row.note ? ` ${row.note}` : ''}`;
    lines.push(`  ${String(row.share).padEnd(5)} ${row.what.padEnd(30)} ${row.site.padEnd(31)} ${figure}   load ${row.load}`);
  }
  return `${lines.join('\n')}\n`;
}

try {
  process.stdout.write(report(await main()));
} catch (error) {
  log(`The next-page bench without DevTools failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 2;
}
