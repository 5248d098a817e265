// /admin/ on a phone: the owner's editor as the live site serves it, beside site dev's editor.
//
//   node bench/admin.mjs [--runs 3] [--publish-runs 5] [--no-peer] [--devtools-only] [--keep <folder for the reports>]
//
// A Cloudflare build of the frozen sample (tests/sample/content) is served the way `site preview`
// serves one: its files, and /admin/ and /api/ by the site's Worker in workerd (Miniflare) with a
// local D1 of its own in a temporary folder, its GitHub settings pointed at the GitHub stand-in
// (tests/github-standin/) over a bare repository holding the sample's content. The owner's phone
// signs in the real way: Chromium's virtual authenticator makes the first passkey with the set-up
// code on /admin/, and the session cookie that gives is what Lighthouse sends.
//
// Figures:
// - the editor's files (_editor/editor.js, editor.css, checker.js): raw, gzip -9 and brotli 11;
// - Lighthouse 12 on /admin/edit/services.yaml as a phone opens it the first time (storage and
//   cache empty), with DevTools throttling: Lighthouse's slow 4G (562.5 ms a request, 1.47 Mbit/s
//   down) and the CPU 4× slower than this host, applied in the browser, so every figure is one the
//   browser saw: FCP, LCP, TBT, TTI, and "first field ready", the editor's own user-timing mark
//   `editor-form-ready` (the first time its form is on the page). Simulated throttling (Lighthouse's
//   default, which scores the site's pages) cannot place a mark of the page's own, so its FCP, LCP,
//   TBT and TTI are printed beside, for comparison only;
// - Publish: from the press to the commit in the bare repository, and to the phone saying so, on
//   the same slow 4G and 4× CPU (median of --publish-runs).
// With the same figures for site dev's editor (/__edit/services.yaml on this computer) unless
// --no-peer. The host's benchmark index and load average are printed with them: the figures move
// with the machine.
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { CHROMIUM_FLAGS, TEST_CHROMIUM, testChromiumPath } from '../scripts/chromium.mjs';
import { chromePath } from './lighthouse.js';
import { median } from './median.js';
import { freePort } from './preview.js';
import { gzipSize } from './weights.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? Number(args[index + 1]) : fallback;
};
const RUNS = Math.max(1, option('--runs', 3));
const PUBLISH_RUNS = Math.max(1, option('--publish-runs', 5));
const PEER = !args.includes('--no-peer');
/** A folder to keep each Lighthouse report in (JSON, with its trace's audits), to see where the time went. */
const KEEP = args.includes('--keep') ? path.resolve(args[args.indexOf('--keep') + 1] ?? '.') : undefined;
/** Only the DevTools-throttled runs (the first field's time), without the simulated ones beside them. */
const METHODS = args.includes('--devtools-only') ? ['devtools'] : ['devtools', 'simulate'];

const SETUP_CODE = 'TEAK-RIVER-4821';
const FILE = 'services.yaml';
const MARK = 'editor-form-ready';
const EDITOR_FILES = ['editor.js', 'editor.css', 'checker.js'];
/** A phone as the editor's browser tests hold one. */
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const CPU_SLOWDOWN = 4;

const log = (text) => process.stderr.write(`${text}\n`);
const load = () => os.loadavg()[0].toFixed(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();
/** A bound for a step that hangs: the bench waits for states, and gives up on one that never comes. */
const bounded = (promise, what, ms = 90_000) =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`${what}: nothing within ${ms / 1000} s`)))]);

