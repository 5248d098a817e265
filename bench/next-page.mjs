// The next page and the taps on a slow phone, beside the single-page-app peer (bench/peer-spa.js).
//
//   node bench/next-page.mjs [--runs 3] [--cpu 4,6] [--only <words of the rows to measure, e.g. Send>]
//
// A 375 px touch phone in headless Chromium, its CPU slowed N times against this host (CDP), on
// Lighthouse's slow 4G as DevTools applies it (562.5 ms a request, 1.47 Mbit/s down). Measured with
// the browser's own clocks (PerformanceObserver), no library:
// - the next page: a finger goes down on a link, stays 100 ms (a tap), comes up; from the finger
//   going down to the first paint of the next page (its first-contentful-paint). Ours three times: a
//   cold tap (the prefetch starts as the finger goes down), after the pointer rested on the link
//   until the prefetch was in (a mouse on the same window, without touch), then clicked, and a tap
//   once the page's eager rules had the next page in, in a Chromium whose "eager" acts as Android's
//   (no hover wait). The peer: from the finger to the
//   frame after React put the next page's heading in, and the end of its 0.5 s fade-in.
// - each tap's Interaction to Next Paint (event timing: the longest event of the interaction, from
//   the finger to the next frame). Entries under 16 ms are never reported by the browser: "≤ 16".
//
// Timings depend on the host: the load average is printed with every figure, and Lighthouse's
// benchmark index (its own loop, run here before and after) says how fast this host was.
import { mkdtemp, rm } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './median.js';
import { buildPeerSpa } from './peer-spa.js';
import { freePort, startPreviewProcess } from './preview.js';
import { TEST_CHROMIUM, testChromiumPath } from '../scripts/chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const RUNS = Math.max(1, Number(option('--runs', 3)));
const SLOWDOWNS = option('--cpu', '4,6')
  .split(',')
  .map(Number)
  .filter((n) => n >= 1);
const ONLY = option('--only', '');

/** Lighthouse's mobileSlow4G as DevTools throttling applies it (lighthouse/core/config/constants.js). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block' };
/** How long the quote relay takes to answer. */
const RELAY_MS = 1000;
/** How long a finger rests on the glass in a tap. */
const PRESS_MS = 100;

/** The trips measured: from page, the link a visitor taps (by its address), to page. */
const TRIPS = [
  ['/', '/services/'],
  ['/', '/contact/'],
  ['/services/', '/contact/'],
];

const log = (text) => process.stderr.write(`${text}\n`);
const load = () => os.loadavg()[0].toFixed(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();
/** A bound for a step that hangs (a bench waits for states, and gives up on one that never comes). */
const bounded = (promise, what, ms = 60_000) =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`${what}: nothing within ${ms / 1000} s`)))]);

