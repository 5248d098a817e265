/** The counts table (migrations/0003_counts.sql): one row per day, page, language, event and detail. */
import type { D1Database } from '../env.js';
import type { CountEvent } from './events.js';

export interface Counted {
  page: string;
  language: string;
  event: CountEvent;
  detail: string;
}

/** India's offset from UTC: the owner's day starts at midnight in Kerala, not in London. */
const INDIA_OFFSET_MS = 330 * 60_000;

/** The day `at` falls on in India, YYYY-MM-DD. */
export function dayOf(at: number): string {
  return new Date(at + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

export async function count(db: D1Database, { page, language, event, detail }: Counted, now: number): Promise<void> {
  await db
    .prepare(
      'INSERT INTO counts (day, page, language, event, detail, count) VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT DO UPDATE SET count = count + 1',
    )
    .bind(dayOf(now), page, language, event, detail)
    .run();
}
