// How every tool here starts Chromium (browser tests, Lighthouse, the share picture): headless,
// and without the background services that try to reach the internet, which a closed network
// answers with a burst of refused connections at every start.
import { existsSync } from 'node:fs';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * For the browser tests only: no emulated GPU. Playwright asks for SwiftShader, a GPU drawn on the
 * CPU, which costs the two cores of a test machine more than plain software compositing; the
 * tests measure layout, not GPU output. (Lighthouse keeps Chromium's defaults, to score as a
 * visitor's browser would.)
 */
export const TEST_CHROMIUM = {
  args: [...CHROMIUM_FLAGS, '--disable-software-rasterizer'],
  ignoreDefaultArgs: ['--enable-unsafe-swiftshader'],
};

/** Debian's chromium-headless-shell: the same engine as its chromium, without the desktop browser around it. */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** $CHROME_PATH when set, else Debian's Chromium. */
export function chromiumPath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

/** For the browser tests: $CHROME_PATH when set, else the headless shell when installed, else Debian's Chromium. */
export function testChromiumPath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}