async function measure() {
  const { chromium } = await import('playwright');
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  const ours = await serve('ours', (dir, siteUrl) =>
    execFileSync(process.execPath, ['bin/site.js', 'build', '--out', dir, '--site-url', siteUrl], {
      cwd: ROOT,
      stdio: 'ignore',
      timeout: 120_000,
    }),
  );
  const peer = await serve('peer', (dir, siteUrl) => buildPeerSpa({ root: ROOT, outDir: dir, siteUrl }));
  const browser = await chromium.launch({
    executablePath: testChromiumPath(),
    args: [...TEST_CHROMIUM.args],
    ignoreDefaultArgs: [...TEST_CHROMIUM.ignoreDefaultArgs],
  });
  stops.push(() => browser.close());
  // Chromium as on Android: without the desktop's hover wait, an "eager" link is prefetched without
  // a pointer (at once here; on a phone with the view heuristic, once in view a moment).
  const android = await chromium.launch({
    executablePath: testChromiumPath(),
    args: [...TEST_CHROMIUM.args, '--disable-features=PreloadingEagerHoverHeuristics'],
    ignoreDefaultArgs: [...TEST_CHROMIUM.ignoreDefaultArgs],
  });
  stops.push(() => android.close());
  const index = async () => {
    const page = await browser.newPage();
    const value = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
    await page.close();
    return Math.round(value);
  };
  const results = { loadAtStart: load(), indexAtStart: await index(), runs: RUNS, rows: [] };
  // A row is measured unless --only names another (matched against its trip or tap and its site).
  const row = async (fields, measureOnce) => {
    if (!`${fields.what} ${fields.site}`.includes(ONLY)) return;
    results.rows.push({ ...fields, ...(await repeat(measureOnce)) });
  };
  for (const cpu of SLOWDOWNS) {
    for (const language of ['', '/ml']) {
      for (const [from, to] of TRIPS) {
        const trip = `${language}${from} → ${language}${to}`;
        log(`${cpu}× ${trip}`);
        await row({ kind: 'next page', cpu, what: trip, site: 'ours, cold tap' }, () =>
          nextPage(browser, ours.url, language + from, language + to, cpu, false),
        );
        await row({ kind: 'next page', cpu, what: trip, site: 'ours, mouse rested till prefetched' }, () =>
          nextPage(browser, ours.url, language + from, language + to, cpu, true),
        );
        await row({ kind: 'next page', cpu, what: trip, site: 'ours, phone: eager prefetch in' }, () =>
          nextPage(android, ours.url, language + from, language + to, cpu, false, true),
        );
        await row({ kind: 'next page', cpu, what: trip, site: 'peer' }, () =>
          spaNextPage(browser, peer.url, language + from, language + to, cpu),
        );
      }
      const other = language ? '/' : '/ml/';
      await row({ kind: 'next page', cpu, what: `${language}/ → ${other} (language)`, site: 'ours, cold tap' }, () =>
        nextPage(browser, ours.url, `${language}/`, other, cpu, false),
      );
      await row({ kind: 'next page', cpu, what: `${language}/ → ${other} (language)`, site: 'peer' }, () =>
        spaNextPage(browser, peer.url, `${language}/`, other, cpu),
      );
      for (const [name, interact] of Object.entries(INTERACTIONS)) {
        log(`${cpu}× ${language || '/'} ${name}`);
        await row({ kind: 'INP', cpu, what: `${name}${language ? ' (ml)' : ''}`, site: 'ours' }, () =>
          inp(browser, ours.url, language, cpu, interact),
        );
      }
      for (const [name, interact] of Object.entries(PEER_INTERACTIONS)) {
        await row({ kind: 'INP', cpu, what: `${name}${language ? ' (ml)' : ''}`, site: 'peer' }, () =>
          inp(browser, peer.url, language, cpu, interact),
        );
      }
    }
  }
  results.loadAtEnd = load();
  results.indexAtEnd = await index();
  results.chrome = browser.version();
  return results;
}

/** Builds a site into a folder of its own for the port it will be served on, and serves it with site preview. */
async function serve(name, buildInto) {
  const port = await freePort();
  const dir = path.join(scratch, name, 'dist');
  log(`building ${name} for http://127.0.0.1:${port}`);
  await buildInto(dir, `http://127.0.0.1:${port}`);
  const server = await startPreviewProcess({ root: ROOT, dir, port });
  stops.push(() => server.close());
  return server;
}

