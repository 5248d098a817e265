/**
 * Runs once before the browser tests, in the runner's process: starts the site under test
 * (test-site.ts: the frozen sample built and served, with the stand-in relay), so the specs may
 * assert the sample's values. The addresses reach the test workers through an environment
 * variable. Returns the teardown.
 */
import { ENV_VARIABLE } from './env.js';
import { startTestSite } from './test-site.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const site = await startTestSite();
  process.env[ENV_VARIABLE] = JSON.stringify(site.env);
  console.log(
    `[browser tests] site built and served at ${site.env.baseURL}, relay at ${site.env.relayEndpoint} (${Date.now() - started} ms)`,
  );
  return site.close;
}
