/** A phone signed in to /admin/ in the Worker under test: a passkey and a session row, and the cookie and token its browser holds. */
import { randomBytes } from 'node:crypto';
import { sha256 } from '../../../helpers/worker.js';
import type { QuoteHost } from '../quotes/host.js';

export async function signIn(host: Pick<QuoteHost, 'sql'>): Promise<{ cookie: string; csrf: string }> {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  await host.sql('DELETE FROM sessions');
  await host.sql('DELETE FROM passkeys');
  await host.sql(
    "INSERT INTO passkeys (id, public_key, counter, transports, name, created_at) VALUES ('phone-1', x'010203', 0, '[]', 'Anil’s phone', ?)",
    Date.now(),
  );
  await host.sql(
    "INSERT INTO sessions (token_hash, csrf_token, passkey_id, created_at, expires_at) VALUES (?, ?, 'phone-1', ?, ?)",
    sha256(token),
    csrf,
    Date.now(),
    Date.now() + 3_600_000,
  );
  return { cookie: `__Host-session=${token}`, csrf };
}