async function measure() {
  const { throttling } = await import('lighthouse/core/config/constants.js');
  const slow4G = throttling.mobileSlow4G;
  const { GitHubStandin, sampleSeed, addPhoneLock } = await testParts();
  const results = { loadAtStart: load(), runs: RUNS, publishRuns: PUBLISH_RUNS };

  // The site, built for the address it is served at (passkeys need a host name: localhost).
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dir = path.join(scratch, 'dist');
  log(`building the sample for ${origin}`);
  execFileSync(process.execPath, ['bin/site.js', 'build', '--content', 'tests/sample/content', '--out', dir, '--site-url', origin], {
    cwd: ROOT,
    stdio: 'ignore',
    timeout: 120_000,
  });
  results.bytes = await scriptBytes(path.join(dir, '_editor'));

  // The company's repository, with the sample's content, behind the GitHub stand-in.
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const standin = await GitHubStandin.start({
    appId: 31337,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }),
    owner: 'kerala-movers',
    repo: 'site',
  });
  stops.push(() => standin.close());
  await standin.push(await sampleSeed(), 'The site as it starts');

  // The built files and the Worker, as site preview serves a Cloudflare build.
  const [{ startPreviewWorker, workerHandler }, { startPreview }] = await Promise.all([
    lib('serve/preview-worker.js'),
    lib('serve/preview.js'),
  ]);
  const worker = await startPreviewWorker(dir, path.join(scratch, 'worker-state'), {
    SETUP_CODE,
    GITHUB_API: standin.url,
    GITHUB_APP_ID: '31337',
    GITHUB_APP_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    GITHUB_REPOSITORY: 'kerala-movers/site',
  });
  stops.push(() => worker.close());
  const server = await startPreview({ dir, port, host: '127.0.0.1', intercept: workerHandler(worker) });
  stops.push(() => server.close());

  const { chromium } = await import('playwright');
  const browser = await chromium.launch({
    executablePath: testChromiumPath(),
    args: [...TEST_CHROMIUM.args],
    ignoreDefaultArgs: [...TEST_CHROMIUM.ignoreDefaultArgs],
  });
  stops.push(() => browser.close());
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  const index = async () => {
    const page = await browser.newPage();
    const value = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
    await page.close();
    return Math.round(value);
  };
  results.indexAtStart = await index();

  // The owner's phone: the first passkey made with the set-up code, then the editor opened once,
  // which also has the Worker, the stand-in and the compressed files warm before anything is timed.
  log('signing in with a passkey made with the set-up code');
  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  await addPhoneLock(phone, page);
  await page.goto(`${origin}/admin/`);
  await page.getByLabel('Set-up code').fill(SETUP_CODE);
  await page.getByLabel('Name this phone').fill('Bench phone');
  await page.getByRole('button', { name: 'Set up with this phone' }).click();
  await page.getByRole('heading', { level: 1, name: 'Your phones' }).waitFor();
  const session = (await phone.cookies(origin)).find((cookie) => cookie.name === '__Host-session');
  if (!session) throw new Error('signing in gave the phone no session cookie');
  results.ready = await formReady(page, `${origin}/admin/edit/${FILE}`);

  // site dev's editor on a copy of the same sample, the local peer.
  let peer;
  if (PEER) {
    const content = path.join(scratch, 'peer-content');
    await cp(path.join(ROOT, 'tests/sample/content'), content, { recursive: true });
    peer = await startDev(content);
    stops.push(() => peer.close());
    const peerPage = await browser.newPage();
    results.peerReady = await formReady(peerPage, `${peer.url}/${FILE}`);
    await peerPage.close();
  }

  // Lighthouse: each round takes ours and then the peer, so a burst of load lands on both alike.
  const targets = [{ name: 'ours', url: `${origin}/admin/edit/${FILE}`, headers: { Cookie: `${session.name}=${session.value}` } }];
  if (peer) targets.push({ name: 'peer', url: `${peer.url}/${FILE}`, headers: {} });
  const lighthouse = Object.fromEntries(targets.flatMap((target) => METHODS.map((method) => [`${target.name} ${method}`, []])));
  for (let round = 1; round <= RUNS; round += 1) {
    for (const method of METHODS) {
      for (const target of targets) {
        log(`  lighthouse ${method} round ${round} of ${RUNS}: ${target.name}`);
        lighthouse[`${target.name} ${method}`].push(
          await runLighthouse(target, method, slow4G, `${target.name}-${method}-${round}`).catch((error) => ({
            error: error.message.split('\n')[0],
          })),
        );
      }
    }
  }
  results.lighthouse = lighthouse;

  // Publish from the phone, on slow 4G with its CPU slowed.
  log(`publish × ${PUBLISH_RUNS}`);
  const devtools = await phone.newCDPSession(page);
  results.publish = [];
  for (let run = 0; run < PUBLISH_RUNS; run += 1) {
    results.publish.push(
      await publishOnce(page, devtools, standin, origin, slow4G, 7000 + run).catch((error) => ({ error: error.message.split('\n')[0] })),
    );
  }
  if (standin.violations.length) results.standinViolations = standin.violations;
  results.loadAtEnd = load();
  results.indexAtEnd = await index();
  results.chrome = browser.version();
  return results;
}

/**
 * The stand-in, the sample's seed and the phone's lock are the tests' own TypeScript: bundled once
 * into node_modules/.cache, two folders under the project, where their paths from the project's
 * top (import.meta.dirname + '../..') still hold and their packages resolve.
 */
