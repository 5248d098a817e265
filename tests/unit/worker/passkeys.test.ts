/**
 * The second half of a passkey ceremony refuses what is not a passkey made for its challenge, and
 * a ceremony is used once. A real passkey going through is tests/browser/operator/admin-passkeys.spec.ts.
 */
import { expect, it } from 'vitest';
import { post, refusal, SETUP_CODE, workerForFile } from '../../helpers/worker.js';

const worker = workerForFile();

it('refuses an answer with no ceremony running', async () => {
  expect(await refusal(await post(worker(), '/api/passkeys/verify', { response: {} }))).toEqual([400, 'ceremony-expired']);
  expect(await refusal(await post(worker(), '/api/signin/verify', { response: {} }))).toEqual([400, 'ceremony-expired']);
});

it('refuses an answer that is no passkey, and takes the ceremony away with it', async () => {
  const started = await post(worker(), '/api/passkeys/options', { code: SETUP_CODE, name: 'Phone' });
  const ceremony = started.headers.get('Set-Cookie')!.split(';')[0]!;
  const forged = {
    id: 'x',
    rawId: 'x',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'oA' },
    clientExtensionResults: {},
  };
  expect(await refusal(await post(worker(), '/api/passkeys/verify', { response: forged }, { Cookie: ceremony }))).toEqual([
    403,
    'passkey-refused',
  ]);
  expect(await refusal(await post(worker(), '/api/passkeys/verify', { response: forged }, { Cookie: ceremony }))).toEqual([
    400,
    'ceremony-expired',
  ]);
  expect(await worker().sql('SELECT * FROM passkeys')).toEqual([]);
  expect(await worker().sql('SELECT * FROM used_setup_codes')).toEqual([]);
});

it('answers a sign-in with a passkey the site does not know in the owner’s words', async () => {
  const started = await post(worker(), '/api/signin/options', {});
  const ceremony = started.headers.get('Set-Cookie')!.split(';')[0]!;
  const answer = await post(
    worker(),
    '/api/signin/verify',
    { response: { id: 'gone', rawId: 'gone', type: 'public-key', response: {} } },
    { Cookie: ceremony },
  );
  expect(await answer.json()).toMatchObject({ code: 'passkey-unknown', message: expect.stringContaining('no longer on the list') });
});
