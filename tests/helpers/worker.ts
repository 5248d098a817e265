/**
 * The site's Worker in workerd (Miniflare, as the pinned wrangler ships it) with a local D1 made
 * from worker/migrations/, for tests that need the database's rows as well as the Worker's
 * answers. The Worker is bundled the way wrangler bundles it (esbuild, the workerd conditions).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Miniflare } from 'miniflare';
import { bundleWorker, readMigrations } from '../../generator/serve/preview-worker.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { databaseOf, withDatabase } from './d1-bridge.js';

export const SITE = 'https://movers.example';
export const SETUP_CODE = 'TEAK-RIVER-4821';

export interface WorkerHost {
  /** A request to the Worker at https://movers.example. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  /** A query on the Worker's D1, answering its rows. */
  sql<Row = Record<string, unknown>>(query: string, ...values: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** A Worker script from its entry (from the project's root), bundled for workerd as `site preview` bundles it. */
export const bundle = bundleWorker;

/** The migrations' statements in order, as `site preview` reads them, in one list. */
export async function migrations(): Promise<string[]> {
  return (await readMigrations()).flatMap((migration) => migration.statements);
}

export async function startWorker(bindings: Record<string, string> = { SETUP_CODE }): Promise<WorkerHost> {
  const mf = new Miniflare(
    withDatabase({
      modules: true,
      script: await bundle(),
      compatibilityDate: '2026-04-01',
      bindings,
      // Only /api/ and /admin/ reach the Worker on Cloudflare; anything else it hands to the assets.
      serviceBindings: { ASSETS: () => new Response('the built site', { headers: { 'Content-Type': 'text/plain' } }) },
    }),
  );
  const database = databaseOf(mf);
  await database.batch(await migrations());
  return {
    fetch: async (pathname, init) => (await mf.dispatchFetch(new URL(pathname, SITE), init as never)) as unknown as Response,
    sql: database.sql,
    close: () => mf.dispose(),
  };
}

const HOUR = 60 * 60 * 1000;

/** What the Worker stores in place of a secret. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Empties every table, so each test starts from a site nobody has set up. */
export async function emptyTables(worker: WorkerHost): Promise<void> {
  for (const table of ['sessions', 'passkeys', 'used_setup_codes', 'invitations', 'ceremonies']) await worker.sql(`DELETE FROM ${table}`);
}

/** A passkey row, as a phone's set-up would leave it (its key is never checked by these tests). */
export async function addPasskey(worker: WorkerHost, id: string, name = 'Anil’s phone'): Promise<void> {
  await worker.sql(
    'INSERT INTO passkeys (id, public_key, counter, transports, name, created_at) VALUES (?, ?, 0, ?, ?, ?)',
    id,
    new Uint8Array([1, 2, 3]),
    '["internal"]',
    name,
    Date.now(),
  );
}

/** A session row for the passkey; answers the cookie and CSRF token a signed-in browser would hold. */
export async function addSession(
  worker: WorkerHost,
  passkeyId: string,
  expiresAt = Date.now() + HOUR,
): Promise<{ cookie: string; csrf: string }> {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  await worker.sql(
    'INSERT INTO sessions (token_hash, csrf_token, passkey_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    sha256(token),
    csrf,
    passkeyId,
    Date.now() - HOUR,
    expiresAt,
  );
  return { cookie: `__Host-session=${token}`, csrf };
}

/** A JSON POST from the site's own page, with `headers` added or replaced. */
export function post(worker: WorkerHost, pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return worker.fetch(pathname, {
    method: 'POST',
    headers: { Origin: SITE, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The refusal's status and stable code. */
export async function refusal(answer: Response): Promise<[number, string]> {
  return [answer.status, ((await answer.json()) as { code: string }).code];
}

/** The Worker for a whole test file, its tables emptied before each test; call the answer inside a test. */
export function workerForFile(): () => WorkerHost {
  let worker: WorkerHost | undefined;
  beforeAll(async () => {
    worker = await startWorker();
  });
  afterAll(async () => {
    await worker?.close();
  });
  beforeEach(async () => {
    await emptyTables(worker!);
  });
  return () => worker!;
}
