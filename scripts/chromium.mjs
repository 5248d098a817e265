// How every tool here starts Chromium (browser tests, Lighthouse, the share picture): headless,
// and without the background services that try to reach the internet, which a closed network
// answers with a burst of refused connections at every start.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** $CHROME_PATH when set, else Debian's Chromium. */
export function chromiumPath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}
