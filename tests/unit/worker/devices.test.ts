/** Removing a phone, in workerd with a local D1: its passkey and its sessions go, but never the last phone's. */
import { expect, it } from 'vitest';
import { addPasskey, addSession, refusal, SITE, workerForFile } from '../../helpers/worker.js';

const worker = workerForFile();

it('removes a phone and ends its sessions, but never the last one', async () => {
  await addPasskey(worker(), 'phone-a', 'Anil’s phone');
  await addPasskey(worker(), 'phone-b', 'Office phone');
  const a = await addSession(worker(), 'phone-a');
  const b = await addSession(worker(), 'phone-b');
  const remove = (id: string) =>
    worker().fetch(`/api/devices/${id}`, { method: 'DELETE', headers: { Origin: SITE, Cookie: a.cookie, 'X-CSRF-Token': a.csrf } });
  const removed = await remove('phone-b');
  expect(removed.status).toBe(200);
  expect(await removed.json()).toMatchObject({ devices: [{ id: 'phone-a', name: 'Anil’s phone' }] });
  expect(await worker().sql('SELECT passkey_id FROM sessions')).toEqual([{ passkey_id: 'phone-a' }]);
  const removedPhone = await worker().fetch('/api/session', { headers: { Cookie: b.cookie } });
  expect(await removedPhone.json()).toMatchObject({ signedIn: false, signedOutBecause: 'session-ended' });
  expect(await refusal(await remove('phone-a'))).toEqual([409, 'last-device']);
  expect(await refusal(await remove('phone-b'))).toEqual([404, 'device-unknown']);
  expect(await worker().sql('SELECT id FROM passkeys')).toEqual([{ id: 'phone-a' }]);
});