/** The median of `runs` figures, with the load average while they were taken. */
async function repeat(measureOnce) {
  const values = [];
  const extra = [];
  const loads = [];
  const parts = [];
  for (let run = 0; run < RUNS; run += 1) {
    try {
      const result = await measureOnce();
      values.push(result.ms);
      if (result.settledMs !== undefined) extra.push(result.settledMs);
      if (result.parts) parts.push(result.parts);
    } catch (error) {
      return { error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
    }
    loads.push(os.loadavg()[0]);
  }
  return {
    ms: median(values),
    all: values,
    settledMs: extra.length ? median(extra) : undefined,
    // An interaction's three parts, each the median over the runs.
    parts: parts.length ? [0, 1, 2].map((at) => median(parts.map((three) => three[at]))) : undefined,
    load: median(loads).toFixed(1),
  };
}

/** A phone on slow 4G with its CPU `cpu` times slower, at `url`; other hosts are answered locally, the quote relay with a success. */
async function phone(browser, url, cpu, { mouse = false } = {}) {
  const context = await browser.newContext(mouse ? { ...PHONE, isMobile: false, hasTouch: false } : PHONE);
  // The relay answers after a second, as one far away does, so Send's interaction is the tap's own work, not the success message's.
  await context.route(
    (address) => address.hostname !== '127.0.0.1' || address.pathname.startsWith('/api/'),
    async (route) => {
      if (route.request().method() !== 'POST') return route.fulfill({ status: 204, body: '' });
      await sleep(RELAY_MS);
      // The page may be closed by then: the measurement was taken before the answer.
      return route
        .fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: '{"success":"true"}',
        })
        .catch(() => undefined);
    },
  );
  await context.addInitScript(watchInteractions);
  const page = await context.newPage();
  // A quick action opens WhatsApp in a new tab; it is closed at once.
  context.on('page', (opened) => opened !== page && opened.close().catch(() => undefined));
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.enable');
  // Which prefetches are in, from the page's first moment on.
  await devtools.send('Preload.enable');
  const ready = new Set();
  devtools.on('Preload.prefetchStatusUpdated', (event) => event.status === 'Ready' && ready.add(new URL(event.prefetchUrl).pathname));
  devtools.prefetched = (pathname) => ready.has(pathname);
  await devtools.send('Network.emulateNetworkConditions', SLOW_4G);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  // The page is read for a while before the tap: the parts drawn later and the popup are in.
  await page.waitForFunction(() => document.readyState === 'complete');
  await idle(page);
  return { context, page, devtools };
}

/** Every event of an interaction, from the page's first moment (an init script). */
function watchInteractions() {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        window.__interactions.push({
          id: entry.interactionId,
          name: entry.name,
          duration: entry.duration,
          // Where the time went: waiting for the page's thread, the handlers, then until the frame was shown.
          delay: entry.processingStart - entry.startTime,
          handlers: entry.processingEnd - entry.processingStart,
          toPaint: entry.startTime + entry.duration - entry.processingEnd,
        });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** Until the page has been idle for a moment (both its own later work and the browser's). */
function idle(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) =>
        window.requestIdleCallback ? requestIdleCallback(() => resolve(), { timeout: 5000 }) : setTimeout(resolve, 500),
      ),
  );
}

/** A finger down on the element's middle, `PRESS_MS` on the glass, and up; resolves to when it went down. */
async function tap(page, devtools, locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element to tap is not on the screen');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const at = now();
  await devtools.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await sleep(PRESS_MS);
  await devtools.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  return at;
}

/**
 * The first link to `to` a finger can reach: scrolled to, and the element at its middle (not one in
 * a closed menu, or under the WhatsApp button). When every such link is in the closed menu, the menu
 * is opened first (ours; the peer's menu has no script).
 */
async function linkTo(page, to) {
  const reachable = () =>
    page.evaluate((address) => {
      const links = [...document.querySelectorAll(`a[href="${address}"]`)];
      return links.findIndex((link) => {
        link.scrollIntoView({ block: 'center' });
        const box = link.getBoundingClientRect();
        if (!box.width || !box.height) return false;
        return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('a') === link;
      });
    }, to);
  let index = await reachable();
  if (index < 0 && (await page.locator('[data-menu-toggle]').isVisible())) {
    await page.evaluate(() => scrollTo(0, 0));
    await page.locator('[data-menu-toggle]').click();
    await page
      .locator('[data-menu][data-open]')
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    // The drawer slides in: its links are under a finger once it has.
    for (let tries = 0; index < 0 && tries < 30; tries += 1) {
      await sleep(100);
      index = await reachable();
    }
  }
  if (index < 0) throw new Error(`no link to ${to} a finger can reach`);
  return page.locator(`a[href="${to}"]`).nth(index);
}

/**
 * Ours: from the finger going down on the link to the first contentful paint of the next page;
 * `eager`: the finger goes down once the page's eager rules have the next page in.
 */
