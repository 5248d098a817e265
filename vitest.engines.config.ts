/**
 * The shared checks in every browser engine (tests/engines): one file per engine (Chromium,
 * Firefox and WebKit), two of the three side by side, one per core of a two-core machine.
 * scripts/test.sh runs it after the Playwright suite.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/engines/**/*.engine.test.ts'],
    maxWorkers: 2,
    // Bounds for a hang, not speed budgets (each wait inside a check has its own bound too).
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
