import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { BUDGETS } from '../../../bench/weights.js';
import { bundleAssets } from '../../../generator/bundle/bundle.js';

/** The whole client bundle's gzipped budget (bench/weights.js): every visitor's phone fetches it. */
const BUDGET = BUDGETS.jsGzip;

test('the client bundle is within its gzipped budget and carries every enhancement', async () => {
  const bundle = await bundleAssets();
  const script = bundle.files.find((file) => file.path === bundle.js.slice(1));
  expect(script, `the bundle lists ${bundle.js}`).toBeDefined();
  const source = Buffer.from(script!.contents);
  const gzipped = gzipSync(source, { level: 9 }).length;
  expect(gzipped).toBeLessThanOrEqual(BUDGET);

  // Guard against measuring an empty or partial file: each enhancement's hook is in there.
  const text = source.toString('utf8');
  for (const hook of ['data-year', 'data-header', 'data-menu-toggle', 'data-quote-form', 'data-whatsapp-toggle']) {
    expect(text, hook).toContain(hook);
  }
  // The counts are in, and send with sendBeacon.
  expect(text).toContain('sendBeacon');
  // No framework came along.
  expect(text).not.toMatch(/react/i);
});
