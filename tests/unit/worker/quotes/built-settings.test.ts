/**
 * Where the Worker sends kept requests on when the owner set no FORM_RELAY: the relay the site was
 * built for, from the file a Cloudflare build leaves under /api/ (generator/hosts.ts).
 */
import { expect, it } from 'vitest';
import { quoteHostForFile, request } from './host.js';

const host = quoteHostForFile({}, { relayInBuild: true });

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
