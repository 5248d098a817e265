// npm run bench: measures the site against its performance budgets, prints a table and writes
// bench/results.json. Run after `npm run compile` (the npm script does it); needs Chromium for
// Lighthouse ($CHROME_PATH or /usr/bin/chromium). Cleans up its servers, browser and temp folders.
//
//   node bench/run.js [--runs 5] [--rebuild-runs 20] [--lighthouse-runs 3] [--skip-lighthouse] [--skip-others] [--cpu-slowdown 4]
//
// --cpu-slowdown N runs Lighthouse's simulated phone N times slower than this host instead of 4:
// what a phone slower than the one Lighthouse assumes, or a faster host, would see. Its budgets
// are for 4, so another N reports the pages without judging them.
//
// The bench reports; it does not fail on a missed budget (timings depend on the machine).
// The byte budgets are also asserted by tests/unit/generator/budget.test.ts.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { coldBuildOnce, memoryMethod } from './cold-build.js';
import { CATEGORIES, DEFAULT_CPU_SLOWDOWN, chromePath, medianOfRuns, runLighthouse } from './lighthouse.js';
import { PEER, buildPeerSpa } from './peer-spa.js';
import { median } from './median.js';
import { freePort, startPreviewProcess } from './preview.js';
import { BUDGETS, KB, byteBudgetChecks, firstResponseBytes, pageWeight } from './weights.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH = import.meta.dirname;
const RESULTS = path.join(BENCH, 'results.json');
/**
 * The whole bench stays under about forty-five minutes, and the next-page (both) and /admin/ benches'
 * time on top (their limits below); Lighthouse gets what is left of this. It
 * runs 72 times (twelve pages and the peer's, three rounds): about ten seconds a run on two quiet
 * cores, up to thirty on busy ones.
 */
const TIME_LIMIT_MS = 2_700_000 + 1_500_000 + 1_500_000 + 900_000;
/** Third-party requests refused during Lighthouse: there is no internet here, and they are not ours. */
const ALWAYS_BLOCKED = ['*google.com*', '*googleapis.com*', '*gstatic.com*'];
/**
 * The benches that run as child processes of their own and report in their own words. Only these
 * run: a script left in bench/ (a helper, a half-written bench) is never run by accident.
 */
const OTHER_BENCHES = ['dev-reload.mjs', 'peer-eleventy.mjs', 'next-page.mjs', 'next-page-unattached.mjs', 'admin.mjs'];
/**
 * Each has ninety seconds, unless it needs more: the next page and the taps at 4× and 6× take ten
 * to twenty-five minutes, the next page without DevTools ten to twenty (a browser started for each
 * trip), /admin/ on a phone five to fifteen.
 */
const BENCH_TIME_LIMITS_MS = { 'next-page.mjs': 1_500_000, 'next-page-unattached.mjs': 1_500_000, 'admin.mjs': 900_000 };

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? Number(args[index + 1]) : fallback;
};
const coldRuns = Math.max(5, option('--runs', 5));
const rebuildRuns = option('--rebuild-runs', 20);
const skipLighthouse = args.includes('--skip-lighthouse');
// Leaves out the benches of OTHER_BENCHES, each of which can be run on its own.
const skipOthers = args.includes('--skip-others');
const lighthouseRuns = Math.max(1, option('--lighthouse-runs', 3));
const cpuSlowdown = Math.max(1, option('--cpu-slowdown', DEFAULT_CPU_SLOWDOWN));

const startedAt = Date.now();
const deadline = startedAt + TIME_LIMIT_MS;
const cleanups = new Set();
const onCleanup = (fn) => {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
};
const log = (text) => process.stderr.write(`${text}\n`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    log(`\n${signal}: stopping the preview server and the browser, removing temp folders…`);
    await Promise.allSettled([...cleanups].map((fn) => fn()));
    process.exit(130);
  });
}

const scratch = await mkdtemp(path.join(os.tmpdir(), 'site-bench-'));
onCleanup(() => rm(scratch, { recursive: true, force: true }));

