/**
 * The inbox's rows: the kept quote requests, newest first, with where the owner is with each and
 * whether the relay took it, and the owner's two writes: marking a request, and sending it again.
 */
import type { D1Database, Env } from '../env.js';
import type { QuoteFields } from '../quotes/fields.js';
import { deliver } from '../quotes/relay.js';
import { relayAddress } from '../quotes/built-settings.js';
import { SCHEDULED_RELAY_TIMEOUT } from '../quotes/schedule.js';
import { markDelivered, markFailed } from '../quotes/store.js';

export const HANDLED = ['new', 'contacted', 'done'] as const;
export type Handled = (typeof HANDLED)[number];

export interface InboxRequest {
  id: string;
  receivedAt: number;
  language: string;
  fields: QuoteFields;
  handled: Handled;
  state: 'waiting' | 'delivered' | 'refused';
  deliveredAt: number | null;
  nextAt: number;
  lastError: string | null;
}

interface Row {
  id: string;
  received_at: number;
  language: string;
  fields: string;
  handled: Handled;
  state: InboxRequest['state'];
  delivered_at: number | null;
  next_at: number;
  last_error: string | null;
}

/** Enough for a season on one screen; older requests stay kept until their period ends. */
const SHOWN = 200;

export async function listRequests(db: D1Database): Promise<InboxRequest[]> {
  const { results } = await db
    .prepare(
      `SELECT id, received_at, language, fields, handled, state, delivered_at, next_at, last_error FROM quote_requests ORDER BY received_at DESC LIMIT ${SHOWN}`,
    )
    .all<Row>();
  return results.map((row) => ({
    id: row.id,
    receivedAt: row.received_at,
    language: row.language,
    fields: JSON.parse(row.fields) as QuoteFields,
    handled: row.handled,
    state: row.state,
    deliveredAt: row.delivered_at,
    nextAt: row.next_at,
    lastError: row.last_error,
  }));
}

/** Marks a request new, contacted or done; false when it is not kept (any more). */
export async function markHandled(db: D1Database, id: string, handled: Handled): Promise<boolean> {
  const { meta } = await db.prepare('UPDATE quote_requests SET handled = ? WHERE id = ?').bind(handled, id).run();
  return meta.changes > 0;
}

/**
 * Sends a kept request to the relay again, now, whatever its state: the owner asks when an email
 * never came. A request that was given up waits again, so the scheduled run keeps trying it.
 */
export async function resend(env: Env, id: string, now: number): Promise<boolean> {
  const row = await env.DB.prepare('SELECT page, fields FROM quote_requests WHERE id = ?')
    .bind(id)
    .first<{ page: string; fields: string }>();
  if (!row) return false;
  await env.DB.prepare("UPDATE quote_requests SET state = 'waiting', attempts = attempts + 1, next_at = ? WHERE id = ?")
    .bind(now + 60_000, id)
    .run();
  const delivery = await deliver(
    await relayAddress(env),
    { id, page: row.page, fields: JSON.parse(row.fields) as QuoteFields },
    SCHEDULED_RELAY_TIMEOUT,
  );
  if (delivery.delivered) await markDelivered(env.DB, id, Date.now());
  else await markFailed(env.DB, id, delivery.error);
  return true;
}
