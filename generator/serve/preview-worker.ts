/**
 * The site's own Worker (worker/) for `site preview` of a Cloudflare build: the same script in
 * Cloudflare's runtime, workerd, through Miniflare, offline, with a local D1 database whose tables
 * worker/migrations/ makes. The preview server hands it /api/ and /admin/, as Cloudflare does
 * (worker/wrangler.jsonc, run_worker_first); the Worker reads the built files through its ASSETS
 * binding, served here from the site folder.
 */
import { mkdir, readdir, readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { projectRoot } from '../contract/root.js';
import { SETTINGS_FILE } from '../hosts.js';
import { candidates, parseRequestPath } from './static.js';
import { contentType } from './mime.js';

/** The Worker settings the preview takes from the environment, by the names the Worker reads them under (docs/worker.md). */
export const WORKER_SETTINGS = [
  'SETUP_CODE',
  'SITE_ORIGIN',
  'FORM_RELAY',
  'QUOTE_KEEP_DAYS',
  'GITHUB_API',
  'GITHUB_APP_ID',
  'GITHUB_APP_PRIVATE_KEY',
  'GITHUB_REPOSITORY',
  'GITHUB_BRANCH',
  'PREVIEW_ADDRESS',
] as const;

export interface PreviewWorker {
  fetch(request: Request): Promise<Response>;
  /** One scheduled run, as the cron starts it on Cloudflare: kept requests sent again, old ones deleted. */
  scheduled(): Promise<void>;
  close(): Promise<void>;
}

/** Whether `dir` holds a Cloudflare build: only those leave the Worker its settings file. */
export async function isCloudflareBuild(dir: string): Promise<boolean> {
  return (await stat(path.join(dir, ...SETTINGS_FILE.split('/'))).catch(() => undefined))?.isFile() ?? false;
}

/**
 * Starts the Worker. `state` is the folder that keeps its database between runs; `env` gives the
 * settings (WORKER_SETTINGS), the rest of it is ignored.
 */
export async function startPreviewWorker(dir: string, state: string, env: NodeJS.ProcessEnv): Promise<PreviewWorker> {
  const root = await realpath(dir);
  await mkdir(state, { recursive: true });
  const [{ Miniflare }, script] = await Promise.all([import('miniflare'), bundleWorker()]);
  const bindings = Object.fromEntries(WORKER_SETTINGS.flatMap((name) => (env[name] ? [[name, env[name]!]] : [])));
  const migrations = await readMigrations();
  const mf = new Miniflare({
    d1Persist: path.join(state, 'd1'),
    workers: [
      {
        name: 'site',
        modules: true,
        script,
        compatibilityDate: COMPATIBILITY_DATE,
        d1Databases: { DB: DATABASE_ID },
        bindings,
        serviceBindings: { ASSETS: (request: { url: string }) => builtFile(root, new URL(request.url).pathname) },
      },
      {
        name: 'migrations',
        modules: true,
        script: migratorScript(migrations),
        compatibilityDate: COMPATIBILITY_DATE,
        d1Databases: { DB: DATABASE_ID },
        routes: [`*${MIGRATE_PATH}`],
      },
    ],
  });
  try {
    const answer = await mf.dispatchFetch(`http://localhost${MIGRATE_PATH}`, { method: 'POST' });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`The preview's database could not be brought up to date: ${text}`);
  } catch (error) {
    await mf.dispose();
    throw error;
  }
  const worker = await mf.getWorker();
  return {
    fetch: async (request) =>
      (await mf.dispatchFetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        duplex: 'half',
      } as never)) as unknown as Response,
    scheduled: async () => {
      await (worker as unknown as { scheduled(options: { cron: string }): Promise<unknown> }).scheduled({ cron: '*/5 * * * *' });
    },
    close: () => mf.dispose(),
  };
}

/** A Worker script from its entry (from the project's root), bundled as wrangler bundles it for workerd. */
export async function bundleWorker(entry = 'worker/index.ts'): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(projectRoot(), entry)],
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