try {
  const results = await measure();
  await writeFile(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(report(results));
  process.stdout.write(`\nWrote ${path.relative(process.cwd(), RESULTS)} in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.\n`);
} catch (error) {
  log(`The bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 2;
} finally {
  await Promise.allSettled([...cleanups].map((fn) => fn()));
}

async function measure() {
  if (!existsSync(path.join(ROOT, 'lib/generator/build.js')))
    throw new Error('lib/ is missing: run `npm run compile` first (npm run bench does).');
  const environment = describeEnvironment();
  log(`Benchmarking on ${environment.cpus} × ${environment.cpuModel}, load average ${environment.loadAverageAtStart.join(' ')}`);

  // 1. Cold builds, each a fresh `node bin/site.js build`; the first only warms the disk cache.
  const method = memoryMethod();
  const distDir = path.join(scratch, 'dist');
  log(`cold build × ${coldRuns} (+1 warm-up)`);
  await coldBuildOnce({ root: ROOT, outDir: distDir, scratch, method });
  const cold = [];
  for (let i = 0; i < coldRuns; i += 1) cold.push(await coldBuildOnce({ root: ROOT, outDir: distDir, scratch, method }));

  // bin/site.js renders with React's production build; the in-process benches do the same.
  const cliEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };

  // 2. Where a cold build's time goes (three fresh processes, median of each step).
  log('start-up breakdown × 3');
  const probes = [];
  for (let i = 0; i < 3; i += 1) probes.push(await runJsonChild(['bench/startup-probe.js'], cliEnv));
  const startup = probes[0].steps.map((step, index) => ({
    name: step.name,
    ms: median(probes.map((probe) => probe.steps[index]?.ms ?? NaN)),
    rssMB: step.rssMB,
  }));

  // 3. Rebuild after a content edit, in process.
  log(`rebuild after a content edit × ${rebuildRuns}`);
  const rebuild = await runJsonChild(['bench/rebuild.js', '--runs', String(rebuildRuns)], cliEnv);

  // 3b. Photos: a rebuild with cached photos against none, and a 48-megapixel photo's peak memory.
  log('photos: rebuild with cached photos × 10, then a cold build with a 48 MP photo');
  const photos = await runJsonChild(['bench/photo-build.js', '--runs', '10'], cliEnv, 240_000).catch((error) => ({ error: error.message }));

  // 4. Bytes a first visit to each page downloads, from the built folder.
  const lookup = diskLookup(distDir);
  const pagePaths = await builtPagePaths(distDir);
  const weights = pagePaths.map((page) => pageWeight(page, lookup));
  const { headersFor, parseHeaders } = await lib('serve/headers.js');
  const headerRules = parseHeaders(lookup('/_headers')?.toString('utf8') ?? '');
  // Every page Lighthouse takes: one that does not fit needs a second round trip before it can paint.
  const firstResponses = pagePaths.map((page) => ({ path: page, ...firstResponseBytes(page, lookup, headersFor(headerRules, page)) }));

  // 5. The benches listed in OTHER_BENCHES (dev-server reload, the Eleventy peer), each as a child process.
  const others = await runOtherBenches();

  // 6. Lighthouse on the same site served by `site preview`.
  let lighthouse = { skipped: skipLighthouse ? 'skipped with --skip-lighthouse' : undefined, results: [] };
  if (!skipLighthouse) {
    lighthouse = await measureLighthouse(weights).catch((error) => ({
      skipped: `Lighthouse could not run: ${error instanceof Error ? error.message : String(error)} (set CHROME_PATH to a Chromium or Chrome)`,
      results: [],
    }));
  }

  const results = {
    date: new Date().toISOString(),
    command: `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`,
    environment: { ...environment, loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))), memoryMethod: method },
    coldBuild: {
      runs: cold,
      ...summary(cold.map((run) => run.wallMs)),
      peakMB: summary(cold.map((run) => run.peakMB)),
      cpuMs: cold[0]?.cpuMs === undefined ? undefined : summary(cold.map((run) => run.cpuMs)),
      reportedMs: summary(cold.map((run) => run.reportedMs ?? NaN)),
    },
    startup,
    rebuild: rebuildSummary(rebuild, cliEnv.NODE_ENV),
    photos,
    pages: weights,
    firstResponses,
    lighthouse,
    otherBenches: others,
  };
  results.budgets = budgets(results);
  return results;
}

async function measureLighthouse(weights) {
  const chrome = chromePath();
  if (!chrome && !process.env.CHROME_PATH) log('No Chromium at $CHROME_PATH or /usr/bin/chromium; chrome-launcher will look for one.');
  // Build for the address it is served at, so canonical and og:url point at the page itself, as
  // they do on the real host (a canonical to another origin is not what visitors' pages carry).
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const dir = path.join(scratch, 'served');
  log(`building for ${siteUrl} and serving it with site preview`);
  execFileSync(process.execPath, ['bin/site.js', 'build', '--out', dir, '--site-url', siteUrl], {
    cwd: ROOT,
    stdio: 'ignore',
    timeout: 60_000,
  });
  const thirdParty = new Set();
  for (const weight of weights) for (const url of weight.external) thirdParty.add(new URL(url).hostname);
  const blockedUrlPatterns = [...new Set([...ALWAYS_BLOCKED, ...[...thirdParty].map((host) => `*${host}*`)])];
  // The peer: the same content as the single-page app the site started from, served the same way.
  const peerPort = await freePort();
  const peerDir = path.join(scratch, 'peer', 'dist');
  log(`building the peer single-page app for http://127.0.0.1:${peerPort}`);
  const peer = await buildPeerSpa({ root: ROOT, outDir: peerDir, siteUrl: `http://127.0.0.1:${peerPort}` });
  const server = await startPreviewProcess({ root: ROOT, dir, port });
  const forget = onCleanup(() => server.close());
  const peerServer = await startPreviewProcess({ root: ROOT, dir: peerDir, port: peerPort });
  const forgetPeer = onCleanup(() => peerServer.close());
  try {
    const paths = (await builtPagePaths(dir)).map(asLighthouseAsks);
    await warmUp(server.url, paths);
    await warmUp(peerServer.url, paths);
    // Each page, then the peer's same page; and rounds over every page rather than one page's
    // runs in a row: a burst of load on the machine lands on both sites and many pages alike.
    const urls = paths.flatMap((pagePath) => [new URL(pagePath, server.url).href, new URL(pagePath, peerServer.url).href]);
    const rounds = [];
    for (let round = 1; round <= lighthouseRuns; round += 1) {
      log(`  round ${round} of ${lighthouseRuns}`);
      rounds.push(
        await runLighthouse({
          baseUrl: server.url,
          paths: urls,
          blockedUrlPatterns,
          cpuSlowdown,
          deadline: deadline - 5_000,
          pageTimeoutMs: 90_000,
          onCleanup,
          log,
        }),
      );
    }
    const combined = (index, pagePath) => ({ ...medianOfRuns(rounds.map((round) => round[index])), path: pagePath });
    const results = paths.map((pagePath, index) => ({ ...combined(2 * index, pagePath), peer: combined(2 * index + 1, pagePath) }));
    return {
      servedBy: `node bin/site.js preview --out <tmp> --port ${port} (pid ${server.pid})`,
      siteUrl,
      chrome: chromeVersion(chrome),
      blockedUrlPatterns,
      cpuSlowdown,
      runs: lighthouseRuns,
      peer: { ...PEER, scriptBytes: peer.scriptBytes, servedBy: `node bin/site.js preview --port ${peerPort} (pid ${peerServer.pid})` },
      results,
    };
  } finally {
    forget();
    forgetPeer();
    await Promise.all([server.close(), peerServer.close()]);
  }
}

/**
 * Asks once for each page and the files it links, compressed, before Lighthouse does: a host sends
 * pages from a warm cache, while site preview compresses each file on its first request, which
 * would count as server time in the first page's run (and Lighthouse counts server time once per
 * request on the way to the first paint).
 */
async function warmUp(baseUrl, paths) {
  const get = (url) => fetch(url, { headers: { 'accept-encoding': 'br, gzip' } }).then((response) => response.arrayBuffer());
  for (const pagePath of paths) {
    const html = Buffer.from(await get(new URL(pagePath, baseUrl))).toString('utf8');
    for (const [, ref] of html.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="(\/[^"]*)"/g)) await get(new URL(ref, baseUrl));
  }
}

/** A module of the compiled generator. */
function lib(file) {
  return import(pathToFileURL(path.join(ROOT, 'lib/generator', file)).href);
}

/**
 * Every page of the site's page list, in English and then in each language the built folder
 * holds, as a visitor opens it (the 404 pages by their files).
 */
async function builtPagePaths(dir) {
  const [{ PAGES, openedAt }, { ENGLISH, TRANSLATIONS }] = await Promise.all([lib('contract/pages.js'), lib('contract/languages.js')]);
  const languages = [ENGLISH, ...TRANSLATIONS.filter((language) => existsSync(path.join(dir, language.folder, 'index.html')))];
  return languages.flatMap((language) => PAGES.map((page) => openedAt(page, language)));
}

/**
 * The 404 page is asked for as `/404`: a visitor meets it at a missing address with no redirect,
 * and Lighthouse refuses a page sent with status 404, while `/404.html` is redirected to `/404` by
 * the hosts (and site preview), a round trip no visitor waits for.
 */
function asLighthouseAsks(pagePath) {
  return pagePath.replace(/\/404\.html$/, '/404');
}

async function runOtherBenches() {
  const others = [];
  for (const name of skipOthers ? [] : OTHER_BENCHES) {
    // Leave Lighthouse about two minutes.
    const remaining = deadline - 120_000 - Date.now();
    if (remaining < 20_000) {
      others.push({ file: `bench/${name}`, error: 'skipped: the bench is near its time limit' });
      continue;
    }
    log(`bench/${name} (as a child process)`);
    const { code, stdout, stderr, timedOut } = await runChild(
      [path.join('bench', name)],
      process.env,
      Math.min(BENCH_TIME_LIMITS_MS[name] ?? 90_000, remaining),
    );
    others.push({
      file: `bench/${name}`,
      exitCode: code,
      timedOut,
      output: stdout.trim(),
      stderr: stderr.trim().slice(-2000) || undefined,
    });
  }
  return others;
}

function budgets(results) {
  const list = [];
  const add = (name, value, limit, pass, unit) => list.push({ name, value, limit, pass, unit });
  for (const weight of results.pages) {
    for (const check of byteBudgetChecks(weight)) add(check.name, check.value, check.limit, check.pass, 'bytes');
  }
  for (const response of results.firstResponses ?? []) {
    add(
      `${response.path} first response (brotli + headers)`,
      response.total,
      BUDGETS.firstRoundTripBytes,
      response.total <= BUDGETS.firstRoundTripBytes,
      'bytes',
    );
  }
  const missing = [...new Set(results.pages.flatMap((weight) => weight.missing))];
  add(
    'pages reference only files the build writes',
    missing.length ? `missing ${missing.join(' ')}` : 'all present',
    'none missing',
    missing.length === 0,
    'text',
  );
  add('cold build wall (median)', results.coldBuild.median, BUDGETS.coldBuildMs, results.coldBuild.median < BUDGETS.coldBuildMs, 'ms');
  add(
    'cold build peak memory (max)',
    results.coldBuild.peakMB.max,
    BUDGETS.coldBuildPeakMB,
    results.coldBuild.peakMB.max < BUDGETS.coldBuildPeakMB,
    'MB',
  );
  add(
    'rebuild after content edit (median)',
    results.rebuild.full.median,
    BUDGETS.rebuildMs,
    results.rebuild.full.median < BUDGETS.rebuildMs,
    'ms',
  );
  if (results.photos.error) add('photo bench', results.photos.error, 'a result', false, 'text');
  else {
    add(
      'rebuild with cached photos, over no photos (median)',
      results.photos.extraMs,
      BUDGETS.photoRebuildExtraMs,
      results.photos.extraMs <= BUDGETS.photoRebuildExtraMs,
      'ms',
    );
    add(
      'cold build with a 48 MP photo, peak memory',
      results.photos.big.peakMB,
      BUDGETS.bigPhotoPeakMB,
      results.photos.big.peakMB <= BUDGETS.bigPhotoPeakMB,
      'MB',
    );
  }
  // The budgets hold a phone four times slower than the host; another slowdown is reported, not judged.
  const judged = (results.lighthouse.cpuSlowdown ?? DEFAULT_CPU_SLOWDOWN) === DEFAULT_CPU_SLOWDOWN ? results.lighthouse.results : [];
  for (const page of judged) {
    if (page.error) {
      add(`Lighthouse ${page.path}`, page.error, 'a result', false, 'text');
      continue;
    }
    for (const id of CATEGORIES)
      add(`Lighthouse ${page.path} ${id}`, page.scores[id], BUDGETS.lighthouseScore, page.scores[id] >= BUDGETS.lighthouseScore, 'score');
    add(`Lighthouse ${page.path} CLS`, page.metrics.cls, BUDGETS.cls, page.metrics.cls <= BUDGETS.cls, 'cls');
    const lcpTarget = Math.min(BUDGETS.lcpMs[page.path] ?? Infinity, BUDGETS.everyPageLcpMs);
    add(`Lighthouse ${page.path} LCP`, Math.round(page.metrics.lcpMs), lcpTarget, page.metrics.lcpMs <= lcpTarget, 'ms');
    add(`Lighthouse ${page.path} TBT`, Math.round(page.metrics.tbtMs), BUDGETS.tbtMs, page.metrics.tbtMs <= BUDGETS.tbtMs, 'ms');
    const peer = page.peer;
    if (peer && !peer.error) {
      const lcpLimit = Math.round(BUDGETS.peerLcpRatio * peer.metrics.lcpMs);
      add(
        `Lighthouse ${page.path} LCP against the peer's ${Math.round(peer.metrics.lcpMs)} ms`,
        Math.round(page.metrics.lcpMs),
        lcpLimit,
        page.metrics.lcpMs <= lcpLimit,
        'ms',
      );
      // Below the peer's, or at the floor (0) when the peer is there too.
      const tbtPass = page.metrics.tbtMs < peer.metrics.tbtMs || page.metrics.tbtMs === 0;
      add(
        `Lighthouse ${page.path} TBT against the peer's ${Math.round(peer.metrics.tbtMs)} ms`,
        Math.round(page.metrics.tbtMs),
        `< ${Math.round(peer.metrics.tbtMs)} ms or 0`,
        tbtPass,
        'ms',
      );
    }
    // The stylesheet is written into every page: nothing should stand between the HTML and the first paint.
    const blocking = page.renderBlocking;
    add(`Lighthouse ${page.path} render-blocking requests`, blocking.length, 0, blocking.length === 0, 'count');
  }
  return list;
}

// ---------------------------------------------------------------- report

/** Ours over the peer's blocking time, as text; "–" when the peer did not block at all. */
function tbtRatio(ours, peer) {
  if (!(peer > 0)) return ours > 0 ? '∞' : '–';
  return (ours / peer).toFixed(2);
}

/** A result's median benchmark index, rounded, or "–". */
function indexOf(result) {
  return Number.isFinite(result?.benchmarkIndex) ? String(Math.round(result.benchmarkIndex)) : '–';
}

function report(r) {
  const lines = [];
  const mark = (pass) => (pass ? '✓' : '✗');
  const ms = (n) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '–');
  const mb = (n) => (Number.isFinite(n) ? `${n.toFixed(1)} MB` : '–');
  const kb = (n) => (Number.isFinite(n) ? `${(n / KB).toFixed(1)}` : '–');
  const spread = (s, f) => `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
  const env = r.environment;

  lines.push('', `Performance bench — ${r.date}, commit ${env.commit}`);
  lines.push(
    `${env.cpus} × ${env.cpuModel}, Node ${env.node}, load average ${env.loadAverageAtStart.join(' ')} at start, ${env.loadAverageAtEnd.join(' ')} at end`,
  );
  if (env.loadAverageAtStart[0] > env.cpus || env.loadAverageAtEnd[0] > env.cpus) {
    lines.push(`! The machine was busy (load above ${env.cpus} CPUs): times and Lighthouse's CPU-bound metrics (TBT) are inflated.`);
  }

  lines.push('', 'Build (median, min–max)                              figure                          budget');
  lines.push(
    row(
      `cold \`site build\`, wall, ${r.coldBuild.runs.length} runs`,
      spread(r.coldBuild, ms),
      `< ${BUDGETS.coldBuildMs} ms`,
      r.coldBuild.median < BUDGETS.coldBuildMs,
    ),
  );
  lines.push(
    row(
      '  peak memory (RSS)',
      spread(r.coldBuild.peakMB, mb),
      `< ${BUDGETS.coldBuildPeakMB} MB`,
      r.coldBuild.peakMB.max < BUDGETS.coldBuildPeakMB,
    ),
  );
  if (r.coldBuild.cpuMs) lines.push(row('  CPU time (user + sys, with esbuild)', spread(r.coldBuild.cpuMs, ms)));
  lines.push(row('  of which build + write (as the CLI prints)', spread(r.coldBuild.reportedMs, ms)));
  const rb = r.rebuild;
  lines.push(
    row(
      `rebuild after a content edit, build(), ${rb.runs} runs`,
      spread(rb.full, ms),
      `< ${BUDGETS.rebuildMs} ms`,
      rb.full.median < BUDGETS.rebuildMs,
    ),
  );
  if (rb.dev) lines.push(row('  as `site dev` does it (bundle reused)', spread(rb.dev, ms)));
  lines.push(`    React ${rb.react} build; edited ${rb.editedFile} (tagline); edit ${rb.visible ? 'seen' : 'NOT seen'} in the output`);
  const ph = r.photos;
  if (ph.error) lines.push(row('photos', `✗ ${ph.error.split('\n')[0]}`));
  else {
    lines.push(
      row(
        `rebuild with a cached hero photo, build(), ${ph.runs} runs`,
        `${ms(ph.withPhotosMs)} vs ${ms(ph.withoutPhotosMs)} without`,
        `+≤ ${BUDGETS.photoRebuildExtraMs} ms`,
        ph.extraMs <= BUDGETS.photoRebuildExtraMs,
      ),
    );
    lines.push(row('  first build: encoding the 12 hero files (12 MP photo)', ms(ph.firstEncodeMs)));
    lines.push(
      row(
        'cold build with a 48 MP hero, own process',
        `${ms(ph.big.ms)}, peak ${mb(ph.big.peakMB)}`,
        `≤ ${BUDGETS.bigPhotoPeakMB} MB`,
        ph.big.peakMB <= BUDGETS.bigPhotoPeakMB,
      ),
    );
  }

  lines.push('', 'Where a cold build goes (fresh process, median of 3; each import on top of the ones above)');
  for (const step of r.startup)
    lines.push(`  ${step.name.padEnd(58)} ${ms(step.ms).padStart(8)}   ${Number.isFinite(step.rssMB) ? `rss ${mb(step.rssMB)}` : ''}`);
  lines.push(`  ${'total'.padEnd(58)} ${ms(r.startup.reduce((sum, step) => sum + step.ms, 0)).padStart(8)}`);

  lines.push(
    '',
    'Bytes per page, KB (1 KB = 1024 B), raw/gzip -9; first visit = HTML + CSS + JS + fonts + images as transferred (text gzipped)',
  );
  lines.push(
    `  ${'page'.padEnd(14)} ${'HTML'.padStart(12)} ${'CSS'.padStart(12)} ${'JS'.padStart(11)} ${'fonts'.padStart(9)} ${'images'.padStart(9)} ${'first visit'.padStart(12)}`,
  );
  for (const w of r.pages) {
    const t = w.totals;
    const cell = (total, width) => `${kb(total.raw)}/${kb(total.gzip)}`.padStart(width);
    lines.push(
      `  ${w.path.padEnd(14)} ${cell(t.html, 12)} ${cell(t.css, 12)} ${cell(t.js, 11)} ${cell(t.font, 9)} ${cell(t.image, 9)} ${kb(w.firstVisit.transfer).padStart(12)}${w.missing.length ? `   ✗ missing: ${w.missing.join(' ')}` : ''}${w.external.length ? `   (not counted: ${w.external.map((url) => new URL(url).hostname).join(' ')})` : ''}`,
    );
  }
  lines.push(
    `  budgets: HTML ≤ ${kb(BUDGETS.htmlGzip)} gzip, CSS ≤ ${kb(BUDGETS.cssGzip)} gzip, JS ≤ ${kb(BUDGETS.jsGzip)} gzip, first visit to / ≤ ${kb(BUDGETS.firstVisitHome)}`,
  );
  for (const response of r.firstResponses ?? []) {
    const fits = response.total <= BUDGETS.firstRoundTripBytes;
    lines.push(
      `  ${response.path} first response: ${response.body} B brotli + ${response.headers} B headers = ${response.total} B, ${fits ? 'within' : 'over'} the ${BUDGETS.firstRoundTripBytes} B of a new connection's first round trip ${fits ? '✓' : '✗'}`,
    );
  }

  const lh = r.lighthouse;
  const slowdown = lh.cpuSlowdown ?? DEFAULT_CPU_SLOWDOWN;
  lines.push(
    '',
    `Lighthouse (mobile, simulated throttling, the phone ${slowdown}× slower than this host${slowdown === DEFAULT_CPU_SLOWDOWN ? '' : ', not 4× as its budgets assume: reported, not judged'}; each figure the median of ${lh.runs ?? 1} run${lh.runs === 1 ? '' : 's'}, pages taken in turn)`,
  );
  if (lh.skipped) lines.push(`  ${lh.skipped}`);
  else {
    lines.push(`  ${lh.chrome}; served by ${lh.servedBy}; built with --site-url ${lh.siteUrl}`);
    lines.push(`  third-party requests blocked (no internet here; not counted): ${lh.blockedUrlPatterns.join(' ')}`);
    const indices = lh.results
      .flatMap((page) => [page, page.peer])
      .flatMap((result) => (result?.runs ?? []).map((run) => run.benchmarkIndex))
      .filter(Number.isFinite);
    if (indices.length) {
      lines.push(
        `  host speed: Lighthouse benchmark index ${Math.round(Math.min(...indices))}–${Math.round(Math.max(...indices))} over the ${indices.length} runs (higher is faster; the blocking time of the same page`,
      );
      lines.push(
        '  grows about in proportion as the index falls, so compare figures only at a like index, or by their ratio to the peer below)',
      );
    }
    lines.push(
      `  ${'page'.padEnd(14)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b-p'.padStart(5)} ${'seo'.padStart(5)} ${'LCP'.padStart(8)} ${'CLS'.padStart(7)} ${'TBT'.padStart(8)} ${'weight'.padStart(9)} ${'index'.padStart(6)}  render-blocking`,
    );
    for (const page of lh.results) {
      if (page.error) {
        lines.push(`  ${page.path.padEnd(14)} ✗ ${page.error}`);
        continue;
      }
      const s = page.scores;
      const score = (n) => `${n ?? '–'}${n === 100 ? '' : '✗'}`.padStart(5);
      const m = page.metrics;
      const blocking = page.renderBlocking.map((url) => new URL(url).pathname).join(' ') || 'none';
      lines.push(
        `  ${page.path.padEnd(14)} ${score(s.performance)} ${score(s.accessibility)} ${score(s['best-practices'])} ${score(s.seo)} ${ms(m.lcpMs).padStart(8)} ${(m.cls === undefined ? '–' : `${m.cls.toFixed(3)}${m.cls > 0 ? '✗' : ''}`).padStart(7)} ${ms(m.tbtMs).padStart(8)} ${`${kb(m.totalByteWeight)} KB`.padStart(9)} ${(Number.isFinite(page.benchmarkIndex) ? String(Math.round(page.benchmarkIndex)) : '–').padStart(6)}  ${blocking}`,
      );
    }
    lines.push(
      `  budgets: 100 in every category, CLS ${BUDGETS.cls}, nothing render-blocking (the stylesheet is in the page), TBT ≤ ${BUDGETS.tbtMs} ms and LCP ≤ ${BUDGETS.everyPageLcpMs} ms on every page.`,
    );
    if (lh.peer) {
      lines.push(
        '',
        `  Against the peer, the same page of the same content as a ${lh.peer.name} (script ${kb(lh.peer.scriptBytes)} KB raw), taken in turn with ours:`,
      );
      lines.push(
        `  ${'page'.padEnd(14)} ${'LCP ours / peer'.padStart(19)} ${'ratio'.padStart(6)} ${'TBT ours / peer'.padStart(19)} ${'ratio'.padStart(6)} ${'CLS ours / peer'.padStart(17)} ${'index ours / peer'.padStart(18)}`,
      );
      for (const page of lh.results) {
        const peer = page.peer;
        if (page.error || !peer || peer.error) {
          lines.push(`  ${page.path.padEnd(14)} ✗ ${page.error ?? peer?.error ?? 'no peer result'}`);
          continue;
        }
        const ratio = page.metrics.lcpMs / peer.metrics.lcpMs;
        const tbtPass = page.metrics.tbtMs < peer.metrics.tbtMs || page.metrics.tbtMs === 0;
        lines.push(
          `  ${page.path.padEnd(14)} ${`${ms(page.metrics.lcpMs)} / ${ms(peer.metrics.lcpMs)}`.padStart(19)} ${`${ratio.toFixed(2)}${ratio <= BUDGETS.peerLcpRatio ? '' : '✗'}`.padStart(6)} ${`${ms(page.metrics.tbtMs)} / ${ms(peer.metrics.tbtMs)}${tbtPass ? '' : '✗'}`.padStart(19)} ${tbtRatio(page.metrics.tbtMs, peer.metrics.tbtMs).padStart(6)} ${`${page.metrics.cls.toFixed(3)} / ${peer.metrics.cls.toFixed(3)}`.padStart(17)} ${`${indexOf(page)} / ${indexOf(peer)}`.padStart(18)}`,
        );
      }
      lines.push(
        `  targets: LCP ≤ ${BUDGETS.peerLcpRatio} × the peer's; TBT below the peer's (or 0). The ratios hold across hosts where the`,
      );
      lines.push('  milliseconds do not: both sides run on the same host in the same minute.');
    }
    lines.push(
      '  weight = Lighthouse total-byte-weight as site preview sends it (text compressed, brotli, as the hosts do; a 404 counts its page).',
    );
    lines.push('  SEO on 127.0.0.1: robots.txt allows all and no X-Robots-Tag is sent, so is-crawlable holds; canonical points at the');
    lines.push('  served page because the site is built with --site-url for that address, as it is on the real host.');
    const lost = lh.results.flatMap((page) => (page.lost ?? []).map((item) => ({ ...item, page: page.path })));
    if (lost.length) {
      lines.push('  Points lost:');
      for (const item of lost) {
        const detail = [item.displayValue, item.explanation, ...(item.items ?? [])].filter(Boolean).join('; ');
        lines.push(`    ${item.page.padEnd(9)} ${item.category}: ${item.id} (${item.score})${detail ? ` — ${detail.slice(0, 220)}` : ''}`);
      }
    }
    for (const page of lh.results) for (const warning of page.runWarnings ?? []) lines.push(`  warning on ${page.path}: ${warning}`);
  }

  if (r.otherBenches.length) {
    lines.push('', 'Other benches');
    for (const other of r.otherBenches) {
      const status =
        other.error ??
        (other.timedOut
          ? 'timed out'
          : `exit code ${other.exitCode}${other.exitCode === 0 ? '' : ' (its own targets missed, or it failed)'}`);
      lines.push(`  node ${other.file}: ${status}`);
      for (const text of [other.output, other.stderr]) if (text) lines.push(...text.split('\n').map((line) => `    ${line}`));
    }
  }

  const failed = r.budgets.filter((b) => !b.pass);
  lines.push('', `Budgets: ${r.budgets.length - failed.length} of ${r.budgets.length} met.`);
  for (const b of failed) lines.push(`  ✗ ${b.name}: ${formatValue(b.value, b.unit)} (budget ${formatValue(b.limit, b.unit)})`);
  return `${lines.join('\n')}\n`;

  function row(label, figure, budget = '', pass) {
    return `  ${label.padEnd(52)} ${figure.padEnd(31)} ${budget.padEnd(10)} ${pass === undefined ? '' : mark(pass)}`;
  }
}