async function nextPage(browser, base, from, to, cpu, rested, eager = false) {
  const { context, page, devtools } = await phone(browser, new URL(from, base).href, cpu, { mouse: rested });
  try {
    const link = await linkTo(page, to);
    let tapped;
    if (rested) {
      // A mouse resting on the link until the browser has the page, then its click.
      const ready = new Promise((resolve) =>
        devtools.on(
          'Preload.prefetchStatusUpdated',
          (event) => event.status === 'Ready' && new URL(event.prefetchUrl).pathname === to && resolve(),
        ),
      );
      await link.hover();
      await bounded(ready, `the prefetch of ${to}`);
      tapped = now();
      await link.click();
    } else {
      if (eager)
        await bounded(
          (async () => {
            while (!devtools.prefetched(to)) await sleep(50);
          })(),
          `the eager prefetch of ${to}`,
        );
      tapped = await tap(page, devtools, link);
    }
    await page.waitForURL((address) => address.pathname === to);
    const painted = await bounded(
      page.evaluate(
        () =>
          new Promise((resolve) => {
            new PerformanceObserver((list, observer) => {
              const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
              if (!entry) return;
              observer.disconnect();
              resolve(performance.timeOrigin + entry.startTime);
            }).observe({ type: 'paint', buffered: true });
          }),
      ),
      "the next page's first paint",
    );
    return { ms: painted - tapped };
  } finally {
    await context.close();
  }
}

/** The peer: from the finger to the frame after the next page's heading is in, and to the end of its fade-in. */
async function spaNextPage(browser, base, from, to, cpu) {
  const { context, page, devtools } = await phone(browser, new URL(from, base).href, cpu);
  try {
    await page.locator('h1').first().waitFor();
    const link = await linkTo(page, to);
    await page.evaluate(() => {
      const before = document.querySelector('h1')?.textContent;
      window.__shown = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('h1')?.textContent === before) return;
          observer.disconnect();
          // The frame that shows the change: a message posted from its animation frame runs after it is painted.
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.timeOrigin + performance.now());
            channel.port2.postMessage(null);
          });
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    });
    const tapped = await tap(page, devtools, link);
    const shown = await bounded(
      page.evaluate(() => window.__shown),
      "the peer's next page",
    );
    // framer-motion's fade (0.5 s) ends when main's opacity reaches 1.
    const settled = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const check = () =>
            getComputedStyle(document.querySelector('main')).opacity === '1'
              ? resolve(performance.timeOrigin + performance.now())
              : requestAnimationFrame(check);
          check();
        }),
    );
    return { ms: shown - tapped, settledMs: settled - tapped };
  } finally {
    await context.close();
  }
}

/** Ours: each tap of issue's list, on the page it is made on. */
const INTERACTIONS = {
  'menu opens': { page: '/', act: async (page, devtools) => tap(page, devtools, page.locator('[data-menu-toggle]')) },
  'WhatsApp popup opens': {
    page: '/',
    act: async (page, devtools) => {
      await page.locator('[data-whatsapp-toggle][role="button"]').waitFor();
      await tap(page, devtools, page.locator('[data-whatsapp-toggle]'));
    },
  },
  'quick action': {
    page: '/',
    before: async (page) => {
      await page.locator('[data-whatsapp-toggle][role="button"]').click();
      await page.locator('[data-whatsapp-action]').first().waitFor();
    },
    act: async (page, devtools) => tap(page, devtools, page.locator('[data-whatsapp-action]').first()),
  },
  'service chosen': {
    page: '/contact/',
    before: async (page) => page.locator('form[data-quote-form] select[name="service"]').focus(),
    act: async (page) => page.keyboard.press('ArrowDown'),
  },
  'typing a name': {
    page: '/contact/',
    before: async (page) => page.locator('input[name="name"]').focus(),
    act: async (page) => page.keyboard.type('Anitha', { delay: 120 }),
  },
  Send: {
    page: '/contact/',
    before: async (page) => {
      const fill = (name, value) => page.locator(`form[data-quote-form] [name="${name}"]`).fill(value);
      await fill('name', 'Anitha');
      await fill('email', 'anitha@example.com');
      await fill('phone', '+91 90000 00000');
      await fill('moveFrom', 'Kochi');
      await fill('moveTo', 'Thrissur');
      await page.locator('form[data-quote-form] select[name="service"]').selectOption({ index: 1 });
    },
    act: async (page, devtools) => tap(page, devtools, page.locator('[data-submit]')),
  },
};

