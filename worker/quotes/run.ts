/**
 * The scheduled run (worker/wrangler.jsonc, triggers): sends the kept requests whose time has come,
 * each at most once a run, gives up those older than 7 days, deletes those older than
 * QUOTE_KEEP_DAYS, and forgets the last hours' address hashes.
 */
import type { Env } from '../env.js';
import { forget } from './limit.js';
import { deliver } from './relay.js';
import { keepingDays, relayAddress } from './built-settings.js';
import { SCHEDULED_RELAY_TIMEOUT } from './schedule.js';
import { claimDue, markDelivered, markFailed, tidy } from './store.js';

export async function runQuotes(env: Env, now: number): Promise<void> {
  await tidy(env.DB, now, await keepingDays(env));
  await forget(env.DB, now);
  const due = await claimDue(env.DB, now);
  const relay = due.length > 0 ? await relayAddress(env) : undefined;
  await Promise.all(
    due.map(async (request) => {
      const delivery = await deliver(relay, request, SCHEDULED_RELAY_TIMEOUT);
      if (delivery.delivered) await markDelivered(env.DB, request.id, Date.now());
      else await markFailed(env.DB, request.id, delivery.error);
    }),
  );
}
