/**
 * A session, in workerd with a local D1: it ends 12 hours after its last use. The clock is not
 * moved: a session whose end has passed is a D1 row with that end.
 */
import { expect, it } from 'vitest';
import { addPasskey, addSession, post, refusal, workerForFile } from '../../helpers/worker.js';

const worker = workerForFile();
const HOUR = 60 * 60 * 1000;

it('whose end has passed is refused as ended, in the owner’s words, and removed', async () => {
  await addPasskey(worker(), 'phone');
  const { cookie, csrf } = await addSession(worker(), 'phone', Date.now() - 1);
  const answer = await post(worker(), '/api/invitations', {}, { Cookie: cookie, 'X-CSRF-Token': csrf });
  expect(await answer.json()).toMatchObject({ code: 'session-expired', message: expect.stringContaining('after 12 hours without use') });
  expect(answer.status).toBe(401);
  expect(await worker().sql('SELECT * FROM sessions')).toEqual([]);
});

it('moves its end to 12 hours after each use (sliding)', async () => {
  await addPasskey(worker(), 'phone');
  const { cookie } = await addSession(worker(), 'phone', Date.now() + HOUR);
  const before = Date.now();
  expect(await (await worker().fetch('/api/session', { headers: { Cookie: cookie } })).json()).toMatchObject({ signedIn: true });
  const [row] = await worker().sql<{ expires_at: number }>('SELECT expires_at FROM sessions');
  expect(row!.expires_at).toBeGreaterThanOrEqual(before + 12 * HOUR);
});

it('ends at sign-out: the cookie is dropped and the token no longer works', async () => {
  await addPasskey(worker(), 'phone');
  const { cookie, csrf } = await addSession(worker(), 'phone');
  const answer = await post(worker(), '/api/signout', {}, { Cookie: cookie, 'X-CSRF-Token': csrf });
  expect(answer.headers.get('Set-Cookie')).toBe('__Host-session=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Strict');
  expect(await refusal(await post(worker(), '/api/invitations', {}, { Cookie: cookie, 'X-CSRF-Token': csrf }))).toEqual([
    401,
    'session-ended',
  ]);
});
