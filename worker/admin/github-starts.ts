/**
 * The `state` of a connection to GitHub: a random value made when a signed-in phone presses
 * Connect, sent to GitHub, and checked when GitHub sends the owner back. It belongs to the session
 * that made it, works once, and runs out after an hour, as GitHub's code does. D1 keeps its hash.
 */
import { randomToken, sha256 } from '../crypto.js';
import type { D1Database } from '../env.js';
import { ConnectProblem } from '../github/connect-problems.js';

const LIFETIME = 60 * 60 * 1000;

export async function startConnection(db: D1Database, sessionHash: string, now: number): Promise<string> {
  const state = randomToken();
  await db.batch([
    db.prepare('DELETE FROM github_app_starts WHERE expires_at <= ?').bind(now),
    db
      .prepare('INSERT INTO github_app_starts (state_hash, session_hash, expires_at) VALUES (?, ?, ?)')
      .bind(await sha256(state), sessionHash, now + LIFETIME),
  ]);
  return state;
}

/** Spends the state; a ConnectProblem when it is not one this session made, or it ran out. */
export async function takeConnection(db: D1Database, state: string, sessionHash: string, now: number): Promise<void> {
  // Another session's attempt leaves the state as it was: only its own session spends it.
  const row = await db
    .prepare('DELETE FROM github_app_starts WHERE state_hash = ? AND session_hash = ? RETURNING expires_at')
    .bind(await sha256(state), sessionHash)
    .first<{ expires_at: number }>();
  if (!row) throw new ConnectProblem('github-state-mismatch');
  if (row.expires_at <= now) throw new ConnectProblem('github-code-expired');
}
