import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/browser/**', 'tests/engines/**', 'node_modules/**'],
    // Bounds for a hung test or hook, not speed budgets: a loaded two-core machine can take
    // several times as long as an idle one, and that must not turn a test red.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
