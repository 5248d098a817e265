// Lighthouse (mobile, default simulated throttling) on each page of a site served on 127.0.0.1,
// in one headless Chromium that is always killed afterwards.
import { existsSync } from 'node:fs';
import { CHROMIUM_FLAGS } from '../scripts/chromium.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** How many times slower than the host Lighthouse's simulated phone runs by default, and the budgets assume. */
export const DEFAULT_CPU_SLOWDOWN = 4;

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** The local Chromium: $CHROME_PATH, else /usr/bin/chromium, else whatever chrome-launcher finds. */
export function chromePath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Runs Lighthouse on `baseUrl` + each of `paths`. Requests matching `blockedUrlPatterns` (the
 * third-party map; there is no internet here) are refused by the browser rather than left to hang.
 * Resolves to one summary per page; a page that fails or overruns `pageTimeoutMs` has `error` set.
 */
export async function runLighthouse({
  baseUrl,
  paths,
  blockedUrlPatterns,
  cpuSlowdown = DEFAULT_CPU_SLOWDOWN,
  pageTimeoutMs = 60_000,
  deadline = Infinity,
  onCleanup = () => () => {},
  log = () => {},
}) {
  const [{ default: lighthouse }, chromeLauncher, { throttling }] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('lighthouse/core/config/constants.js'),
  ]);
  // The mobile network as Lighthouse simulates it; only the phone's speed against this host changes.
  const simulated = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown };
  const executable = chromePath();
  // chrome-launcher turns a missing executable into an uncaught error event; refuse it here instead.
  if (executable && !existsSync(executable)) throw new Error(`There is no browser at ${executable}`);
  const launch = () => chromeLauncher.launch({ chromePath: executable, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  let chrome = await launch();
  const forget = onCleanup(() => chrome.kill());
  const results = [];
  try {
    for (const pagePath of paths) {
      const url = new URL(pagePath, baseUrl).href;
      if (Date.now() + pageTimeoutMs / 2 > deadline) {
        results.push({ path: pagePath, error: 'skipped: the bench is near its time limit' });
        continue;
      }
      log(`  lighthouse ${pagePath}`);
      const started = performance.now();
      const limit = Math.min(pageTimeoutMs, deadline - Date.now());
      try {
        const run = lighthouse(
          url,
          { port: chrome.port, output: 'json', logLevel: 'error' },
          { extends: 'lighthouse:default', settings: { onlyCategories: CATEGORIES, blockedUrlPatterns, throttling: simulated } },
        );
        // If the timeout wins, the abandoned run's later failure must not surface as unhandled.
        run.catch(() => undefined);
        const result = await withTimeout(run, limit, `Lighthouse on ${pagePath} took over ${Math.round(limit / 1000)} s`);
        if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${pagePath}`);
        results.push({ path: pagePath, seconds: (performance.now() - started) / 1000, ...summarise(result.lhr) });
      } catch (error) {
        results.push({ path: pagePath, error: error instanceof Error ? error.message : String(error) });
        // A run that overran may still hold the browser: start the next page on a fresh one.
        await chrome.kill();
        chrome = await launch();
      }
    }
  } finally {
    forget();
    await chrome.kill();
  }
  return results;
}

/**
 * One page's runs as one result: the median of each metric and score (by value, each on its own),
 * with the audits lost and the render-blocking requests of the run whose LCP is the median, and
 * every run kept under `runs`. A page whose runs all failed keeps the last error.
 */
export function medianOfRuns(runs) {
  const good = runs.filter((run) => !run.error);
  if (!good.length) return { ...runs.at(-1), runs };
  const median = (values) => {
    const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
    if (!sorted.length) return undefined;
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const byLcp = [...good].sort((a, b) => (a.metrics.lcpMs ?? Infinity) - (b.metrics.lcpMs ?? Infinity));
  const typical = byLcp[(byLcp.length - 1) >> 1];
  const metrics = Object.fromEntries(Object.keys(typical.metrics).map((key) => [key, median(good.map((run) => run.metrics[key]))]));
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(good.map((run) => run.scores[id])) ?? null]));
  const benchmarkIndex = median(good.map((run) => run.benchmarkIndex));
  return {
    ...typical,
    metrics,
    scores,
    benchmarkIndex,
    runs: runs.map((run) =>
      run.error ? { error: run.error } : { metrics: run.metrics, scores: run.scores, benchmarkIndex: run.benchmarkIndex },
    ),
  };
}

/** What the bench reports from one Lighthouse result. */
export function summarise(lhr) {
  const audit = (id) => lhr.audits[id];
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)]),
  );
  const renderBlocking = new Set();
  for (const id of ['render-blocking-resources', 'render-blocking-insight']) {
    for (const item of audit(id)?.details?.items ?? []) if (item.url) renderBlocking.add(item.url);
  }
  // Every audit that cost a point, so a score under 100 comes with its reason.
  const lost = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const result = audit(ref.id);
      if (!result || ref.weight === 0 || result.score === null || result.score >= 1) continue;
      lost.push({
        category: id,
        id: ref.id,
        title: result.title,
        score: result.score,
        displayValue: result.displayValue,
        explanation: result.explanation,
        items: describeItems(result),
      });
    }
  }
  const requests = (audit('network-requests')?.details?.items ?? []).map((item) => ({
    url: item.url,
    status: item.statusCode,
    transferSize: item.transferSize,
    resourceType: item.resourceType,
  }));
  return {
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent,
    formFactor: lhr.configSettings.formFactor,
    // How fast the host ran Lighthouse's fixed piece of work just before this page (higher is
    // faster). Simulated throttling multiplies what the host's CPU took by 4, so TBT and, less,
    // LCP scale with the host: the same page blocks about twice as long at half the index.
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    throttlingMethod: lhr.configSettings.throttlingMethod,
    scores,
    metrics: {
      fcpMs: audit('first-contentful-paint')?.numericValue,
      lcpMs: audit('largest-contentful-paint')?.numericValue,
      cls: audit('cumulative-layout-shift')?.numericValue,
      tbtMs: audit('total-blocking-time')?.numericValue,
      speedIndexMs: audit('speed-index')?.numericValue,
      totalByteWeight: audit('total-byte-weight')?.numericValue,
    },
    renderBlocking: [...renderBlocking],
    lost,
    requests,
    runWarnings: lhr.runWarnings ?? [],
    runtimeError: lhr.runtimeError?.message,
  };
}

function describeItems(result) {
  const items = result.details?.items ?? [];
  return items
    .slice(0, 5)
    .map((item) => item.url ?? item.node?.snippet ?? item.source?.url ?? item.description ?? JSON.stringify(item).slice(0, 160));
}

function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}
