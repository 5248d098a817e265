/**
 * The Worker's gate for the owner's writes, in workerd with a local D1: the set-up code works
 * once, every write needs this site's Origin, a session and its CSRF token, and a session ends
 * 12 hours after its last use. Sessions and passkeys are made as D1 rows here; making them with a
 * real passkey is tests/browser/operator/admin-passkeys.spec.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SETUP_CODE, SITE, startWorker, type WorkerHost } from '../../helpers/worker.js';

const HOUR = 60 * 60 * 1000;
const hash = (text: string) => createHash('sha256').update(text).digest('hex');

let worker: WorkerHost;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => {
  await worker?.close();
});
beforeEach(async () => {
  for (const table of ['sessions', 'passkeys', 'used_setup_codes', 'invitations', 'ceremonies']) await worker.sql(`DELETE FROM ${table}`);
});

async function addPasskey(id: string, name = 'Anil’s phone'): Promise<void> {
  await worker.sql('INSERT INTO passkeys (id, public_key, counter, transports, name, created_at) VALUES (?, ?, 0, ?, ?, ?)', id, new Uint8Array([1, 2, 3]), '["internal"]', name, Date.now());
}

/** A session row for the passkey; answers the cookie and CSRF token a browser would hold. */
async function addSession(passkeyId: string, expiresAt = Date.now() + HOUR): Promise<{ cookie: string; csrf: string }> {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  await worker.sql('INSERT INTO sessions (token_hash, csrf_token, passkey_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', hash(token), csrf, passkeyId, Date.now() - HOUR, expiresAt);
  return { cookie: `__Host-session=${token}`, csrf };
}

