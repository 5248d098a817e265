/** The devices whose passkeys may sign in, as the owner sees them in /admin/. */
import type { D1Database } from './env.js';
import type { MessageCode } from './messages.js';

export interface Device {
  id: string;
  name: string;
  createdAt: number;
}

export async function listDevices(db: D1Database): Promise<Device[]> {
  const rows = await db
    .prepare('SELECT id, name, created_at FROM passkeys ORDER BY created_at, id')
    .all<{ id: string; name: string; created_at: number }>();
  return rows.results.map((row) => ({ id: row.id, name: row.name, createdAt: row.created_at }));
}

/**
 * Removes a device's passkey and ends its sessions, unless it is the last one: a site with no
 * passkey could only be set up again with a new set-up code.
 */
export async function removeDevice(db: D1Database, id: string): Promise<MessageCode | undefined> {
  const present = () => db.prepare('SELECT 1 FROM passkeys WHERE id = ?').bind(id).first();
  if (!(await present())) return 'device-unknown';
  await db.batch([
    db.prepare('DELETE FROM passkeys WHERE id = ? AND (SELECT COUNT(*) FROM passkeys) > 1').bind(id),
    db.prepare('DELETE FROM sessions WHERE passkey_id = ? AND NOT EXISTS (SELECT 1 FROM passkeys WHERE id = ?)').bind(id, id),
  ]);
  // Still there: it was the last one. Asked again rather than read from the batch's count of changes, which a cascade can swell.
  return (await present()) ? 'last-device' : undefined;
}
