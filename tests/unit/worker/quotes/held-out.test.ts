/**
 * The promise of keeping quote requests, end to end in workerd with the relay stand-in: with the
 * relay down for each request's first three tries, 20 requests as the page's script sends them and
 * 5 as a form without JavaScript posts them are all in the owner's inbox, all reach the relay once it
 * is back and none twice once it took them; a request with the trap field filled reaches neither;
 * and one past its keeping period is gone after the scheduled run. Time moves by writing the rows'
 * next try and arrival, never by waiting.
 */
import { expect, it } from 'vitest';
import { SITE } from '../../../helpers/worker.js';
import { signIn } from '../admin/sign-in.js';
import { quoteHostForFile, request } from './host.js';

const host = quoteHostForFile({ QUOTE_KEEP_DAYS: '30' });
const DAY = 24 * 60 * 60 * 1000;

/** One scheduled run with every waiting request due, as if its backoff had passed. */
async function runWhenDue(): Promise<void> {
  await host().sql('UPDATE quote_requests SET next_at = 0');
  await host().scheduled();
}

const tries = async () => (await host().sql<{ attempts: number }>('SELECT attempts FROM quote_requests')).map((row) => row.attempts);

it('keeps 25 requests through three failed tries each, then sends each to the relay once; the trap and an old request reach neither', async () => {
  const names = [
    ...Array.from({ length: 20 }, (_, index) => `Script ${index}`),
    ...Array.from({ length: 5 }, (_, index) => `Plain ${index}`),
  ];
  host().relay.answer('500');
  // Try 1: the visitor's own send.
  for (let index = 0; index < 20; index++) {
    const answer = await host().post(request({ name: names[index]! }), { address: `198.51.100.${index}` });
    expect(await answer.json()).toEqual({ success: true, message: 'Your request was received.' });
  }
  for (let index = 0; index < 5; index++) {
    const answer = await host().post(request({ name: names[20 + index]!, _next: `${SITE}/contact/#quote-sent` }), {
      address: `203.0.113.${index}`,
      plain: true,
    });
    expect([answer.status, answer.headers.get('Location')]).toEqual([303, `${SITE}/contact/#quote-sent`]);
  }
  const trap = await host().post(request({ name: 'Cheap Pills', _honey: 'https://spam.example' }), { address: '192.0.2.1' });
  expect(trap.status).toBe(200);
  // Tries 2 and 3: scheduled runs while the relay is still down.
  await runWhenDue();
  await runWhenDue();
  expect(await tries()).toEqual(Array(25).fill(3));
  expect(host().relay.accepted()).toEqual([]);

  const owner = await signIn(host());
  const inbox = await (await host().fetch('/admin/requests/', { headers: { Cookie: owner.cookie } })).text();
  for (const name of names) expect(inbox, name).toContain(`<h2>${name}</h2>`);
  expect(inbox).not.toContain('Cheap Pills');

  host().relay.answer('accept');
  await runWhenDue();
  // Later runs, with every row made due again, send nothing twice.
  await runWhenDue();
  await runWhenDue();
  expect(host().relay.accepted().sort()).toEqual([...names].sort());
  expect(host().relay.received.filter((received) => received.fields.name === 'Cheap Pills')).toEqual([]);
  expect(await host().sql("SELECT count(*) AS delivered FROM quote_requests WHERE state = 'delivered'")).toEqual([{ delivered: 25 }]);

  // Past the keeping period (30 days here), a request is gone after the next scheduled run.
  await host().sql('UPDATE quote_requests SET received_at = ? WHERE fields LIKE ?', Date.now() - 31 * DAY, '%"Script 0"%');
  await host().scheduled();
  expect(await host().sql('SELECT count(*) AS kept FROM quote_requests WHERE fields LIKE \'%"Script 0"%\'')).toEqual([{ kept: 0 }]);
  expect(await host().sql('SELECT count(*) AS kept FROM quote_requests')).toEqual([{ kept: 24 }]);
});
