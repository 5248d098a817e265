/**
 * A check: one thing a visitor does or sees, written once against the Engine interface and run
 * in every engine (suite.ts). Checks run in order in one tab; each opens the page it needs.
 */
import type { RelayClient } from '../../browser/relay.js';
import type { Engine } from '../engine.js';

export interface CheckContext {
  engine: Engine;
  /** The site under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseURL: string;
  /** The stand-in relay the quote form posts to (this run's own, so its default lane). */
  relay: RelayClient;
  /** Where pictures of the pages go, for a person to look at. */
  shots: string;
}

export interface Check {
  name: string;
  run(context: CheckContext): Promise<void>;
}

export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * Fails the check with everything the pages reported since the last look, but for what `allowed`
 * matches (an error the check itself causes, such as a 404 page's own status).
 */
export async function expectNoErrors(engine: Engine, where: string, allowed?: RegExp): Promise<void> {
  const errors = (await engine.takeErrors()).filter((error) => !allowed?.test(error));
  if (errors.length > 0) throw new Error(`${engine.name}, ${where}: the page reported\n  ${errors.join('\n  ')}`);
}

/** Page source that tells whether the first element `selector` matches takes up room on the screen. */
export function shown(selector: string): string {
  return `const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';`;
}

/** Page source that tells whether the element's attribute has this value (null: is absent). */
export function attribute(selector: string, name: string, value: string | null): string {
  return `const element = document.querySelector(${JSON.stringify(selector)});
    return element !== null && element.getAttribute(${JSON.stringify(name)}) === ${JSON.stringify(value)};`;
}
