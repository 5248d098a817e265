/**
 * Real-browser tests (tests/browser): headless Chromium against the built site served by
 * `site preview`, with the quote form pointed at a local stand-in relay (see global-setup.ts).
 * scripts/test.sh runs them after vitest, with CHROME_PATH from scripts/find-chromium.sh.
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.mjs';

const executablePath = chromiumPath();
if (!existsSync(executablePath)) {
  // Fail loudly rather than skip: the browser tests are part of every test run.
  throw new Error(
    `No Chromium at ${executablePath}. Set CHROME_PATH to a Chromium or Chrome executable (bash scripts/find-chromium.sh finds or installs one).`,
  );
}

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  // Playwright empties its output folder on every run: keep it away from test-results/*.json and screenshots.
  outputDir: 'test-results/playwright-artifacts',
  globalSetup: './tests/browser/global-setup.ts',
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  // A bound for a hung run, not a speed budget: about 90 tests take 2-3 minutes on two idle cores and
  // much longer on a shared, busy machine.
  globalTimeout: 10 * 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    headless: true,
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    serviceWorkers: 'block',
    // Tracing every test doubles the run on two cores; ask for it when needed:
    // npx playwright test --trace retain-on-failure
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [{ name: 'chromium' }],
});