/** The peer's controls are its templates without our client: only its route change and the form's own inputs do anything. */
const PEER_INTERACTIONS = {
  'menu link tap (route change)': {
    page: '/',
    before: async (page) => page.locator('h1').first().waitFor(),
    act: async (page, devtools) => tap(page, devtools, await linkTo(page, page.url().includes('/ml/') ? '/ml/services/' : '/services/')),
  },
  'typing a name': {
    page: '/contact/',
    before: async (page) => page.locator('input[name="name"]').focus(),
    act: async (page) => page.keyboard.type('Anitha', { delay: 120 }),
  },
};

/** The longest interaction of `act` on its page (the interaction's INP), and how many it made. */
async function inp(browser, base, language, cpu, { page: at, before, act }) {
  const { context, page, devtools } = await phone(browser, new URL(`${language}${at}`, base).href, cpu);
  try {
    if (before) await before(page, devtools);
    await idle(page);
    await page.evaluate(() => (window.__interactions = []));
    await act(page, devtools);
    // Event timing reports an interaction after the frame that answers it; two frames and an idle moment later it is in.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    await idle(page).catch(() => undefined);
    const events = await page.evaluate(() => window.__interactions).catch(() => []);
    const longest = events.reduce((worst, event) => (event.duration > (worst?.duration ?? 0) ? event : worst), undefined);
    return {
      ms: Math.max(16, longest?.duration ?? 0),
      reported: events.length > 0,
      ...(longest ? { parts: [longest.delay, longest.handlers, longest.toPaint] } : {}),
    };
  } finally {
    await context.close();
  }
}

function report(results) {
  const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
  const lines = [
    `The next page and taps: a 375 px touch phone on slow 4G (562.5 ms a request), ${results.chrome}; median of ${results.runs}`,
    `  host: Lighthouse benchmark index ${results.indexAtStart} before, ${results.indexAtEnd} after; load average ${results.loadAtStart} before, ${results.loadAtEnd} after`,
    '  (the figures are noisy where other work shares the machine: compare each with the peer beside it, taken in the same minute)',
  ];
  for (const kind of ['next page', 'INP']) {
    lines.push(
      '',
      kind === 'next page'
        ? '  Next page: finger down on the link → first paint of the next page (peer: frame with its heading; then its fade-in ends)'
        : "  Interaction to Next Paint of each tap (≤ 16: under the browser's reporting threshold)",
    );
    for (const row of results.rows.filter((r) => r.kind === kind)) {
      const figure = row.error
        ? `✗ ${row.error}`
        : `${kind === 'INP' && row.ms <= 16 ? '≤ 16 ms' : ms(row.ms)}${row.settledMs === undefined ? '' : ` (fade ends ${ms(row.settledMs)})`}   [${row.all.map((v) => Math.round(v)).join(', ')}]`;
      const parts = row.parts ? `   wait ${ms(row.parts[0])}, handlers ${ms(row.parts[1])}, to the frame ${ms(row.parts[2])}` : '';
      lines.push(
        `  ${`${row.cpu}×`.padEnd(4)} ${row.what.padEnd(34)} ${row.site.padEnd(31)} ${figure.padEnd(46)} load ${row.load ?? '–'}${parts}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

// Last, once every declaration above is in place.
const scratch = await mkdtemp(path.join(os.tmpdir(), 'site-next-page-'));
const stops = [];
try {
  const results = await measure();
  process.stdout.write(report(results));
} catch (error) {
  log(`The next-page bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 2;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await rm(scratch, { recursive: true, force: true });
}