function post(pathname: string, body: unknown, headers: Record<string, string> = {}) {
  return worker.fetch(pathname, { method: 'POST', headers: { Origin: SITE, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

const askForPasskey = (code: string, name = 'Anil’s phone') => post('/api/passkeys/options', { code, name });

describe('the set-up code', () => {
  it('refuses a wrong code, saying so', async () => {
    const answer = await askForPasskey('TEAK-RIVER-4822');
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'setup-code-wrong', message: expect.stringContaining('set-up code is not right') });
    expect(answer.headers.get('Set-Cookie')).toBeNull();
  });

  it('takes the right code, typed in any case and spacing, and starts a passkey ceremony in a __Host- cookie', async () => {
    const answer = await askForPasskey(' teak river 4821 ');
    expect(answer.status).toBe(200);
    const options = (await answer.json()) as { challenge: string; rp: { id: string }; authenticatorSelection: Record<string, unknown> };
    expect(options.rp.id).toBe('movers.example');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(answer.headers.get('Set-Cookie')).toMatch(/^__Host-ceremony=[\w-]{43}; Max-Age=300; Path=\/; Secure; HttpOnly; SameSite=Strict$/);
    expect(await worker.sql('SELECT kind, challenge, device_name, code_kind FROM ceremonies')).toEqual([{ kind: 'register', challenge: options.challenge, device_name: 'Anil’s phone', code_kind: 'setup' }]);
  });

  it('refuses the code again once a passkey exists (a replay)', async () => {
    await addPasskey('first-phone');
    await worker.sql('INSERT INTO used_setup_codes (code_hash, used_at) VALUES (?, ?)', hash('TEAKRIVER4821'), Date.now());
    const answer = await askForPasskey(SETUP_CODE);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'setup-code-used' });
  });

  it('refuses a used code even with no passkey left', async () => {
    await worker.sql('INSERT INTO used_setup_codes (code_hash, used_at) VALUES (?, ?)', hash('TEAKRIVER4821'), Date.now());
    expect(await (await askForPasskey(SETUP_CODE)).json()).toMatchObject({ code: 'setup-code-used' });
  });

  it('asks for the phone’s name before anything else', async () => {
    expect(await (await askForPasskey(SETUP_CODE, '  ')).json()).toMatchObject({ code: 'name-missing' });
    expect(await (await askForPasskey(SETUP_CODE, 'x'.repeat(61))).json()).toMatchObject({ code: 'name-too-long' });
  });

  it('says so when the site has no set-up code at all', async () => {
    const bare = await startWorker({});
    try {
      const answer = await bare.fetch('/api/passkeys/options', { method: 'POST', headers: { Origin: SITE }, body: JSON.stringify({ code: 'anything', name: 'Phone' }) });
      expect(await answer.json()).toMatchObject({ code: 'setup-code-missing' });
    } finally {
      await bare.close();
    }
  });

  it('refuses an answer with no ceremony running, and an answer that is no passkey', async () => {
    expect(await (await post('/api/passkeys/verify', { response: {} })).json()).toMatchObject({ code: 'ceremony-expired' });
    const ceremony = (await askForPasskey(SETUP_CODE)).headers.get('Set-Cookie')!.split(';')[0]!;
    const forged = await post('/api/passkeys/verify', { response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' } } }, { Cookie: ceremony });
    expect([forged.status, ((await forged.json()) as { code: string }).code]).toEqual([403, 'passkey-refused']);
    // The ceremony was taken: the same cookie cannot try again.
    expect(await (await post('/api/passkeys/verify', { response: {} }, { Cookie: ceremony })).json()).toMatchObject({ code: 'ceremony-expired' });
    expect(await worker.sql('SELECT * FROM passkeys')).toEqual([]);
  });
});

describe('a write', () => {
  it('without a session is refused', async () => {
    const answer = await post('/api/invitations', {});
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: 'session-missing' });
  });

  it('with a session but from another origin is refused, before the session is looked at', async () => {
    await addPasskey('phone');
    const { cookie, csrf } = await addSession('phone');
    for (const origin of ['https://evil.example', 'null', 'http://movers.example']) {
      const answer = await post('/api/invitations', {}, { Origin: origin, Cookie: cookie, 'X-CSRF-Token': csrf });
      expect([answer.status, ((await answer.json()) as { code: string }).code], origin).toEqual([403, 'wrong-origin']);
    }
    const noOrigin = await worker.fetch('/api/invitations', { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': csrf } });
    expect(noOrigin.status).toBe(403);
    expect(await worker.sql('SELECT * FROM invitations')).toEqual([]);
  });

  it('with a session but without its CSRF token, or with another session’s, is refused', async () => {
    await addPasskey('phone');
    const { cookie } = await addSession('phone');
    const other = await addSession('phone');
    const attempts: Array<Record<string, string>> = [{ Cookie: cookie }, { Cookie: cookie, 'X-CSRF-Token': '' }, { Cookie: cookie, 'X-CSRF-Token': other.csrf }];
    for (const headers of attempts) {
      const answer = await post('/api/invitations', {}, headers);
      expect([answer.status, ((await answer.json()) as { code: string }).code]).toEqual([403, 'csrf-missing']);
    }
    expect(await worker.sql('SELECT * FROM invitations')).toEqual([]);
  });

  it('with this site’s Origin, a session and its CSRF token goes through: an invitation code valid 15 minutes', async () => {
    await addPasskey('phone');
    const { cookie, csrf } = await addSession('phone');
    const before = Date.now();
    const answer = await post('/api/invitations', {}, { Cookie: cookie, 'X-CSRF-Token': csrf });
    expect(answer.status).toBe(200);
    const { code, expiresAt } = (await answer.json()) as { code: string; expiresAt: number };
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(expiresAt - before).toBeGreaterThanOrEqual(15 * 60 * 1000);
    expect(expiresAt - before).toBeLessThan(16 * 60 * 1000);
    expect(await worker.sql('SELECT code_hash FROM invitations')).toEqual([{ code_hash: hash(code.replace('-', '')) }]);
    // Another device can now ask for a passkey with it, typed in lower case.
    expect((await askForPasskey(code.toLowerCase(), 'Second phone')).status).toBe(200);
  });
});

describe('a session', () => {
  it('whose expiry has passed is refused as ended, in the owner’s words, and removed', async () => {
    await addPasskey('phone');
    const { cookie, csrf } = await addSession('phone', Date.now() - 1);
    const answer = await post('/api/invitations', {}, { Cookie: cookie, 'X-CSRF-Token': csrf });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: 'session-expired', message: expect.stringContaining('not used for 12 hours') });
    expect(await worker.sql('SELECT * FROM sessions')).toEqual([]);
    const page = await (await worker.fetch('/admin/', { headers: { Cookie: cookie } })).text();
    expect(page).toContain('Sign in with this phone');
    expect(page).toContain('You were signed out because the editor was not used for 12 hours');
  });

  it('moves its end to 12 hours after each use (sliding)', async () => {
    await addPasskey('phone');
    const { cookie } = await addSession('phone', Date.now() + HOUR);
    const before = Date.now();
    expect(await (await worker.fetch('/api/session', { headers: { Cookie: cookie } })).json()).toMatchObject({ signedIn: true });
    const [row] = await worker.sql<{ expires_at: number }>('SELECT expires_at FROM sessions');
    expect(row!.expires_at).toBeGreaterThanOrEqual(before + 12 * HOUR);
  });

  it('ends at sign-out: the cookie is dropped and the token no longer works', async () => {
    await addPasskey('phone');
    const { cookie, csrf } = await addSession('phone');
    const answer = await post('/api/signout', {}, { Cookie: cookie, 'X-CSRF-Token': csrf });
    expect(answer.headers.get('Set-Cookie')).toBe('__Host-session=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Strict');
    expect(await (await post('/api/invitations', {}, { Cookie: cookie, 'X-CSRF-Token': csrf })).json()).toMatchObject({ code: 'session-expired' });
  });
});