function formatValue(value, unit) {
  if (typeof value !== 'number') return String(value);
  if (unit === 'bytes') return `${(value / KB).toFixed(2)} KB`;
  if (unit === 'ms') return `${Math.round(value)} ms`;
  if (unit === 'MB') return `${value.toFixed(1)} MB`;
  if (unit === 'cls') return value.toFixed(3);
  return String(value);
}

// ---------------------------------------------------------------- helpers

function rebuildSummary(run, nodeEnv) {
  return {
    runs: run.runs,
    editedFile: run.editedFile,
    visible: run.visible,
    react: nodeEnv === 'production' ? 'production' : 'development',
    warmUpMs: run.warmUpMs,
    full: summary(run.fullMs),
    dev: run.devMs.length ? summary(run.devMs) : undefined,
    fullMs: run.fullMs,
    devMs: run.devMs,
  };
}

function summary(values) {
  const finite = values.filter(Number.isFinite);
  if (!finite.length) return { median: NaN, min: NaN, max: NaN };
  return { median: median(finite), min: Math.min(...finite), max: Math.max(...finite) };
}

function diskLookup(dir) {
  return (urlPath) => {
    const clean = decodeURIComponent(urlPath).replace(/^\/+/, '');
    if (clean.split('/').includes('..')) return undefined;
    const candidates = clean === '' || clean.endsWith('/') ? [`${clean}index.html`] : [clean, `${clean}.html`, `${clean}/index.html`];
    for (const candidate of candidates) {
      try {
        return readFileSync(path.join(dir, candidate));
      } catch {
        // try the next way a static host would map the path
      }
    }
    return undefined;
  };
}

