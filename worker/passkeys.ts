/**
 * Passkeys, through @simplewebauthn/server: making one for this device (after a set-up or
 * invitation code) and signing in with one. Passkeys are discoverable (kept on the phone with the
 * site's name), so signing in needs no user name, and need the phone's lock (user verification):
 * the passkey alone is the owner's whole sign-in.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Ceremony } from './ceremonies.js';
import { spendCode, stillValid, type Grant } from './codes.js';
import type { D1Database } from './env.js';
import type { MessageCode } from './messages.js';
import type { Site } from './site.js';

/** One account, the site's owner: every device's passkey carries the same user handle. */
const OWNER_HANDLE = new TextEncoder().encode('site-owner');

interface PasskeyRow {
  id: string;
  public_key: ArrayBuffer | number[];
  counter: number;
  transports: string;
}

export async function registrationOptions(db: D1Database, site: Site, deviceName: string) {
  const existing = await db.prepare('SELECT id, transports FROM passkeys').all<{ id: string; transports: string }>();
  return generateRegistrationOptions({
    rpName: site.rpID,
    rpID: site.rpID,
    userID: OWNER_HANDLE,
    userName: `Owner of ${site.rpID}`,
    userDisplayName: deviceName,
    attestationType: 'none',
    // A device that already has a passkey here is not given a second one.
    excludeCredentials: existing.results.map((row) => ({ id: row.id, transports: JSON.parse(row.transports) as string[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Checks the new passkey and saves it, spending the code that allowed it; answers its id, or why it was refused. */
export async function finishRegistration(
  db: D1Database,
  site: Site,
  ceremony: Ceremony,
  response: unknown,
  now: number,
): Promise<{ id: string } | MessageCode> {
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpID,
      requireUserVerification: true,
    });
  } catch {
    return 'passkey-refused';
  }
  if (!verification.verified) return 'passkey-refused';
  const { credential } = verification.registrationInfo;
  const grant: Grant = { kind: ceremony.codeKind!, codeHash: ceremony.codeHash! };
  const guard = stillValid(grant, now);
  try {
    const [inserted] = await db.batch([
      db
        .prepare(`INSERT INTO passkeys (id, public_key, counter, transports, name, created_at) SELECT ?, ?, ?, ?, ?, ? WHERE ${guard.sql}`)
        .bind(
          credential.id,
          credential.publicKey,
          credential.counter,
          JSON.stringify(credential.transports ?? []),
          ceremony.deviceName,
          now,
          ...guard.values,
        ),
      ...spendCode(db, grant, now),
    ]);
    if (inserted?.meta.changes !== 1) return grant.kind === 'setup' ? 'already-set-up' : 'invitation-wrong';
  } catch {
    // A set-up code's hash already recorded (another device spent it first) breaks the batch.
    return grant.kind === 'setup' ? 'setup-code-used' : 'passkey-refused';
  }
  return { id: credential.id };
}

export function signinOptions(site: Site) {
  return generateAuthenticationOptions({ rpID: site.rpID, userVerification: 'required' });
}

/** Checks the phone's signature with the passkey saved for it; answers the passkey's id, or why it was refused. */
export async function finishSignin(
  db: D1Database,
  site: Site,
  ceremony: Ceremony,
  response: unknown,
): Promise<{ id: string } | MessageCode> {
  const answer = response as AuthenticationResponseJSON;
  if (typeof answer?.id !== 'string') return 'bad-request';
  const row = await db.prepare('SELECT id, public_key, counter, transports FROM passkeys WHERE id = ?').bind(answer.id).first<PasskeyRow>();
  if (!row) return 'passkey-unknown';
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpID,
      requireUserVerification: true,
      credential: {
        id: row.id,
        publicKey: new Uint8Array(row.public_key as ArrayBuffer),
        counter: row.counter,
        transports: JSON.parse(row.transports) as never,
      },
    });
  } catch {
    return 'passkey-refused';
  }
  if (!verification.verified) return 'passkey-refused';
  await db.prepare('UPDATE passkeys SET counter = ? WHERE id = ?').bind(verification.authenticationInfo.newCounter, row.id).run();
  return { id: row.id };
}
