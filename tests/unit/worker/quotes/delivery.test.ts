/**
 * A quote request is kept in D1 before it is sent on, and the scheduled run sends it again until the
 * relay takes it: never twice once taken. Time moves by setting a row's next time, never by waiting.
 */
import { expect, it } from 'vitest';
import { quoteHostForFile, request } from './host.js';

const host = quoteHostForFile();
const MINUTE = 60 * 1000;

interface Row {
  state: string;
  attempts: number;
  next_at: number;
  received_at: number;
  last_error: string | null;
  fields: string;
  language: string;
}

const rows = () => host().sql<Row>('SELECT * FROM quote_requests ORDER BY received_at');
const makeDue = () => host().sql("UPDATE quote_requests SET next_at = 0 WHERE state = 'waiting'");

it('is kept as sent and sent on with the same fields and subject when the relay takes it at once', async () => {
  const answer = await host().post(request());
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ success: true });
  const [row] = await rows();
  expect(row).toMatchObject({ state: 'delivered', attempts: 1, last_error: null, language: 'en' });
  const { received } = host().relay;
  expect(received.map((entry) => entry.fields)).toEqual([request()]);
  expect(received[0]!.accept).toBe('application/json');
  // No page named: the contact page, as a relay that checks the Referer expects.
  expect(received[0]!.referer).toBe('https://movers.example/contact/');
  expect(JSON.parse(row!.fields)).toEqual(request());
});

it('reaches the relay exactly once after it was down for the first three tries (500, 429, no answer)', { timeout: 60_000 }, async () => {
  host().relay.answer('500');
  expect(await (await host().post(request())).json()).toMatchObject({ success: true });
  let [row] = await rows();
  expect(row).toMatchObject({ state: 'waiting', attempts: 1, last_error: 'The relay answered 500 Internal Server Error.' });
  expect(row!.next_at).toBe(row!.received_at + MINUTE);

  host().relay.answer('429');
  await makeDue();
  let before = Date.now();
  await host().scheduled();
  [row] = await rows();
  expect(row).toMatchObject({ state: 'waiting', attempts: 2, last_error: 'The relay answered 429 Too Many Requests.' });
  expect(row!.next_at - before).toBeGreaterThanOrEqual(5 * MINUTE);
  expect(row!.next_at - Date.now()).toBeLessThanOrEqual(5 * MINUTE);

  host().relay.answer('hang');
  await makeDue();
  before = Date.now();
  await host().scheduled();
  await host().relay.received.at(-1)!.abandoned;
  [row] = await rows();
  expect(row).toMatchObject({ state: 'waiting', attempts: 3, last_error: 'The relay did not answer within 10 seconds.' });
  expect(row!.next_at - before).toBeGreaterThanOrEqual(30 * MINUTE);

  host().relay.answer('accept');
  await makeDue();
  await host().scheduled();
  await host().sql('UPDATE quote_requests SET next_at = 0');
  await host().scheduled();
  expect((await rows())[0]).toMatchObject({ state: 'delivered', attempts: 4, last_error: null });
  expect(host().relay.received.map((entry) => entry.answer)).toEqual(['500', '429', 'hang', 'accept']);
  expect(new Set(host().relay.received.map((entry) => entry.referer))).toEqual(new Set(['https://movers.example/contact/']));
  expect(host().relay.accepted()).toEqual(['Anu Thomas']);
});

it('is not sent before its time has come', async () => {
  host().relay.answer('500');
  await host().post(request());
  host().relay.answer('accept');
  await host().scheduled();
  expect((await rows())[0]).toMatchObject({ state: 'waiting', attempts: 1 });
  expect(host().relay.accepted()).toEqual([]);
});

it('sends all of 20 kept requests once the relay is back, each once, with a second scheduled run started alongside (store.test.ts pins the claim)', async () => {
  host().relay.answer('500');
  for (let index = 1; index <= 20; index++) {
    await host().post(request({ name: `Customer ${index}` }), { address: `203.0.113.${index}` });
  }
  expect((await rows()).every((row) => row.state === 'waiting')).toBe(true);
  host().relay.answer('accept');
  await makeDue();
  await Promise.all([host().scheduled(), host().scheduled()]);
  expect(new Set((await rows()).map((row) => row.state))).toEqual(new Set(['delivered']));
  const accepted = host().relay.accepted();
  expect(accepted).toHaveLength(20);
  expect(new Set(accepted).size).toBe(20);
});

it('waits 1 min, 5 min, 30 min, 2 h, then every 6 h between attempts', async () => {
  host().relay.answer('500');
  await host().post(request());
  const waits: number[] = [];
  for (let attempt = 2; attempt <= 7; attempt++) {
    await makeDue();
    const before = Date.now();
    await host().scheduled();
    waits.push(Math.round(((await rows())[0]!.next_at - before) / MINUTE));
  }
  expect(waits).toEqual([5, 30, 120, 360, 360, 360]);
});
