/**
 * The GitHub App the owner made from the phone (/admin/github/), kept in D1: its id, its slug
 * (its name in GitHub's addresses) and its private key. The Worker's own settings win over it
 * (settings.ts), so a company that set the App's id and key as secrets keeps using those.
 */
import type { D1Database } from '../env.js';

export interface KeptApp {
  appId: string;
  slug: string;
  privateKey: string;
}

export async function keptApp(db: D1Database | undefined): Promise<KeptApp | undefined> {
  const row = await db
    ?.prepare('SELECT app_id, slug, private_key FROM github_app WHERE id = 1')
    .first<{ app_id: string; slug: string; private_key: string }>();
  return row ? { appId: row.app_id, slug: row.slug, privateKey: row.private_key } : undefined;
}

/** Keeps the App, in place of any made before. */
export async function keepApp(db: D1Database, app: KeptApp, now: number): Promise<void> {
  await db
    .prepare('INSERT OR REPLACE INTO github_app (id, app_id, slug, private_key, made_at) VALUES (1, ?, ?, ?, ?)')
    .bind(app.appId, app.slug, app.privateKey, now)
    .run();
}
