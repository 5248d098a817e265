/** When a request the relay did not take is tried again, and for how long. */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * The wait after the 1st, 2nd, 3rd, 4th attempt, and after every later one: soon at first, for a
 * relay that failed for a moment, then every 6 hours for one that is down for longer.
 */
export const BACKOFF = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR] as const;

/** After this long a request that never reached the relay is given up (state `refused`). */
export const GIVE_UP_AFTER = 7 * DAY;

/** The wait after an attempt when `attempts` were made before it, as SQL on the column `attempts`. */
export const BACKOFF_SQL = `CASE attempts ${BACKOFF.slice(0, -1)
  .map((wait, before) => `WHEN ${before} THEN ${wait}`)
  .join(' ')} ELSE ${BACKOFF.at(-1)} END`;

/** How long the visitor's own request waits for the relay: less than the least the page waits (5 s). */
export const VISITOR_RELAY_TIMEOUT = 4000;

/** How long a scheduled attempt waits for the relay. */
export const SCHEDULED_RELAY_TIMEOUT = 10_000;

/** Requests sent in one scheduled run, well within a Worker's subrequests. */
export const PER_RUN = 40;

/** QUOTE_KEEP_DAYS, or 180 when it is not a whole number of days. */
export function keepDays(setting: string | undefined): number {
  const days = Number(setting);
  return Number.isInteger(days) && days > 0 ? days : 180;
}
