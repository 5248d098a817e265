/**
 * Firefox (Debian's firefox-esr) for the shared checks, through puppeteer-core over WebDriver
 * BiDi, which needs no driver program. Errors come from the page's console, uncaught exceptions
 * and failed requests, as BiDi reports them. Passkeys: the virtual authenticator through
 * Marionette (marionette.ts), which BiDi lacks.
 */
import puppeteer, { type Page } from 'puppeteer-core';
import { freePort } from '../browser/test-site.js';
import { HANG_BOUND_MS, type Engine } from './engine.js';
import { connectMarionette, type Marionette } from './marionette.js';

export function firefoxPath(): string {
  return process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
}

export async function launchFirefox(): Promise<Engine> {
  const marionettePort = await freePort();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    defaultViewport: { width: 1280, height: 800 },
    args: ['--marionette'],
    extraPrefsFirefox: {
      // Scrollbars drawn over the page, as on a phone: a 360 px window is a 360 px layout viewport.
      'ui.useOverlayScrollbars': 1,
      'marionette.port': marionettePort,
      // Passkeys go to the virtual authenticator a check adds, not to a USB key or the system's.
      'security.webauth.webauthn_enable_softtoken': true,
      'security.webauth.webauthn_enable_usbtoken': false,
    },
  });
  let marionette: Marionette | undefined;
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
    page.on('requestfailed', (request) => {
      // A request the next navigation cancelled is not the page's fault.
      const failure = request.failure()?.errorText ?? 'failed';
      if (!/NS_BINDING_ABORTED/.test(failure)) errors.push(`request failed: ${request.url()} (${failure})`);
    });
  };
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  watch(page);
  // Leaving a page with a value typed and not saved asks first; the person leaving says yes.
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : undefined));
  return {
    name: 'firefox',
    open: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    resize: (width, height) => page.setViewport({ width, height }),
    evaluate: <T>(body: string) => page.evaluate(`(async () => {${body}})()`) as Promise<T>,
    click: (selector) => page.click(selector),
    clickAt: (x, y) => page.mouse.click(x, y),
    type: (selector, text) => page.type(selector, text),
    press: (key) => page.keyboard.press(key),
    // The viewport as it is scrolled (puppeteer's default draws the page's top instead).
    screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png`, captureBeyondViewport: false })),
    takeErrors: async () => errors.splice(0),
    newTab: async (action) => {
      const opened = new Promise<Page>((resolve) => page.once('popup', (tab) => tab && resolve(tab)));
      await action();
      const tab = await opened;
      // Read in the tab itself: the address puppeteer keeps can still say about:blank then.
      const address = await tab.waitForFunction(() => location.href !== 'about:blank' && location.href, { timeout: HANG_BOUND_MS });
      const result = { url: openedAddress(String(await address.jsonValue())), hasOpener: await tab.evaluate(() => window.opener !== null) };
      await tab.close();
      await page.bringToFront();
      return result;
    },
    addPhoneLock: async () => {
      marionette ??= await connectMarionette(marionettePort);
      await marionette.send('WebAuthn:AddVirtualAuthenticator', {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserConsenting: true,
        isUserVerified: true,
      });
      // Firefox refuses navigator.credentials to a page whose window lacks the focus, and a headless
      // window never gets it by itself.
      const [tab] = await marionette.send<string[]>('WebDriver:GetWindowHandles');
      await marionette.send('WebDriver:SwitchToWindow', { handle: tab, focus: true });
      return { added: true };
    },
    addCookie: (name, value) =>
      page.setCookie({ name, value, url: new URL('/', page.url()).href, secure: true, httpOnly: true, sameSite: 'Strict' }),
    close: async () => {
      marionette?.close();
      await browser.close();
    },
  };
}

/**
 * The address a tab was opened with. The test machine reaches no other host, and Firefox then
 * shows its error page, which carries the address it could not load in `u`.
 */
function openedAddress(url: string): string {
  return url.startsWith('about:neterror') ? (new URL(url).searchParams.get('u') ?? url) : url;
}