function describeEnvironment() {
  const cpus = os.cpus();
  return {
    node: process.versions.node,
    platform: `${os.platform()} ${os.release()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
    memoryGB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    loadAverageAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
    commit:
      git(['rev-parse', '--short', 'HEAD']) + (git(['status', '--porcelain', '--untracked-files=no']) ? ' (with uncommitted changes)' : ''),
    nodeEnv: process.env.NODE_ENV ?? '(unset)',
  };
}

function chromeVersion(chrome) {
  try {
    return execFileSync(chrome ?? 'chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
  } catch {
    return chrome ?? 'Chromium';
  }
}

function git(gitArgs) {
  try {
    return execFileSync('git', gitArgs, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

function lastJsonLine(text) {
  const line = text.trim().split('\n').at(-1);
  try {
    return line ? JSON.parse(line) : undefined;
  } catch {
    return undefined;
  }
}

async function runJsonChild(childArgs, env, timeoutMs = 120_000) {
  const { code, stdout, stderr, timedOut } = await runChild(childArgs, env, timeoutMs);
  const json = lastJsonLine(stdout);
  if (code !== 0 || !json)
    throw new Error(`node ${childArgs.join(' ')} ${timedOut ? 'timed out' : `exited with ${code}`}:\n${stderr || stdout}`);
  return json;
}

/** Runs `node <args>` in the project folder; kills it (and only it) if it outlives `timeoutMs`. */
function runChild(childArgs, env, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, childArgs, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const forget = onCleanup(() => child.kill('SIGTERM'));
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      forget();
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}
