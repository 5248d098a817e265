// Where a test run's time went: each test file's time, slowest first, from the JSON reports that
// `npm test` writes (test-results/vitest.json, engines.json, playwright.json), then each runner's
// whole time. A file's time is the sum of its tests' times; Playwright runs two files at once.
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const rows = [];
const totals = [];

// The unit tests and the shared checks in every engine are both vitest runs.
for (const [report, name] of [
  ['test-results/vitest.json', 'vitest'],
  ['test-results/engines.json', 'engines (vitest)'],
]) {
  const vitest = read(report);
  if (!vitest) continue;
  for (const file of vitest.testResults) {
    rows.push({
      file: file.name.slice(file.name.indexOf('tests/')),
      tests: file.assertionResults.length,
      seconds: (file.endTime - file.startTime) / 1000,
    });
  }
  const end = Math.max(...vitest.testResults.map((file) => file.endTime));
  totals.push({ file: `${name}, whole run`, tests: vitest.numTotalTests, seconds: (end - vitest.startTime) / 1000 });
}

const playwright = read('test-results/playwright.json');
if (playwright) {
  const files = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests.flatMap((test) => test.results)) {
        const entry = files.get(file) ?? { tests: 0, seconds: 0 };
        entry.tests += 1;
        entry.seconds += run.duration / 1000;
        files.set(file, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of playwright.suites) walk(suite, suite.file);
  for (const [file, entry] of files) rows.push({ file: `tests/browser/${file}`, ...entry });
  const { expected, unexpected, flaky, skipped, duration } = playwright.stats;
  totals.push({ file: 'playwright, whole run', tests: expected + unexpected + flaky + skipped, seconds: duration / 1000 });
}

if (rows.length === 0) {
  console.log('No test reports in test-results/: run npm test first.');
  process.exit(1);
}
const line = (row) => `${row.seconds.toFixed(1).padStart(8)} s ${String(row.tests).padStart(5)}  ${row.file}`;
console.log(`${'time'.padStart(10)} ${'tests'.padStart(5)}  file`);
for (const row of rows.sort((a, b) => b.seconds - a.seconds)) console.log(line(row));
for (const row of totals) console.log(line(row));