const COMPATIBILITY_DATE = '2026-04-01';
// The id Miniflare has always kept the preview's database under: a database kept by an earlier
// preview is found again, not started afresh.
const DATABASE_ID = 'DB';
// Reached only through dispatchFetch: the preview server hands the Worker /api/ and /admin/ alone.
const MIGRATE_PATH = '/__site-preview/migrate';

interface Migration {
  name: string;
  statements: string[];
}

/** The files of worker/migrations/, in order, each as its statements (comments dropped, split at the semicolon ending each). */
export async function readMigrations(): Promise<Migration[]> {
  const folder = path.join(projectRoot(), 'worker/migrations');
  const names = (await readdir(folder)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      statements: (await readFile(path.join(folder, name), 'utf8'))
        .replace(/--[^\n]*/g, '')
        .split(/;\s*(?:\n|$)/)
        .map((statement) => statement.trim())
        .filter(Boolean),
    })),
  );
}

/**
 * A second Worker, bound to the same database, that applies the migrations it has not had yet, in
 * order, each once and whole, as `wrangler d1 migrations apply` does; the names applied are kept
 * in a table of their own. Run inside workerd, not through Miniflare's handle on the database,
 * whose blocking calls now and then lost their answer on a busy machine and stopped the preview.
 */
function migratorScript(migrations: Migration[]): string {
  return `const MIGRATIONS = ${JSON.stringify(migrations)};
export default {
  async fetch(request, env) {
    try {
      await env.DB.prepare('CREATE TABLE IF NOT EXISTS preview_migrations (name TEXT PRIMARY KEY)').run();
      const applied = new Set((await env.DB.prepare('SELECT name FROM preview_migrations').all()).results.map((row) => row.name));
      for (const { name, statements } of MIGRATIONS) {
        if (applied.has(name)) continue;
        await env.DB.batch([
          ...statements.map((statement) => env.DB.prepare(statement)),
          env.DB.prepare('INSERT INTO preview_migrations (name) VALUES (?)').bind(name),
        ]);
      }
      return new Response('up to date');
    } catch (error) {
      return new Response(String((error && error.message) || error), { status: 500 });
    }
  },
};
`;
}

/** A built file as the ASSETS binding gives it: the file at the address, or its folder's index.html; else 404. */
async function builtFile(root: string, pathname: string): Promise<Response> {
  const request = parseRequestPath(pathname);
  if (request.ok) {
    for (const file of candidates(request.segments)) {
      const real = await realpath(path.join(root, ...file.split('/'))).catch(() => undefined);
      if (!real?.startsWith(root + path.sep)) continue;
      const body = await readFile(real).catch(() => undefined);
      if (body) return new Response(body, { headers: { 'Content-Type': contentType(file) } });
    }
  }
  return new Response('Not found.', { status: 404 });
}

/** The addresses Cloudflare hands the Worker before the files (worker/wrangler.jsonc, run_worker_first). */
export function reachesWorker(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The preview's own address that starts one scheduled run, in place of the cron. */
export const SCHEDULED_ADDRESS = '/__scheduled';

/**
 * Answers the Worker's addresses through `worker`, and SCHEDULED_ADDRESS with a scheduled run; true
 * when it answered. The request keeps the address the browser used, so the Worker's Origin check
 * and passkeys see the same site the browser does.
 */
export function workerHandler(worker: PreviewWorker): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    if (url.pathname === SCHEDULED_ADDRESS && req.method === 'POST') {
      await worker.scheduled();
      res
        .writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('The scheduled run is done: waiting quote requests were sent again.\n');
      return true;
    }
    if (!reachesWorker(url.pathname)) return false;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    headers.set('CF-Connecting-IP', req.socket.remoteAddress ?? '127.0.0.1');
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const chunks: Buffer[] = [];
    if (hasBody) for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = hasBody ? Buffer.concat(chunks) : undefined;
    const answer = await worker.fetch(new Request(url, { method: req.method, headers, body }));
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (name === 'set-cookie') return;
      out[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
    return true;
  };
}
