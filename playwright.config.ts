/**
 * Real-browser tests (tests/browser): headless Chromium against the built site served by
 * `site preview`, with the quote form pointed at a local stand-in relay (see global-setup.ts).
 * scripts/test.sh runs them after vitest, with CHROME_PATH from scripts/find-chromium.sh.
 *
 * Every timeout here is a bound for a hung test, not a speed budget: a test waits for states,
 * never for durations, so a slow machine makes it slower, never red.
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { TEST_CHROMIUM, testChromiumPath } from './scripts/chromium.mjs';
import { requireMalayalamFont } from './tests/helpers/malayalam-font.js';
import type { QuoteOptions } from './tests/browser/quote-helpers.js';

const executablePath = testChromiumPath();
if (!existsSync(executablePath)) {
  // Fail loudly rather than skip: the browser tests are part of every test run.
  throw new Error(
    `No Chromium at ${executablePath}. Set CHROME_PATH to a Chromium or Chrome executable (bash scripts/find-chromium.sh finds or installs one).`,
  );
}

// The fonts a phone has: without a Malayalam one, a header that breaks on every phone passes here.
requireMalayalamFont();

export default defineConfig<QuoteOptions>({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  // Playwright empties its output folder on every run: keep it away from test-results/*.json and screenshots.
  outputDir: 'test-results/playwright-artifacts',
  globalSetup: './tests/browser/global-setup.ts',
  // One browser per worker, one worker per core.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  // A bound for a hung run, not a speed budget: the whole run takes 8 to 9 minutes on two idle cores,
  // and went past 15 when a second test run shared them; the 90 minutes CI allows hold it twice over.
  globalTimeout: 30 * 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    headless: true,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    serviceWorkers: 'block',
    // Tracing every test doubles the run on two cores; ask for it when needed:
    // npx playwright test --trace retain-on-failure
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [...TEST_CHROMIUM.args],
      ignoreDefaultArgs: [...TEST_CHROMIUM.ignoreDefaultArgs],
    },
  },
  projects: [
    { name: 'chromium', grepInvert: /@through-worker/ },
    // The quote form's specs once more on the Cloudflare build, posting through the site's own Worker
    // in workerd (tests/browser/quote-helpers.ts); tests about the relay answering the page itself are left out.
    {
      name: 'quote-through-worker',
      testMatch: ['visitor/quote/form.spec.ts', 'visitor/quote/form-fallback.spec.ts', 'visitor/quote/draft.spec.ts'],
      grepInvert: /@to-relay/,
      use: { through: 'worker' },
    },
  ],
});
