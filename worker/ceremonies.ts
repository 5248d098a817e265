/**
 * A WebAuthn ceremony between its two requests: the challenge the site asked the phone to sign,
 * kept in D1 under the hash of a cookie's random id. It lives 5 minutes and is taken once, so an
 * answer cannot be replayed and a challenge from another tab does not count.
 */
import { randomToken, sha256 } from './crypto.js';
import type { D1Database } from './env.js';
import { cookie, readCookie } from './http.js';

export const CEREMONY_COOKIE = '__Host-ceremony';
const CEREMONY_MS = 5 * 60 * 1000;

export interface Ceremony {
  kind: 'register' | 'signin';
  challenge: string;
  deviceName?: string | null;
  codeHash?: string | null;
  codeKind?: 'setup' | 'invitation' | null;
}

interface CeremonyRow {
  kind: Ceremony['kind'];
  challenge: string;
  device_name: string | null;
  code_hash: string | null;
  code_kind: Ceremony['codeKind'];
}

/** Saves the ceremony; answers the Set-Cookie header that names it. */
export async function beginCeremony(db: D1Database, ceremony: Ceremony, now: number): Promise<string> {
  const id = randomToken();
  await db.batch([
    db.prepare('DELETE FROM ceremonies WHERE expires_at <= ?').bind(now),
    db
      .prepare(
        'INSERT INTO ceremonies (id_hash, kind, challenge, device_name, code_hash, code_kind, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .bind(
        await sha256(id),
        ceremony.kind,
        ceremony.challenge,
        ceremony.deviceName ?? null,
        ceremony.codeHash ?? null,
        ceremony.codeKind ?? null,
        now + CEREMONY_MS,
      ),
  ]);
  return cookie(CEREMONY_COOKIE, id, CEREMONY_MS / 1000);
}

/** Takes the request's ceremony of that kind out of D1, or undefined when there is none still running. */
export async function takeCeremony(db: D1Database, request: Request, kind: Ceremony['kind'], now: number): Promise<Ceremony | undefined> {
  const id = readCookie(request, CEREMONY_COOKIE);
  if (!id) return undefined;
  const row = await db
    .prepare(
      'DELETE FROM ceremonies WHERE id_hash = ? AND kind = ? AND expires_at > ? RETURNING kind, challenge, device_name, code_hash, code_kind',
    )
    .bind(await sha256(id), kind, now)
    .first<CeremonyRow>();
  if (!row) return undefined;
  return { kind: row.kind, challenge: row.challenge, deviceName: row.device_name, codeHash: row.code_hash, codeKind: row.code_kind };
}

export const clearCeremony = cookie(CEREMONY_COOKIE, '', 0);
