/**
 * The codes that let a phone make a passkey, in workerd with a local D1: the set-up code works
 * once and only while no passkey exists; an invitation code works within its 15 minutes. Passkeys
 * are D1 rows here; tests/browser/operator/admin-passkeys.spec.ts makes them with a real one.
 */
import { describe, expect, it } from 'vitest';
import { addPasskey, post, refusal, SETUP_CODE, SITE, sha256, startWorker, workerForFile } from '../../helpers/worker.js';

const worker = workerForFile();
const HOUR = 60 * 60 * 1000;
const askForPasskey = (code: string, name = 'Anil’s phone') => post(worker(), '/api/passkeys/options', { code, name });

describe('the set-up code', () => {
  it('refuses a wrong code, saying so', async () => {
    const answer = await askForPasskey('TEAK-RIVER-4822');
    expect(answer.headers.get('Set-Cookie')).toBeNull();
    expect(await answer.json()).toMatchObject({ code: 'setup-code-wrong', message: expect.stringContaining('set-up code is not right') });
    expect(answer.status).toBe(403);
  });

  it('takes the right code, typed in any case and spacing, and starts a passkey ceremony in a __Host- cookie', async () => {
    const answer = await askForPasskey(' teak river 4821 ');
    expect(answer.status).toBe(200);
    const options = (await answer.json()) as { challenge: string; rp: { id: string }; authenticatorSelection: Record<string, unknown> };
    expect(options.rp.id).toBe('movers.example');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(answer.headers.get('Set-Cookie')).toMatch(
      /^__Host-ceremony=[\w-]{43}; Max-Age=300; Path=\/; Secure; HttpOnly; SameSite=Strict$/,
    );
    expect(await worker().sql('SELECT kind, challenge, device_name, code_kind FROM ceremonies')).toEqual([
      { kind: 'register', challenge: options.challenge, device_name: 'Anil’s phone', code_kind: 'setup' },
    ]);
  });

  it('refuses the code again once a passkey exists (a replay)', async () => {
    await addPasskey(worker(), 'first-phone');
    await worker().sql('INSERT INTO used_setup_codes (code_hash, used_at) VALUES (?, ?)', sha256('TEAKRIVER4821'), Date.now());
    expect(await refusal(await askForPasskey(SETUP_CODE))).toEqual([403, 'setup-code-used']);
  });

  it('refuses a used code even with no passkey left', async () => {
    await worker().sql('INSERT INTO used_setup_codes (code_hash, used_at) VALUES (?, ?)', sha256('TEAKRIVER4821'), Date.now());
    expect(await refusal(await askForPasskey(SETUP_CODE))).toEqual([403, 'setup-code-used']);
  });

  it('asks for the phone’s name before anything else', async () => {
    expect(await refusal(await askForPasskey(SETUP_CODE, '  '))).toEqual([400, 'name-missing']);
    expect(await refusal(await askForPasskey(SETUP_CODE, 'x'.repeat(61)))).toEqual([400, 'name-too-long']);
  });

  it('says so when the site has no set-up code at all', async () => {
    const bare = await startWorker({});
    try {
      const answer = await bare.fetch('/api/passkeys/options', {
        method: 'POST',
        headers: { Origin: SITE },
        body: JSON.stringify({ code: 'anything', name: 'Phone' }),
      });
      expect(await refusal(answer)).toEqual([403, 'setup-code-missing']);
    } finally {
      await bare.close();
    }
  });
});

describe('an invitation code', () => {
  it('lets another phone ask for a passkey, typed in lower case', async () => {
    await addPasskey(worker(), 'phone');
    await worker().sql(
      'INSERT INTO invitations (code_hash, created_at, expires_at) VALUES (?, ?, ?)',
      sha256('ABCDEFGH'),
      Date.now(),
      Date.now() + HOUR / 4,
    );
    expect((await askForPasskey('abcd-efgh', 'Office phone')).status).toBe(200);
    expect(await worker().sql('SELECT device_name, code_kind FROM ceremonies')).toEqual([
      { device_name: 'Office phone', code_kind: 'invitation' },
    ]);
  });

  it('is refused once its 15 minutes are over', async () => {
    await addPasskey(worker(), 'phone');
    await worker().sql(
      'INSERT INTO invitations (code_hash, created_at, expires_at) VALUES (?, ?, ?)',
      sha256('ABCDEFGH'),
      Date.now() - HOUR,
      Date.now() - 1,
    );
    expect(await refusal(await askForPasskey('ABCD-EFGH'))).toEqual([403, 'invitation-wrong']);
  });
});
