// Prints one plain line, "N passed, N failed", with the totals of every test runner's JSON report.
// Neither vitest nor Playwright prints such a line itself; CI reads it. Above it, the name of every
// failed test and the start of its error: a CI log is often kept only by its end, and the runners
// print failures far above it.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

let passed = 0;
let failed = 0;
const failures = [];

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  failures.push(...vitestFailures(vitest));
} else {
  failed += 1; // no report at all: the runner did not get to run
  failures.push('vitest: no report, so the unit and integration tests did not run');
}

// The shared checks in every engine (vitest.engines.config.ts): a missing report means they never ran.
const engines = read('test-results/engines.json');
if (engines) {
  passed += engines.numPassedTests;
  failed += engines.numFailedTests;
  failures.push(...vitestFailures(engines));
} else {
  failed += 1;
  failures.push('engines: no report, so the checks in Chromium, Firefox and WebKit did not run');
}

const playwright = read('test-results/playwright.json');
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  failures.push(...playwrightFailures(playwright.suites ?? []));
} else if (existsSync('playwright.config.ts')) {
  failed += 1;
  failures.push('playwright: no report, so the browser tests did not run');
}

if (failures.length > 0) {
  console.log('Failed:');
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log(`${passed} passed, ${failed} failed`);

function vitestFailures(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const where = relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) names.push(`${where} > ${test.fullName}${why(test.failureMessages?.[0])}`);
    // A file that failed to load has no failed test, only its message.
    if (file.status === 'failed' && failedTests.length === 0) {
      names.push(`${where}: ${firstLine(file.message) || 'failed before any test ran'}`);
    }
  }
  return names;
}

function playwrightFailures(suites, path = []) {
  const names = [];
  for (const suite of suites) {
    const here = suite.file && path.length === 0 ? [suite.file] : [...path, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = (test.results ?? []).map((result) => result.error?.message ?? result.errors?.[0]?.message).find(Boolean);
        names.push(`${[...here, spec.title].filter(Boolean).join(' > ')}${why(error)}`);
      }
    }
    names.push(...playwrightFailures(suite.suites ?? [], here));
  }
  return names;
}

/** The first lines of an error, indented under its test's name, without the terminal's colours. */
function why(message) {
  const lines = String(message ?? '')
    // The colour codes the runners write into their messages.
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, 8);
  return lines.length > 0 ? `\n${lines.map((line) => `      ${line}`).join('\n')}` : '';
}

function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .trim();
}
