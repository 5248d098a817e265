/**
 * The counts at a glance for /admin/: a period's visits, quote requests, WhatsApp chats and calls,
 * the page most visits came to, where visits began, and a day-by-day series for the small chart.
 */
import type { D1Database } from '../env.js';
import { SOURCES, type Source } from './sources.js';
import { dayOf } from './store.js';

export interface Period {
  days: number;
  /** The first and the last day counted, YYYY-MM-DD (the last is today). */
  from: string;
  to: string;
  visits: number;
  /** Quote requests kept (the quote_requests table): with and without JavaScript alike. */
  quotes: number;
  /** Taps on a WhatsApp link, the quote form's fallback included. */
  whatsapp: number;
  calls: number;
  /** Quote requests that failed to send and were then carried to WhatsApp or a call. */
  rescued: number;
  /** Quote requests turned away (the trap filled, too many from one address, fields wrong): counted, never sent on. */
  refused: number;
  /** The page with the most visits, by its address; null without visits. */
  topPage: string | null;
  /** Where visits began (sources.ts), the most first; a step within the site is none. */
  sources: Array<{ source: Source; visits: number }>;
  /** One entry a day, oldest first, with no gaps. */
  perDay: Array<{ day: string; visits: number; quotes: number }>;
}

const DAY = 24 * 60 * 60 * 1000;

export async function summarize(db: D1Database, now: number, days: number): Promise<Period> {
  const dayList = Array.from({ length: days }, (_, index) => dayOf(now - (days - 1 - index) * DAY));
  const from = dayList[0]!;
  const to = dayList[dayList.length - 1]!;
  const [events, pages, quotes, refusals, sources] = await Promise.all([
    db
      .prepare('SELECT day, event, SUM(count) AS n FROM counts WHERE day BETWEEN ? AND ? GROUP BY day, event')
      .bind(from, to)
      .all<{ day: string; event: string; n: number }>(),
    db
      .prepare(
        "SELECT page, SUM(count) AS n FROM counts WHERE day BETWEEN ? AND ? AND event = 'view' GROUP BY page ORDER BY n DESC, page LIMIT 1",
      )
      .bind(from, to)
      .all<{ page: string; n: number }>(),
    db
      .prepare('SELECT received_at FROM quote_requests WHERE received_at > ?')
      .bind(now - (days + 1) * DAY)
      .all<{ received_at: number }>(),
    // quote_refusals counts by the day in UTC (quotes/store.ts): within a day of the period's edges.
    db
      .prepare('SELECT SUM(count) AS n FROM quote_refusals WHERE day BETWEEN ? AND ?')
      .bind(new Date(now - (days - 1) * DAY).toISOString().slice(0, 10), new Date(now).toISOString().slice(0, 10))
      .all<{ n: number | null }>(),
    db
      .prepare(
        "SELECT detail, SUM(count) AS n FROM counts WHERE day BETWEEN ? AND ? AND event = 'view' AND detail != '' GROUP BY detail ORDER BY n DESC, detail",
      )
      .bind(from, to)
      .all<{ detail: string; n: number }>(),
  ]);
  const total = (...names: string[]) => events.results.filter((row) => names.includes(row.event)).reduce((sum, row) => sum + row.n, 0);
  const quoteDays = quotes.results.map((row) => dayOf(row.received_at)).filter((day) => day >= from && day <= to);
  return {
    days,
    from,
    to,
    visits: total('view'),
    quotes: quoteDays.length,
    whatsapp: total('whatsapp', 'rescued-whatsapp'),
    calls: total('call', 'rescued-call'),
    rescued: total('rescued-whatsapp', 'rescued-call'),
    refused: refusals.results[0]?.n ?? 0,
    topPage: pages.results[0]?.page ?? null,
    sources: sources.results
      .filter((row) => (SOURCES as readonly string[]).includes(row.detail))
      .map((row) => ({ source: row.detail as Source, visits: row.n })),
    perDay: dayList.map((day) => ({
      day,
      visits: events.results.filter((row) => row.day === day && row.event === 'view').reduce((sum, row) => sum + row.n, 0),
      quotes: quoteDays.filter((quoteDay) => quoteDay === day).length,
    })),
  };
}