async function testParts() {
  const esbuild = await import('esbuild');
  const outfile = path.join(ROOT, 'node_modules/.cache/bench-admin-parts.mjs');
  await esbuild.build({
    stdin: {
      contents: [
        "export { GitHubStandin } from './tests/github-standin/server.ts';",
        "export { sampleSeed } from './tests/unit/worker/editor/editor-worker.ts';",
        "export { addPhoneLock } from './tests/browser/operator/phone-lock.ts';",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return import(`${pathToFileURL(outfile).href}?${Date.now()}`);
}

/** A module of the compiled generator. */
function lib(file) {
  return import(pathToFileURL(path.join(ROOT, 'lib/generator', file)).href);
}

/** Each editor file's size as built, and compressed as a host sends it. */
async function scriptBytes(folder) {
  const sizes = {};
  for (const name of EDITOR_FILES) {
    const contents = await readFile(path.join(folder, name));
    const brotli = brotliCompressSync(contents, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: contents.length },
    }).length;
    sizes[name] = { raw: contents.length, gzip: gzipSize(contents), brotli };
  }
  return sizes;
}

/**
 * Opens the editor on `url` unthrottled and waits for its mark; says whether the price field was
 * visible and could be typed in when the mark was set (so the mark means what the bench says).
 */
async function formReady(page, url) {
  await page.addInitScript(
    (mark) =>
      new PerformanceObserver((list) => {
        if (!list.getEntriesByName(mark).length) return;
        const field = document.querySelector('.field-price input');
        const box = field?.getBoundingClientRect();
        window.__atMark = {
          found: Boolean(field),
          visible: Boolean(box?.width && box.height),
          enabled: field ? !field.disabled : false,
        };
      }).observe({ type: 'mark' }),
    MARK,
  );
  await page.goto(url);
  await bounded(
    page.waitForFunction(() => window.__atMark),
    `the editor's mark at ${url}`,
  );
  return page.evaluate(() => window.__atMark);
}

/** `site dev` on `content`, in its own process; resolves to its editor's address once it serves. */
async function startDev(content) {
  const child = spawn(process.execPath, ['bin/site.js', 'dev', '--content', content, '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await bounded(
    new Promise((resolve, reject) => {
      const onData = (chunk) => {
        output += chunk;
        const match = /Edit the content at (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]);
      };
      child.stdout.setEncoding('utf8').on('data', onData);
      child.stderr.setEncoding('utf8').on('data', onData);
      exited.then((code) => reject(new Error(`site dev stopped (${code}) before serving:\n${output}`)));
    }),
    'site dev',
  );
  return {
    url,
    async close() {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** One Lighthouse run (performance only) of `target` as a phone opens it, in a Chromium of its own. */
async function runLighthouse(target, method, slow4G, name) {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath() ?? testChromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  const stop = () => chrome.kill();
  stops.push(stop);
  try {
    const result = await bounded(
      lighthouse(
        target.url,
        { port: chrome.port, output: 'json', logLevel: 'error' },
        {
          extends: 'lighthouse:default',
          settings: {
            onlyCategories: ['performance'],
            extraHeaders: target.headers,
            throttlingMethod: method,
            throttling: { ...slow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
          },
        },
      ),
      `Lighthouse on ${target.url}`,
      180_000,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${target.url}`);
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    if (KEEP) {
      await mkdir(KEEP, { recursive: true });
      await writeFile(path.join(KEEP, `${name}.json`), JSON.stringify(lhr));
    }
    const audit = (id) => lhr.audits[id]?.numericValue;
    const mark = (lhr.audits['user-timings']?.details?.items ?? []).find((item) => item.name === MARK);
    return {
      finalUrl: lhr.finalDisplayedUrl,
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      ttiMs: audit('interactive'),
      // Only DevTools throttling times the page's own mark as the phone would: simulation replays the host's.
      readyMs: method === 'devtools' ? mark?.startTime : undefined,
      load: load(),
    };
  } finally {
    stops.splice(stops.indexOf(stop), 1);
    await chrome.kill();
  }
}

/**
 * A price changed and saved on the phone, then Publish pressed: from the press to the commit in the
 * bare repository (the branch's head moves), and to the phone saying it is published.
 */
async function publishOnce(page, devtools, standin, origin, slow4G, price) {
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slow4G.requestLatencyMs,
    downloadThroughput: (slow4G.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (slow4G.uploadThroughputKbps * 1024) / 8,
  });
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    await page.goto(`${origin}/admin/edit/${FILE}`);
    await page.getByRole('textbox', { name: 'Starting' }).first().fill(String(price));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await bounded(
      page
        .getByRole('status')
        .filter({ hasText: /^Saved at/ })
        .waitFor(),
      'the save',
    );
    await page.goto(`${origin}/admin/edit/`);
    const panel = page.getByRole('region', { name: 'Publish' });
    await panel.getByLabel('What did you change?').fill(`Price ${price}`);
    const button = panel.getByRole('button', { name: 'Publish', exact: true });
    await button.click({ trial: true });
    const before = await standin.git.ref('main');
    const pressed = now();
    await button.click();
    const committed = bounded(
      (async () => {
        while ((await standin.git.ref('main')) === before) await sleep(20);
        return now();
      })(),
      'the commit',
    );
    const shown = bounded(
      page
        .getByRole('status')
        .filter({ hasText: /^Published as commit/ })
        .waitFor()
        .then(now),
      'the published message',
    );
    return { commitMs: (await committed) - pressed, shownMs: (await shown) - pressed, load: load() };
  } finally {
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  }
}

function report(r) {
  const ms = (value) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en')} ms` : '–');
  const bytes = (value) => `${value.toLocaleString('en')} B`;
  const lines = [
    `/admin/ on a phone: the editor of the live site served by its Worker in workerd (and site dev's editor, the peer); ${r.chrome}`,
    `  host: Lighthouse benchmark index ${r.indexAtStart} before, ${r.indexAtEnd} after; load average ${r.loadAtStart} before, ${r.loadAtEnd} after`,
    '',
    "  The editor's files (raw / gzip -9 / brotli 11)",
  ];
  for (const [name, size] of Object.entries(r.bytes))
    lines.push(
      `    _editor/${name.padEnd(11)} ${bytes(size.raw).padStart(11)} / ${bytes(size.gzip).padStart(10)} / ${bytes(size.brotli).padStart(10)}`,
    );
  const at = (ready) => (ready ? `found ${ready.found}, visible ${ready.visible}, enabled ${ready.enabled}` : '–');
  lines.push('', `  At the mark ${MARK}, the price field: ours ${at(r.ready)}; peer ${at(r.peerReady)}`);
  lines.push(
    '',
    `  Lighthouse on /${FILE} in the editor, first visit, slow 4G and ${CPU_SLOWDOWN}× CPU; median of ${r.runs} [each run]`,
    `    ${'run'.padEnd(16)} ${'first field'.padEnd(24)} ${'FCP'.padEnd(24)} ${'LCP'.padEnd(24)} ${'TBT'.padEnd(24)} ${'TTI'.padEnd(24)} index, load`,
  );
  for (const [name, runs] of Object.entries(r.lighthouse)) {
    const good = runs.filter((run) => !run.error);
    const cell = (key) =>
      `${ms(median(good.map((run) => run[key])))} [${good.map((run) => Math.round(run[key] ?? NaN)).join(', ')}]`.padEnd(24);
    const errors = runs.filter((run) => run.error).map((run) => run.error);
    lines.push(
      `    ${name.padEnd(16)} ${cell('readyMs')} ${cell('fcpMs')} ${cell('lcpMs')} ${cell('tbtMs')} ${cell('ttiMs')} ${good.map((run) => run.benchmarkIndex).join('/')}, ${good.map((run) => run.load).join('/')}${errors.length ? `  ✗ ${errors.join('; ')}` : ''}`,
    );
  }
  const published = r.publish.filter((run) => !run.error);
  const failed = r.publish.filter((run) => run.error).map((run) => run.error);
  lines.push(
    '',
    `  Publish on the phone (slow 4G, ${CPU_SLOWDOWN}× CPU), median of ${published.length}: press → commit in the bare repository ${ms(median(published.map((run) => run.commitMs)))} [${published.map((run) => Math.round(run.commitMs)).join(', ')}]; press → "Published" on the phone ${ms(median(published.map((run) => run.shownMs)))}; load ${published.map((run) => run.load).join('/')}${failed.length ? `  ✗ ${failed.join('; ')}` : ''}`,
  );
  if (r.standinViolations) lines.push(`  The GitHub stand-in saw calls GitHub would answer otherwise: ${r.standinViolations.join('; ')}`);
  return `${lines.join('\n')}\n`;
}

// Last, once every declaration above is in place.
const scratch = await mkdtemp(path.join(os.tmpdir(), 'site-admin-bench-'));
const stops = [];
// npm run bench stops a bench that overruns its time: the servers, browsers and folders go with it.
process.once('SIGTERM', async () => {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await rm(scratch, { recursive: true, force: true });
  process.exit(143);
});
try {
  const results = await measure();
  process.stdout.write(report(results));
} catch (error) {
  log(`The /admin/ bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 2;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await rm(scratch, { recursive: true, force: true });
}
