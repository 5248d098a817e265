/**
 * What the global setup hands the test workers: where the site and the stand-in relay are.
 * It travels in an environment variable (workers start after the global setup and inherit it),
 * so two test runs in the same folder never read each other's addresses.
 */
export const ENV_VARIABLE = 'SITE_BROWSER_TESTS';

export interface BrowserEnv {
  /** The `site preview` origin, e.g. http://127.0.0.1:41234 (also the site URL it was built for). */
  baseURL: string;
  /** Where the relay's control endpoints live. */
  relayOrigin: string;
  /** The address the quote form posts to. */
  relayEndpoint: string;
  /** The built site folder. */
  dist: string;
}

let cached: BrowserEnv | undefined;

export function browserEnv(): BrowserEnv {
  if (cached) return cached;
  const raw = process.env[ENV_VARIABLE];
  if (!raw)
    throw new Error(
      `${ENV_VARIABLE} is not set: run the browser tests with "npx playwright test", whose global setup builds and serves the site.`,
    );
  cached = JSON.parse(raw) as BrowserEnv;
  return cached;
}
