/**
 * What the shared checks (checks/) need from a browser engine, and nothing more: each engine's
 * adapter (chromium.ts, firefox.ts, webkit.ts) drives its browser through the library that can
 * reach it here, and the checks never know which one runs.
 *
 * Every wait is for a state, bounded only against a hang: a slow machine makes a check slower,
 * never red.
 */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

export interface Engine {
  readonly name: EngineName;
  /** Loads an address in the tab and waits for its load event. */
  open(url: string): Promise<void>;
  /** Makes the page's viewport this wide and tall, in CSS pixels. */
  resize(width: number, height: number): Promise<void>;
  /**
   * Runs `body` as the body of an async function in the page and returns what it returns
   * (a JSON value). A string, not a closure: every engine's library sends the source as text.
   */
  evaluate<T>(body: string): Promise<T>;
  /** A pointer click at the middle of the first element `selector` matches, scrolled into view first. */
  click(selector: string): Promise<void>;
  /** A pointer click at this point of the viewport, whatever is there. */
  clickAt(x: number, y: number): Promise<void>;
  /** Focuses the element and types `text` key by key, as a person would. */
  type(selector: string, text: string): Promise<void>;
  /** Presses one key on whatever has the focus. */
  press(key: 'Escape' | 'Enter' | 'Tab'): Promise<void>;
  /** Saves a picture of the viewport as PNG. */
  screenshot(file: string): Promise<void>;
  /** Console errors, uncaught exceptions and failed loads the pages reported since the last call. */
  takeErrors(): Promise<string[]>;
  /**
   * Runs `action`, which must open a new tab; returns that tab's address and whether its page can
   * reach the page that opened it (`window.opener`), then closes it and comes back to this one.
   */
  newTab(action: () => Promise<void>): Promise<{ url: string; hasOpener: boolean }>;
  /**
   * Gives the browser a phone's own lock for passkeys: a virtual authenticator (the WebDriver
   * extension of W3C's Web Authentication, or Chromium's DevTools twin of it) that keeps
   * discoverable credentials and verifies the user whenever asked. When the engine has none,
   * answers what its driver and page said instead.
   */
  addPhoneLock(): Promise<{ added: true } | { added: false; refusal: string }>;
  /** Gives the open page's site a cookie as its server would set it: Secure, HttpOnly, SameSite=Strict, Path=/. */
  addCookie(name: string, value: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts an engine's browser with JavaScript on, its viewport 1280 × 800. */
export type LaunchEngine = () => Promise<Engine>;

/** How long a wait may take before it is a hang rather than a slow machine. */
export const HANG_BOUND_MS = 30_000;

/**
 * Waits until `condition` (a function body run in the page, like `evaluate`) returns true,
 * asking again after each animation frame's worth of time. Throws, naming `what`, when it never does.
 */
export async function waitUntil(engine: Engine, condition: string, what: string): Promise<void> {
  const started = Date.now();
  let last: unknown;
  for (;;) {
    try {
      if ((last = await engine.evaluate<unknown>(condition)) === true) return;
    } catch (error) {
      // A navigation in progress can replace the page under the call; ask the new one.
      last = error;
    }
    if (Date.now() - started > HANG_BOUND_MS) {
      throw new Error(`${engine.name}: waited ${HANG_BOUND_MS / 1000} s for ${what}; it never happened (last answer: ${String(last)}).`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
