/**
 * WebKit (Safari's engine) for the shared checks: Debian's WebKitGTK, driven through its
 * WebKitWebDriver and selenium-webdriver over classic WebDriver, in the MiniBrowser it ships,
 * on a virtual display. Classic WebDriver cannot read the console, so the run's copy of the site
 * loads an error probe first in every page (probe.ts), and errors are read from it.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Builder, By, Capabilities, Key, Origin, type WebDriver } from 'selenium-webdriver';
import { freePort } from '../browser/test-site.js';
import { HANG_BOUND_MS, type Engine } from './engine.js';
import { TAKE_PROBE_ERRORS } from './probe.js';
import { startDisplay } from './xvfb.js';

export function webkitDriverPath(): string {
  return process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
}

export function miniBrowserPath(): string {
  return process.env.WEBKIT_BROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
}

/**
 * MiniBrowser's toolbar holds a GTK window at 447 px or wider; a phone is 320-412 px. A private
 * GTK theme file (read from $XDG_CONFIG_HOME) shrinks the toolbar's parts to nothing.
 */
const SMALL_TOOLBAR = `toolbar, toolbar *, headerbar, headerbar *, entry, button, box {
  min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px;
}
`;

const KEYS = { Escape: Key.ESCAPE, Enter: Key.ENTER, Tab: Key.TAB } as const;

export async function launchWebKit(): Promise<Engine> {
  const display = await startDisplay();
  const config = await mkdtemp(path.join(tmpdir(), 'webkit-engine-'));
  await mkdir(path.join(config, 'gtk-3.0'));
  await writeFile(path.join(config, 'gtk-3.0', 'gtk.css'), SMALL_TOOLBAR);
  const port = await freePort();
  const driverProcess = spawn(webkitDriverPath(), [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display.name, XDG_CONFIG_HOME: config },
  });
  const stop = async () => {
    driverProcess.kill();
    display.close();
    await rm(config, { recursive: true, force: true });
  };
  let driver: WebDriver;
  try {
    await driverListening(`http://127.0.0.1:${port}`, driverProcess);
    const capabilities = new Capabilities({
      browserName: 'MiniBrowser',
      // The owner's editor is reached at https://localhost with a certificate made for the run (editor-site.ts).
      acceptInsecureCerts: true,
      'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
    });
    driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build();
    await driver.manage().setTimeouts({ script: HANG_BOUND_MS, pageLoad: HANG_BOUND_MS });
  } catch (error) {
    await stop();
    throw error;
  }
  const evaluate = <T>(body: string) => driver.executeScript<T>(`return (async () => {${body}})()`);
  /** The page's viewport once it has settled: the same after two frames as before them. */
  const settledViewport = async (): Promise<[number, number]> => {
    const read = () =>
      evaluate<[number, number]>(
        'await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))); return [innerWidth, innerHeight];',
      );
    let previous = await read();
    for (;;) {
      const next = await read();
      if (next[0] === previous[0] && next[1] === previous[1]) return next;
      previous = next;
    }
  };
  const resize = async (width: number, height: number) => {
    // The window's size includes the toolbar: size the window, see what the page got, and make
    // up the toolbar's share.
    let chrome = { width: 0, height: 0 };
    for (let attempt = 0; attempt < 3; attempt++) {
      await driver
        .manage()
        .window()
        .setRect({ width: width + chrome.width, height: height + chrome.height });
      const [innerWidth, innerHeight] = await settledViewport();
      if (innerWidth === width && innerHeight === height) return;
      const rect = await driver.manage().window().getRect();
      chrome = { width: rect.width - innerWidth, height: rect.height - innerHeight };
    }
    throw new Error(`WebKit's window would not give the page ${width} × ${height} px`);
  };
  const engine: Engine = {
    name: 'webkit',
    open: (url) => driver.get(url),
    resize,
    evaluate,
    click: async (selector) => {
      const element = await driver.findElement(By.css(selector));
      // WebKit's driver scrolls an element only to the edge of the window, where the page's fixed
      // WhatsApp button may stand over it; a visitor would bring it up to the middle first.
      await driver.executeScript('arguments[0].scrollIntoView({ block: "center" });', element);
      await element.click();
    },
    clickAt: (x, y) =>
      driver
        .actions()
        .move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT })
        .click()
        .perform(),
    type: async (selector, text) => driver.findElement(By.css(selector)).sendKeys(text),
    press: (key) => driver.actions().sendKeys(KEYS[key]).perform(),
    screenshot: async (file) => {
      await evaluate('await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));');
      await writeFile(file, Buffer.from(await driver.takeScreenshot(), 'base64'));
    },
    takeErrors: () => evaluate<string[]>(TAKE_PROBE_ERRORS),
    newTab: async (action) => {
      const home = await driver.getWindowHandle();
      const before = new Set(await driver.getAllWindowHandles());
      await action();
      let tab: string | undefined;
      await driver.wait(
        async () => (tab = (await driver.getAllWindowHandles()).find((handle) => !before.has(handle))) !== undefined,
        HANG_BOUND_MS,
        'no new tab opened',
      );
      await driver.switchTo().window(tab!);
      await driver.wait(async () => (await driver.getCurrentUrl()) !== 'about:blank', HANG_BOUND_MS, 'the new tab never left about:blank');
      const result = { url: await driver.getCurrentUrl(), hasOpener: await driver.executeScript<boolean>('return window.opener !== null') };
      await driver.close();
      await driver.switchTo().window(home);
      return result;
    },
    addPhoneLock: async () => {
      // Asked of the driver as W3C's Web Authentication defines the command, and answered as it is.
      const session = (await driver.getSession()).getId();
      const answer = await fetch(`http://127.0.0.1:${port}/session/${session}/webauthn/authenticator`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
        }),
      });
      if (answer.ok) return { added: true };
      const page = await evaluate<string>(
        "return 'the page has PublicKeyCredential ' + typeof PublicKeyCredential + ', navigator.credentials ' + typeof navigator.credentials + (isSecureContext ? ', in a secure context' : '');",
      );
      return { added: false, refusal: `WebKitWebDriver answered ${answer.status} ${await answer.text()}; ${page}` };
    },
    addCookie: (name, value) => driver.manage().addCookie({ name, value, path: '/', secure: true, httpOnly: true, sameSite: 'Strict' }),
    close: async () => {
      await driver.quit().catch(() => undefined);
      await stop();
    },
  };
  await resize(1280, 800);
  return engine;
}

/** Waits until the driver answers its status address (it takes a moment to listen). */
async function driverListening(origin: string, child: ReturnType<typeof spawn>): Promise<void> {
  const started = Date.now();
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  child.once('error', () => (exited = -1));
  while (Date.now() - started < HANG_BOUND_MS) {
    if (exited !== null)
      throw new Error(
        `WebKitWebDriver (${webkitDriverPath()}) stopped at once (exit ${exited}). On Debian: apt-get install webkit2gtk-driver.`,
      );
    try {
      if ((await fetch(`${origin}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`WebKitWebDriver did not answer at ${origin} within ${HANG_BOUND_MS / 1000} s.`);
}
