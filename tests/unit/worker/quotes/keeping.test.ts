/**
 * How long a quote request is kept: the scheduled run deletes those older than QUOTE_KEEP_DAYS (here
 * 30) and gives up sending those the relay has not taken within 7 days. Ages are set in the rows.
 */
import { expect, it } from 'vitest';
import { quoteHostForFile, request } from './host.js';

const host = quoteHostForFile({ QUOTE_KEEP_DAYS: '30' });
const DAY = 24 * 60 * 60 * 1000;

async function keptFrom(daysAgo: number, state: 'waiting' | 'delivered'): Promise<void> {
  await host().sql(
    'INSERT INTO quote_requests (id, received_at, page, language, fields, state, attempts, next_at) VALUES (?, ?, ?, ?, ?, ?, 3, 0)',
    `from-${daysAgo}-days`,
    Date.now() - daysAgo * DAY,
    'https://movers.example/contact/',
    'en',
    JSON.stringify(request({ name: `From ${daysAgo} days ago` })),
    state,
  );
}

it('deletes the requests older than the keeping period at a scheduled run, and keeps the younger ones', async () => {
  await keptFrom(31, 'delivered');
  await keptFrom(29, 'delivered');
  await host().scheduled();
  expect(await host().sql('SELECT id FROM quote_requests')).toEqual([{ id: 'from-29-days' }]);
});

it('gives up a request the relay has not taken within 7 days: marked refused, with why, and not sent', async () => {
  await keptFrom(8, 'waiting');
  await host().sql("UPDATE quote_requests SET last_error = 'The relay answered 500 Internal Server Error.'");
  await keptFrom(6, 'waiting');
  await host().scheduled();
  const rows = await host().sql<{ id: string; state: string; last_error: string | null }>(
    'SELECT id, state, last_error FROM quote_requests ORDER BY id',
  );
  expect(rows).toEqual([
    { id: 'from-6-days', state: 'delivered', last_error: null },
    {
      id: 'from-8-days',
      state: 'refused',
      last_error:
        'Not taken by the relay within 7 days, so no longer sent. The last attempt: The relay answered 500 Internal Server Error.',
    },
  ]);
  expect(host().relay.accepted()).toEqual(['From 6 days ago']);
});
