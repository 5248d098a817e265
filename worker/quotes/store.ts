/** The kept quote requests in D1 (worker/migrations/0002_quotes.sql). */
import type { D1Database } from '../env.js';
import { randomToken } from '../crypto.js';
import type { QuoteFields } from './fields.js';
import { HOUR } from './limit.js';
import { BACKOFF, BACKOFF_SQL, GIVE_UP_AFTER, PER_RUN } from './schedule.js';

export interface KeptRequest {
  id: string;
  /** The address of the page the form was on. */
  page: string;
  fields: QuoteFields;
}

/**
 * Keeps a new request, already counted as its first attempt: the visitor's request sends it at once,
 * and its next time is after the first wait, so no scheduled run sends it meanwhile.
 */
export async function keep(
  db: D1Database,
  fields: QuoteFields,
  page: string,
  language: string,
  now: number,
  ref: string | null = null,
): Promise<KeptRequest> {
  const id = randomToken();
  await db
    .prepare(
      "INSERT INTO quote_requests (id, received_at, page, language, fields, state, attempts, next_at, request_ref) VALUES (?, ?, ?, ?, ?, 'waiting', 1, ?, ?)",
    )
    .bind(id, now, page, language, JSON.stringify(fields), now + BACKOFF[0], ref)
    .run();
  return { id, page, fields };
}

/**
 * Why a held request was not emailed, as the inbox keeps it (admin/owner-words.ts says it to the
 * owner). A held request is the only one kept without an attempt.
 */
export const HELD = 'Held: more than the hourly limit came from one address.';

/**
 * Keeps a request over its address's hourly limit without sending it on: a real customer behind a
 * shared address is not lost, and a flood does not reach the owner's email.
 */
export async function hold(
  db: D1Database,
  fields: QuoteFields,
  page: string,
  language: string,
  now: number,
  ref: string | null,
): Promise<void> {
  await db
    .prepare(
      "INSERT INTO quote_requests (id, received_at, page, language, fields, state, attempts, next_at, last_error, request_ref) VALUES (?, ?, ?, ?, ?, 'refused', 0, ?, ?, ?)",
    )
    .bind(randomToken(), now, page, language, JSON.stringify(fields), now, HELD, ref)
    .run();
}

/** How many requests were held within the hour before `now`. */
export async function heldWithinHour(db: D1Database, now: number): Promise<number> {
  const row = await db
    .prepare("SELECT count(*) AS held FROM quote_requests WHERE state = 'refused' AND attempts = 0 AND received_at > ?")
    .bind(now - HOUR)
    .first<{ held: number }>();
  return row?.held ?? 0;
}

/** How far back a request's mark is looked for: a visitor sends one again within minutes. */
const SENT_AGAIN_WITHIN = 24 * 60 * 60 * 1000;

/**
 * Whether this request was kept already: the same mark and the same fields, sent again because its
 * answer was lost on the way. Changed before it was sent again, it is a request of its own.
 */
export async function keptAlready(db: D1Database, ref: string, fields: QuoteFields, now: number): Promise<boolean> {
  const found = await db
    .prepare('SELECT 1 AS found FROM quote_requests WHERE request_ref = ? AND fields = ? AND received_at > ? LIMIT 1')
    .bind(ref, JSON.stringify(fields), now - SENT_AGAIN_WITHIN)
    .first<{ found: number }>();
  return found !== null;
}

/**
 * Claims the waiting requests that are due, in one statement: each gets its attempt counted and its
 * next time moved on before it is sent, so a second run at the same moment finds it not due.
 */
export async function claimDue(db: D1Database, now: number): Promise<KeptRequest[]> {
  const { results } = await db
    .prepare(
      `UPDATE quote_requests SET attempts = attempts + 1, next_at = ? + ${BACKOFF_SQL}
       WHERE state = 'waiting' AND next_at <= ? AND id IN
         (SELECT id FROM quote_requests WHERE state = 'waiting' AND next_at <= ? ORDER BY next_at LIMIT ${PER_RUN})
       RETURNING id, page, fields`,
    )
    .bind(now, now, now)
    .all<{ id: string; page: string; fields: string }>();
  return results.map((row) => ({ id: row.id, page: row.page, fields: JSON.parse(row.fields) as QuoteFields }));
}

export async function markDelivered(db: D1Database, id: string, now: number): Promise<void> {
  await db
    .prepare("UPDATE quote_requests SET state = 'delivered', delivered_at = ?, last_error = NULL WHERE id = ? AND state = 'waiting'")
    .bind(now, id)
    .run();
}

export async function markFailed(db: D1Database, id: string, error: string): Promise<void> {
  await db.prepare('UPDATE quote_requests SET last_error = ? WHERE id = ?').bind(error, id).run();
}

/** Gives up the requests that have waited too long, and deletes those older than the keeping period. */
export async function tidy(db: D1Database, now: number, keepDays: number): Promise<void> {
  await db.batch([
    db
      .prepare(
        "UPDATE quote_requests SET state = 'refused', last_error = ? || coalesce(' The last attempt: ' || last_error, '') WHERE state = 'waiting' AND received_at <= ?",
      )
      .bind(`Not taken by the relay within ${GIVE_UP_AFTER / 86_400_000} days, so no longer sent.`, now - GIVE_UP_AFTER),
    db.prepare('DELETE FROM quote_requests WHERE received_at <= ?').bind(now - keepDays * 86_400_000),
  ]);
}

/** Counts one turned-away request for its day and reason. */
export async function countRefusal(db: D1Database, reason: string, now: number): Promise<void> {
  await db
    .prepare('INSERT INTO quote_refusals (day, reason, count) VALUES (?, ?, 1) ON CONFLICT (day, reason) DO UPDATE SET count = count + 1')
    .bind(new Date(now).toISOString().slice(0, 10), reason)
    .run();
}
