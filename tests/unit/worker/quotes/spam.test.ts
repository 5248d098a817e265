/**
 * Requests turned away as spam are neither kept nor sent on, only counted by day and reason; the
 * addresses behind the hourly limit are kept as salted hashes for 2 hours at most.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { HELD_PER_HOUR, PER_HOUR } from '../../../../worker/quotes/limit.js';
import { quoteHostForFile, request } from './host.js';

const host = quoteHostForFile();
const HOUR = 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);

it('takes a request with the hidden trap field filled as sent, but neither keeps nor sends it, and counts it', async () => {
  const answer = await host().post(request({ _honey: 'https://spam.example' }));
  expect([answer.status, await answer.json()]).toEqual([200, { success: true, message: 'Your request was received.' }]);
  const plain = await host().post(request({ _honey: 'cheap pills', _next: 'https://movers.example/contact/#quote-sent' }), { plain: true });
  expect(plain.status).toBe(303);
  expect(await host().sql('SELECT * FROM quote_requests')).toEqual([]);
  expect(host().relay.received).toEqual([]);
  expect(await host().sql('SELECT day, reason, count FROM quote_refusals')).toEqual([{ day: today(), reason: 'honeypot', count: 2 }]);
});

it('keeps the 6th request from one address within an hour without emailing it, for the owner to send on', async () => {
  for (let index = 1; index <= 5; index++) expect((await host().post(request({ name: `Anu ${index}` }))).status).toBe(200);
  // Many phones on one mobile network can share an address: a real customer may be the sixth.
  const sixth = await host().post(request({ name: 'Anu 6' }));
  expect([sixth.status, await sixth.json()]).toEqual([200, { success: true, message: 'Your request was received.' }]);
  const plain = await host().post(request({ name: 'Anu 7', _next: 'https://movers.example/ml/contact/' }), { plain: true });
  expect([plain.status, plain.headers.get('Location')]).toEqual([303, 'https://movers.example/ml/contact/#quote-sent']);
  expect(host().relay.accepted()).toEqual(['Anu 1', 'Anu 2', 'Anu 3', 'Anu 4', 'Anu 5']);
  expect(
    await host().sql("SELECT json_extract(fields, '$.name') AS name, state, language FROM quote_requests WHERE attempts = 0 ORDER BY name"),
  ).toEqual([
    { name: 'Anu 6', state: 'refused', language: 'en' },
    { name: 'Anu 7', state: 'refused', language: 'ml' },
  ]);
  expect(await host().sql('SELECT * FROM quote_refusals')).toEqual([]);
  // Another address is not held back by this one's requests.
  expect((await host().post(request({ name: 'Bina' }), { address: '198.51.100.20' })).status).toBe(200);
  expect(host().relay.accepted()).toContain('Bina');
});

it('turns requests over the hourly limit away, in the visitor’s words, once the hour has held its share', async () => {
  for (let index = 1; index <= PER_HOUR + HELD_PER_HOUR; index++)
    expect((await host().post(request({ name: `Anu ${index}` }))).status).toBe(200);
  const refused = await host().post(request({ name: 'Flood' }));
  expect(refused.status).toBe(429);
  expect(await refused.json()).toEqual({
    success: false,
    code: 'quote-too-many',
    message:
      'Many requests were sent from this connection in the last hour, so this one was not taken. Send it on WhatsApp or call us instead.',
  });
  const plain = await host().post(request({ name: 'Flood 2', _next: 'https://movers.example/ml/contact/#quote-sent' }), { plain: true });
  expect(plain.status).toBe(429);
  expect(await plain.text()).toContain('data-form-error>');
  expect(await host().sql('SELECT count(*) AS held FROM quote_requests WHERE attempts = 0')).toEqual([{ held: HELD_PER_HOUR }]);
  expect(host().relay.accepted()).toHaveLength(PER_HOUR);
  expect(await host().sql('SELECT reason, count FROM quote_refusals')).toEqual([{ reason: 'too-many', count: 2 }]);
  // A family on another address still gets through: the share held counts only what is over a limit.
  expect((await host().post(request({ name: 'Bina' }), { address: '198.51.100.20' })).status).toBe(200);
  expect(host().relay.accepted()).toContain('Bina');
});

it('keeps the address only as a hash salted for its hour, and forgets both 2 hours after the hour began', async () => {
  const before = Math.floor(Date.now() / HOUR);
  await host().post(request(), { address: '203.0.113.7' });
  const [sender] = await host().sql<{ hour: number; sender_hash: string }>('SELECT hour, sender_hash FROM quote_senders');
  expect(sender!.hour).toBeGreaterThanOrEqual(before);
  expect(sender!.hour).toBeLessThanOrEqual(Math.floor(Date.now() / HOUR));
  expect(sender!.sender_hash).not.toContain('203.0.113.7');
  expect(sender!.sender_hash).not.toBe(createHash('sha256').update('203.0.113.7').digest('hex'));
  expect(await host().sql('SELECT count(*) AS salts FROM quote_salts')).toEqual([{ salts: 1 }]);

  await host().scheduled();
  expect(await host().sql('SELECT count(*) AS senders FROM quote_senders')).toEqual([{ senders: 1 }]);
  await host().sql('UPDATE quote_senders SET hour = hour - 2');
  await host().sql('UPDATE quote_salts SET hour = hour - 2');
  await host().scheduled();
  expect(await host().sql('SELECT * FROM quote_senders')).toEqual([]);
  expect(await host().sql('SELECT * FROM quote_salts')).toEqual([]);
});
