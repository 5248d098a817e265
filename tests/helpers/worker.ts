/**
 * The site's Worker in workerd (Miniflare, as the pinned wrangler ships it) with a local D1 made
 * from worker/migrations/, for tests that need the database's rows as well as the Worker's
 * answers. The Worker is bundled the way wrangler bundles it (esbuild, the workerd conditions).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { ROOT } from './content.js';

export const SITE = 'https://movers.example';
export const SETUP_CODE = 'TEAK-RIVER-4821';

export interface WorkerHost {
  /** A request to the Worker at https://movers.example. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  /** A query on the Worker's D1, answering its rows. */
  sql<Row = Record<string, unknown>>(query: string, ...values: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'worker/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser', 'import'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** The migrations' statements in order: comments dropped, split at the semicolon ending each. */
async function migrations(): Promise<string[]> {
  const folder = path.join(ROOT, 'worker/migrations');
  const files = (await readdir(folder)).filter((name) => name.endsWith('.sql')).sort();
  const statements: string[] = [];
  for (const file of files) {
    const sql = (await readFile(path.join(folder, file), 'utf8')).replace(/--[^\n]*/g, '');
    statements.push(...sql.split(/;\s*(?:\n|$)/).map((statement) => statement.trim()).filter(Boolean));
  }
  return statements;
}

export async function startWorker(bindings: Record<string, string> = { SETUP_CODE }): Promise<WorkerHost> {
  const mf = new Miniflare({
    modules: true,
    script: await bundle(),
    compatibilityDate: '2026-04-01',
    d1Databases: ['DB'],
    bindings,
    // Only /api/ and /admin/ reach the Worker on Cloudflare; anything else it hands to the assets.
    serviceBindings: { ASSETS: () => new Response('the built site', { headers: { 'Content-Type': 'text/plain' } }) },
  });
  const db = await mf.getD1Database('DB');
  await db.batch((await migrations()).map((statement) => db.prepare(statement)));
  return {
    fetch: async (pathname, init) => (await mf.dispatchFetch(new URL(pathname, SITE), init as never)) as unknown as Response,
    sql: async <Row>(query: string, ...values: unknown[]) => (await db.prepare(query).bind(...values).all<Row>()).results,
    close: () => mf.dispose(),
  };
}
