/**
 * How many requests one address may send an hour. The address is kept only as a hash salted with
 * that hour's own random salt, and both go 2 hours after the hour began (forget), so no visitor can
 * be told apart afterwards.
 */
import type { D1Database } from '../env.js';
import { randomToken, sha256 } from '../crypto.js';

/**
 * Enough for a family sending a few requests; from the 6th in an hour a request is held: kept for
 * the owner's inbox but not emailed, since many phones on one mobile network can share an address.
 */
export const PER_HOUR = 5;

/** How many held requests the whole site keeps an hour; past that, a request over its limit is turned away. */
export const HELD_PER_HOUR = 20;

export const HOUR = 60 * 60 * 1000;

/** Counts this request from `address`; false once it is more than the hour allows. */
export async function withinLimit(db: D1Database, address: string, now: number): Promise<boolean> {
  const hour = Math.floor(now / HOUR);
  const salt = await db
    .prepare('INSERT INTO quote_salts (hour, salt) VALUES (?, ?) ON CONFLICT (hour) DO UPDATE SET salt = salt RETURNING salt')
    .bind(hour, randomToken())
    .first<{ salt: string }>();
  const row = await db
    .prepare(
      'INSERT INTO quote_senders (hour, sender_hash, count) VALUES (?, ?, 1) ON CONFLICT (hour, sender_hash) DO UPDATE SET count = count + 1 RETURNING count',
    )
    .bind(hour, await sha256(`${salt!.salt}:${address}`))
    .first<{ count: number }>();
  return row!.count <= PER_HOUR;
}

/** Deletes the hashes and salts of every hour that began 2 hours ago or earlier. */
export async function forget(db: D1Database, now: number): Promise<void> {
  const hour = Math.floor(now / HOUR);
  await db.batch([
    db.prepare('DELETE FROM quote_senders WHERE hour <= ?').bind(hour - 2),
    db.prepare('DELETE FROM quote_salts WHERE hour <= ?').bind(hour - 2),
  ]);
}
