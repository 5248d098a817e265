/**
 * The owner's sessions. A session ends 12 hours after it was last used (sliding), and at the
 * latest 7 days after sign-in. Why so short: the editor runs on a phone, which is easily lost or
 * left unlocked, and signing in again is one touch of the phone's lock (a passkey), so a short
 * session costs the owner little; 12 hours still covers a whole working day of edits. The cookie
 * holds a random token; D1 holds only its hash, so a copy of the database signs no one in.
 */
import { randomToken, sha256 } from './crypto.js';
import type { D1Database } from './env.js';
import { cookie, readCookie } from './http.js';
import type { MessageCode } from './messages.js';

export const SESSION_COOKIE = '__Host-session';
export const IDLE_MS = 12 * 60 * 60 * 1000;
export const LONGEST_MS = 7 * 24 * 60 * 60 * 1000;
/** A session used again within this long of its last move keeps its expiry: one write per few minutes, not per request. */
const SLIDE_STEP_MS = 5 * 60 * 1000;

export interface Session {
  tokenHash: string;
  csrfToken: string;
  passkeyId: string;
}

/** `expired`: its time ran out; `ended`: signed out, or its phone removed (the cookie outlived the row). */
export type SessionState = { state: 'none' } | { state: 'expired' } | { state: 'ended' } | { state: 'active'; session: Session };

interface SessionRow {
  token_hash: string;
  csrf_token: string;
  passkey_id: string;
  created_at: number;
  expires_at: number;
}

/** Starts a session for the device that just signed in; answers the Set-Cookie header that carries it. */
export async function startSession(db: D1Database, passkeyId: string, now: number): Promise<string> {
  const token = randomToken();
  await db
    .prepare('INSERT INTO sessions (token_hash, csrf_token, passkey_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
    .bind(await sha256(token), randomToken(), passkeyId, now, now + IDLE_MS)
    .run();
  // The browser may keep the cookie for the longest a session can last; D1 decides whether it still works.
  return cookie(SESSION_COOKIE, token, LONGEST_MS / 1000);
}

/** The session the request's cookie names: none, ended (said so to the owner), or active and moved on. */
export async function findSession(db: D1Database, request: Request, now: number): Promise<SessionState> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return { state: 'none' };
  const tokenHash = await sha256(token);
  const row = await db.prepare('SELECT * FROM sessions WHERE token_hash = ?').bind(tokenHash).first<SessionRow>();
  if (!row) return { state: 'ended' };
  if (row.expires_at <= now) {
    await db.prepare('DELETE FROM sessions WHERE token_hash = ?').bind(tokenHash).run();
    return { state: 'expired' };
  }
  const slid = Math.min(now + IDLE_MS, row.created_at + LONGEST_MS);
  if (slid - row.expires_at > SLIDE_STEP_MS) {
    await db.prepare('UPDATE sessions SET expires_at = ? WHERE token_hash = ?').bind(slid, tokenHash).run();
  }
  return { state: 'active', session: { tokenHash, csrfToken: row.csrf_token, passkeyId: row.passkey_id } };
}

/** Why a browser that is not signed in was signed out, in the owner's words, or undefined when it never was. */
export function signedOutBecause(state: SessionState): MessageCode | undefined {
  if (state.state === 'expired') return 'session-expired';
  if (state.state === 'ended') return 'session-ended';
  return undefined;
}

/** Ends the session and tells the browser to drop its cookie. */
export async function endSession(db: D1Database, session: Session): Promise<string> {
  await db.prepare('DELETE FROM sessions WHERE token_hash = ?').bind(session.tokenHash).run();
  return cookie(SESSION_COOKIE, '', 0);
}
