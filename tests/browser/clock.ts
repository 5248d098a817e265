/** The page's clock under the test's control. */
import type { Page } from '@playwright/test';

/** Any fixed moment: nothing on the site depends on the date the browser believes it is. */
const START = Date.parse('2030-01-15T09:00:00Z');
/** Longer than any test may run (their timeout), so the pause below is always ahead of the clock. */
const HOUR = 60 * 60_000;

/**
 * Installs fake timers at a fixed time and pauses them, before the page loads: every timer the
 * page sets (the success message, the relay timeout) fires only when the test runs the clock, so a
 * slow machine changes nothing. Until the first page loads, the clock of the blank tab keeps real
 * time between the two calls; pausing an hour ahead can never be in its past.
 */
export async function pauseClockBeforeLoad(page: Page): Promise<void> {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + HOUR);
}

/**
 * Runs a paused clock past the page's next frame: the quote form starts its request only after
 * the frame that shows "Sending...", and a paused clock gives the page no frame of its own.
 */
export async function runPastNextFrame(page: Page): Promise<void> {
  await page.clock.runFor(100);
}
