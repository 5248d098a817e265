/**
 * The codes that let a device make a passkey: the one-time set-up code (a Worker secret) for the
 * very first one, then invitation codes a signed-in device shows, each good for 15 minutes and
 * one device. Only hashes are stored; a code is spent in the same transaction that saves the
 * passkey it allowed, so two devices racing with one code cannot both get in.
 */
import { normaliseCode, readableCode, sha256 } from './crypto.js';
import type { D1Database, D1PreparedStatement, Env } from './env.js';
import type { MessageCode } from './messages.js';

export const INVITATION_MS = 15 * 60 * 1000;

export interface Grant {
  kind: 'setup' | 'invitation';
  codeHash: string;
}

async function passkeyCount(db: D1Database): Promise<number> {
  return (await db.prepare('SELECT COUNT(*) AS n FROM passkeys').first<{ n: number }>())?.n ?? 0;
}

/** What the typed code allows: the first passkey, another device's passkey, or a refusal. */
export async function checkCode(db: D1Database, env: Env, typed: string, now: number): Promise<Grant | MessageCode> {
  const codeHash = await sha256(normaliseCode(typed));
  const setupHash = env.SETUP_CODE ? await sha256(normaliseCode(env.SETUP_CODE)) : undefined;
  const used = await db.prepare('SELECT 1 FROM used_setup_codes WHERE code_hash = ?').bind(codeHash).first();
  // A set-up code works once, and only while no passkey exists: after that it is spent for good.
  if (used || (codeHash === setupHash && (await passkeyCount(db)) > 0)) return 'setup-code-used';
  if ((await passkeyCount(db)) === 0) {
    if (!setupHash) return 'setup-code-missing';
    return codeHash === setupHash ? { kind: 'setup', codeHash } : 'setup-code-wrong';
  }
  const invitation = await db.prepare('SELECT 1 FROM invitations WHERE code_hash = ? AND expires_at > ?').bind(codeHash, now).first();
  return invitation ? { kind: 'invitation', codeHash } : 'invitation-wrong';
}

/**
 * The statements that spend the code, to run in one batch after the passkey's insert, which is
 * guarded by `stillValid`: a spent set-up code breaks the batch (its hash is a primary key), a
 * spent invitation leaves the guarded insert with nothing to insert.
 */
export function spendCode(db: D1Database, grant: Grant, now: number): D1PreparedStatement[] {
  if (grant.kind === 'setup')
    return [db.prepare('INSERT INTO used_setup_codes (code_hash, used_at) VALUES (?, ?)').bind(grant.codeHash, now)];
  return [db.prepare('DELETE FROM invitations WHERE code_hash = ?').bind(grant.codeHash)];
}

/** The SQL condition (with its values) under which the grant still allows a new passkey. */
export function stillValid(grant: Grant, now: number): { sql: string; values: unknown[] } {
  if (grant.kind === 'setup') return { sql: 'NOT EXISTS (SELECT 1 FROM passkeys)', values: [] };
  return { sql: 'EXISTS (SELECT 1 FROM invitations WHERE code_hash = ? AND expires_at > ?)', values: [grant.codeHash, now] };
}

/** A new invitation code, replacing any earlier one: only the newest shown code works. */
export async function invite(db: D1Database, now: number): Promise<{ code: string; expiresAt: number }> {
  const code = readableCode();
  const expiresAt = now + INVITATION_MS;
  await db.batch([
    db.prepare('DELETE FROM invitations'),
    db
      .prepare('INSERT INTO invitations (code_hash, created_at, expires_at) VALUES (?, ?, ?)')
      .bind(await sha256(normaliseCode(code)), now, expiresAt),
  ]);
  return { code, expiresAt };
}
