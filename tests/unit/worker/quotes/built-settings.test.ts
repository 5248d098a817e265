/**
 * What the Worker takes from the build when no Worker variable says otherwise (generator/hosts.ts,
 * SETTINGS_FILE): the relay kept requests are sent on to, and the content's keeping period.
 */
import { expect, it } from 'vitest';
import { quoteHostForFile, request } from './host.js';

const host = quoteHostForFile({}, { relayInBuild: true, keepDays: 45 });
const DAY = 24 * 60 * 60 * 1000;

it('sends a request on to the relay the site was built for, with no Worker variable set', async () => {
  const answer = await host().post(request());
  expect(answer.status).toBe(200);
  expect(host().relay.received.map((entry) => entry.fields)).toEqual([request()]);
  expect(await host().sql('SELECT state FROM quote_requests')).toEqual([{ state: 'delivered' }]);
});

it('sends waiting requests on to that relay from the scheduled run too', async () => {
  host().relay.answer('500');
  await host().post(request());
  host().relay.answer('accept');
  await host().sql('UPDATE quote_requests SET next_at = 0');
  await host().scheduled();
  expect(await host().sql('SELECT state FROM quote_requests')).toEqual([{ state: 'delivered' }]);
  expect(host().relay.received).toHaveLength(2);
});

it('deletes requests older than the keeping period the content sets (form.keepDays), at a scheduled run', async () => {
  for (const daysAgo of [46, 44]) {
    await host().sql(
      "INSERT INTO quote_requests (id, received_at, page, language, fields, state, attempts, next_at) VALUES (?, ?, '/contact/', 'en', '{}', 'delivered', 1, 0)",
      `from-${daysAgo}-days`,
      Date.now() - daysAgo * DAY,
    );
  }
  await host().scheduled();
  expect(await host().sql('SELECT id FROM quote_requests')).toEqual([{ id: 'from-44-days' }]);
});
