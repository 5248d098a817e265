/**
 * Every write the Worker takes, checked in workerd with a local D1: it needs this site's Origin,
 * then for a signed-in route a session and that session's CSRF token; nothing is written otherwise.
 */
import { expect, it } from 'vitest';
import { addPasskey, addSession, post, refusal, SETUP_CODE, SITE, sha256, startWorker, workerForFile } from '../../helpers/worker.js';

const worker = workerForFile();
const invite = (headers: Record<string, string> = {}) => post(worker(), '/api/invitations', {}, headers);

it('without a session is refused', async () => {
  const answer = await invite();
  expect(await answer.json()).toMatchObject({ code: 'session-missing', message: expect.stringContaining('not signed in') });
  expect(answer.status).toBe(401);
});

it('with a session but from another origin, or none, is refused', async () => {
  await addPasskey(worker(), 'phone');
  const { cookie, csrf } = await addSession(worker(), 'phone');
  for (const origin of ['https://evil.example', 'null', 'http://movers.example']) {
    expect(await refusal(await invite({ Origin: origin, Cookie: cookie, 'X-CSRF-Token': csrf })), origin).toEqual([403, 'wrong-origin']);
  }
  const noOrigin = await worker().fetch('/api/invitations', { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': csrf } });
  expect(await refusal(noOrigin)).toEqual([403, 'wrong-origin']);
  // Signing in is a write too: another site cannot sign a visitor in to this one.
  expect(await refusal(await post(worker(), '/api/signin/options', {}, { Origin: 'https://evil.example' }))).toEqual([403, 'wrong-origin']);
  expect(await worker().sql('SELECT * FROM invitations')).toEqual([]);
});

it('with a session but without its CSRF token, or with another session’s, is refused', async () => {
  await addPasskey(worker(), 'phone');
  const { cookie } = await addSession(worker(), 'phone');
  const other = await addSession(worker(), 'phone');
  const attempts: Array<Record<string, string>> = [
    { Cookie: cookie },
    { Cookie: cookie, 'X-CSRF-Token': '' },
    { Cookie: cookie, 'X-CSRF-Token': other.csrf },
  ];
  for (const headers of attempts) expect(await refusal(await invite(headers))).toEqual([403, 'csrf-missing']);
  expect(await worker().sql('SELECT * FROM invitations')).toEqual([]);
});

it('with this site’s Origin, a session and its CSRF token goes through: an invitation code good for 15 minutes', async () => {
  await addPasskey(worker(), 'phone');
  const { cookie, csrf } = await addSession(worker(), 'phone');
  const before = Date.now();
  const answer = await invite({ Cookie: cookie, 'X-CSRF-Token': csrf });
  expect(answer.status).toBe(200);
  const { code, expiresAt } = (await answer.json()) as { code: string; expiresAt: number };
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  expect(expiresAt - before).toBeGreaterThanOrEqual(15 * 60 * 1000);
  expect(expiresAt - before).toBeLessThan(16 * 60 * 1000);
  expect(await worker().sql('SELECT code_hash FROM invitations')).toEqual([{ code_hash: sha256(code.replace('-', '')) }]);
});

it('with SITE_ORIGIN set, takes writes from that origin only, and makes passkeys for its host name', async () => {
  const pinned = await startWorker({ SETUP_CODE, SITE_ORIGIN: 'https://www.movers.example' });
  try {
    const ask = (origin: string) =>
      pinned.fetch('/api/passkeys/options', {
        method: 'POST',
        headers: { Origin: origin },
        body: JSON.stringify({ code: SETUP_CODE, name: 'Phone' }),
      });
    expect(await refusal(await ask(SITE))).toEqual([403, 'wrong-origin']);
    const answer = await ask('https://www.movers.example');
    expect(((await answer.json()) as { rp: { id: string } }).rp.id).toBe('www.movers.example');
  } finally {
    await pinned.close();
  }
});
