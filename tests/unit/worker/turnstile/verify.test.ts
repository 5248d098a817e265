/**
 * Turnstile in the Worker, in workerd with a siteverify stand-in: a good token is taken, a rejected one
 * is counted and neither kept nor sent on, and a request without a token (no JavaScript) or while
 * siteverify is down is taken, so no real visitor's request is lost.
 */
import { afterAll, beforeEach, expect, it } from 'vitest';
import { TOKEN_FIELD, verifyTurnstile } from '../../../../worker/turnstile/verify.js';
import { quoteHostForFile, request } from '../quotes/host.js';
import { startSiteverify } from './siteverify.js';

const siteverify = await startSiteverify();
const host = quoteHostForFile({ TURNSTILE_SECRET: 'the-secret', TURNSTILE_VERIFY_URL: siteverify.url });

beforeEach(() => {
  siteverify.calls.length = 0;
  siteverify.down = false;
});
afterAll(() => siteverify.close());

const kept = async () =>
  (await host().sql<{ name: string }>("SELECT json_extract(fields, '$.name') AS name FROM quote_requests ORDER BY name")).map(
    (row) => row.name,
  );
const refusals = () => host().sql('SELECT reason, count FROM quote_refusals');

it('takes a request whose token siteverify accepts, sending the secret, the token and the address', async () => {
  const answer = await host().post(request({ [TOKEN_FIELD]: 'good' }), { address: '203.0.113.9' });
  expect(answer.status).toBe(200);
  expect(siteverify.calls).toEqual([{ secret: 'the-secret', response: 'good', remoteip: '203.0.113.9' }]);
  expect(await kept()).toEqual(['Anu Thomas']);
  expect(host().relay.accepted()).toEqual(['Anu Thomas']);
  // The token is Turnstile's, not the owner's: the relay never gets it.
  expect(Object.keys(host().relay.received[0]!.fields)).not.toContain(TOKEN_FIELD);
});

it('turns away a request whose token siteverify rejects, counts it, and neither keeps nor sends it', async () => {
  const answer = await host().post(request({ [TOKEN_FIELD]: 'made-up' }));
  expect(answer.status).toBe(403);
  expect(await answer.json()).toMatchObject({ success: false, code: 'quote-turnstile' });
  const plain = await host().post(request({ [TOKEN_FIELD]: 'made-up', _next: 'https://movers.example/ml/contact/#quote-sent' }), {
    plain: true,
  });
  expect(plain.status).toBe(403);
  expect(await plain.text()).toContain('data-form-error>');
  expect(await kept()).toEqual([]);
  expect(host().relay.received).toEqual([]);
  expect(await refusals()).toEqual([{ reason: 'turnstile', count: 2 }]);
});

it('takes a request without a token, as a visitor without JavaScript sends it, without asking siteverify', async () => {
  const answer = await host().post(request({ _next: 'https://movers.example/contact/#quote-sent' }), { plain: true });
  expect(answer.status).toBe(303);
  expect(siteverify.calls).toEqual([]);
  expect(await kept()).toEqual(['Anu Thomas']);
  expect(host().relay.accepted()).toEqual(['Anu Thomas']);
  expect(await refusals()).toEqual([]);
});

it('takes a request with a token while siteverify is down, rather than lose it', async () => {
  siteverify.down = true;
  const answer = await host().post(request({ [TOKEN_FIELD]: 'made-up' }));
  expect(answer.status).toBe(200);
  expect(siteverify.calls).toHaveLength(1);
  expect(await kept()).toEqual(['Anu Thomas']);
  expect(await refusals()).toEqual([]);
});

it('is off, asking nothing, when the Worker has no Turnstile secret', async () => {
  const form = new FormData();
  form.set(TOKEN_FIELD, 'made-up');
  expect(await verifyTurnstile({ TURNSTILE_VERIFY_URL: siteverify.url }, form, '203.0.113.9')).toBe('off');
  expect(siteverify.calls).toEqual([]);
});
