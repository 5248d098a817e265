// Prints one plain line, "N passed, N failed", with the totals of every test runner's JSON report.
// Neither vitest nor Playwright prints such a line itself; CI reads it.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
} else {
  failed += 1; // no report at all: the runner did not get to run
}

// The shared checks in every engine (vitest.engines.config.ts): a missing report means they never ran.
const engines = read('test-results/engines.json');
if (engines) {
  passed += engines.numPassedTests;
  failed += engines.numFailedTests;
} else {
  failed += 1;
}

const playwright = read('test-results/playwright.json');
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
} else if (existsSync('playwright.config.ts')) {
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
