/**
 * Claiming the due requests for a scheduled run: one statement marks each as taken, so two runs
 * claiming at the same moment never both get one, and a delivered request is never claimed.
 */
import { expect, it } from 'vitest';
import { claimDue, keep, markDelivered } from '../../../../worker/quotes/store.js';
import { quoteHostForFile, request } from './host.js';

const host = quoteHostForFile();

it('gives each of 20 due requests to one of two runs claiming at the same moment, never to both', async () => {
  const now = Date.now();
  for (let index = 1; index <= 20; index++)
    await keep(host().db, request({ name: `Customer ${index}` }), 'https://movers.example/contact/', 'en', now - 2 * 60 * 1000);
  await host().sql('UPDATE quote_requests SET next_at = 0');
  const [first, second] = await Promise.all([claimDue(host().db, now), claimDue(host().db, now)]);
  const claimed = [...first!, ...second!].map((kept) => kept.fields.name);
  expect(claimed).toHaveLength(20);
  expect(new Set(claimed).size).toBe(20);
  expect(await host().sql('SELECT DISTINCT attempts FROM quote_requests')).toEqual([{ attempts: 2 }]);
});

it('never claims a delivered request, whatever its next time', async () => {
  const kept = await keep(host().db, request(), 'https://movers.example/contact/', 'en', Date.now());
  await markDelivered(host().db, kept.id, Date.now());
  await host().sql('UPDATE quote_requests SET next_at = 0');
  expect(await claimDue(host().db, Date.now())).toEqual([]);
});