describe('invitations and devices', () => {
  it('refuses an invitation code whose 15 minutes are over', async () => {
    await addPasskey('phone');
    await worker.sql('INSERT INTO invitations (code_hash, created_at, expires_at) VALUES (?, ?, ?)', hash('ABCDEFGH'), Date.now() - HOUR, Date.now() - 1);
    expect(await (await askForPasskey('ABCD-EFGH')).json()).toMatchObject({ code: 'invitation-wrong' });
  });

  it('removes a device and ends its sessions, but never the last one', async () => {
    await addPasskey('phone-a', 'Anil’s phone');
    await addPasskey('phone-b', 'Office phone');
    const a = await addSession('phone-a');
    await addSession('phone-b');
    const remove = (id: string) => worker.fetch(`/api/devices/${id}`, { method: 'DELETE', headers: { Origin: SITE, Cookie: a.cookie, 'X-CSRF-Token': a.csrf } });
    const removed = await remove('phone-b');
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ devices: [{ id: 'phone-a', name: 'Anil’s phone' }] });
    expect(await worker.sql('SELECT passkey_id FROM sessions')).toEqual([{ passkey_id: 'phone-a' }]);
    const last = await remove('phone-a');
    expect([last.status, ((await last.json()) as { code: string }).code]).toEqual([409, 'last-device']);
    expect(await worker.sql('SELECT id FROM passkeys')).toEqual([{ id: 'phone-a' }]);
  });
});

describe('the /admin/ page', () => {
  it('is the set-up screen before any passkey, the sign-in screen after, and the phones once signed in', async () => {
    const heading = async (cookie?: string) => /<h1>([^<]+)<\/h1>/.exec(await (await worker.fetch('/admin/', { headers: cookie ? { Cookie: cookie } : {} })).text())?.[1];
    expect(await heading()).toBe('Set up this site’s editor');
    await addPasskey('phone', '<Anil’s> phone');
    expect(await heading()).toBe('Sign in with this phone');
    const { cookie, csrf } = await addSession('phone');
    const page = await worker.fetch('/admin/', { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(/<h1>([^<]+)<\/h1>/.exec(html)?.[1]).toBe('Your phones');
    expect(html).toContain(`<meta name="csrf-token" content="${csrf}">`);
    expect(html).toContain('&#60;Anil’s&#62; phone');
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });

  it('sends /admin to /admin/, and hands any other address to the built site', async () => {
    const bare = await worker.fetch('/admin', { redirect: 'manual' });
    expect([bare.status, bare.headers.get('Location')]).toEqual([308, '/admin/']);
    expect(await (await worker.fetch('/about/')).text()).toBe('the built site');
  });
});
