import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Miniflare } from 'miniflare';
import { bundleWorker } from '../../generator/serve/preview-worker.js';
import { ROOT } from './content.js';
import { databaseOf, type TestDatabase, withDatabase } from './d1-bridge.js';

/**
 * Cloudflare's own runtime (workerd, through Miniflare, the runtime the pinned wrangler runs)
 * serving a built site folder with the project's wrangler.jsonc, as it is published, or with
 * worker/wrangler.jsonc, the site with its own Worker and D1: the same asset handling (the
 * folder's _headers and _redirects, trailing slashes, 404 pages) and the Worker first for the
 * addresses the config gives it. Runs offline; its database lives in a temporary folder.
 *
 * Not `wrangler dev`: the pinned wrangler puts a proxy of its own in front of the runtime, which
 * now and then held a response's end back until the next request came, and on a failed hand-over
 * stopped serving altogether, so every later request of the test failed. The Worker is bundled
 * once when the test starts, as `site preview` bundles it, so an edit in the checkout meanwhile
 * never changes the Worker a test talks to.
 */
export interface HostServer {
  url: string;
  close(): Promise<void>;
  /** What the runtime and the Worker printed so far, for a failing test's report (startCloudflare only). */
  output?(): string;
  /** The Worker's D1, when the config has one (startCloudflare only). */
  database?: TestDatabase;
  /**
   * A new version of the Worker at the same address, with `settings` over its secrets and
   * variables, as a deploy makes one (startCloudflare only): its D1 and what it holds stay.
   */
  redeploy?(settings: Record<string, string>): Promise<void>;
}

export interface CloudflareOptions {
  /** Serve with worker/wrangler.jsonc (the Worker, its D1) instead of the published wrangler.jsonc. */
  worker?: boolean;
  /** Apply worker/migrations/ to the local D1 first, as `wrangler d1 migrations apply` does before a deploy. */
  migrate?: boolean;
  /** The Worker's secrets and variables (SETUP_CODE, FORM_RELAY…). */
  secrets?: Record<string, string>;
  /** Served over https with Miniflare's own certificate, for localhost. */
  https?: boolean;
}

/** A config without a script of its own: the files alone, which never reach this. */
const NO_WORKER = "export default { fetch() { return new Response('Not found.', { status: 404 }); } };";

export async function startCloudflare(siteDir: string, options: CloudflareOptions = {}): Promise<HostServer> {
  const source = options.worker ? WORKER_CONFIG : SITE_CONFIG;
  const config = await readConfig(source);
  const assets = config.assets as {
    html_handling?: 'auto-trailing-slash';
    not_found_handling?: '404-page';
    run_worker_first?: string[];
    binding?: string;
  };
  const temp = await mkdtemp(path.join(os.tmpdir(), 'site-cloudflare-'));
  const printed: string[] = [];
  let mf: Miniflare | undefined;
  try {
    const script = config.main ? await bundleWorker(path.relative(ROOT, path.join(path.dirname(source), config.main))) : NO_WORKER;
    const site = (bindings: Record<string, string>) => ({
      modules: true,
      script,
      compatibilityDate: config.compatibility_date,
      bindings,
      assets: {
        directory: siteDir,
        ...(assets.binding ? { binding: assets.binding } : {}),
        routerConfig: {
          has_user_worker: Boolean(config.main),
          ...(assets.run_worker_first ? { static_routing: { user_worker: assets.run_worker_first } } : {}),
        },
        assetConfig: { html_handling: assets.html_handling, not_found_handling: assets.not_found_handling },
      },
    });
    const shared = {
      host: '127.0.0.1',
      port: 0,
      https: options.https ?? false,
      handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
        for (const stream of [stdout, stderr]) stream.on('data', (chunk: Buffer) => printed.push(chunk.toString()));
      },
    };
    const hasDatabase = Boolean(config.d1_databases?.length);
    const settingsOf = (bindings: Record<string, string>) =>
      hasDatabase ? withDatabase(site(bindings), { ...shared, d1Persist: path.join(temp, 'd1') }) : { ...shared, ...site(bindings) };
    let bindings = options.secrets ?? {};
    mf = new Miniflare(settingsOf(bindings));
    const url = (await mf.ready).origin;
    const db = hasDatabase ? databaseOf(mf) : undefined;
    if (options.migrate && db) {
      const { migrations } = await import('./worker.js');
      await db.batch(await migrations());
    }
    const running = mf;
    return {
      url: `${url}/`,
      output: () => printed.join(''),
      ...(db ? { database: db } : {}),
      async redeploy(settings) {
        bindings = { ...bindings, ...settings };
        // Port 0 again: Miniflare keeps the address it was given the first time.
        await running.setOptions(settingsOf(bindings));
      },
      async close() {
        await running.dispose();
        await rm(temp, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await mf?.dispose();
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}

/** The settings the deploy publishes with, and the site with its own Worker (worker/wrangler.jsonc). */
export const SITE_CONFIG = path.join(ROOT, 'wrangler.jsonc');
export const WORKER_CONFIG = path.join(ROOT, 'worker/wrangler.jsonc');

export interface WranglerConfig {
  name: string;
  compatibility_date: string;
  main?: string;
  assets: Record<string, unknown>;
  d1_databases?: Array<{ migrations_dir: string }>;
  [setting: string]: unknown;
}

export async function readConfig(file: string): Promise<WranglerConfig> {
  return JSON.parse(stripComments(await readFile(file, 'utf8'))) as WranglerConfig;
}

/** JSONC as JSON: drops the whole-line // comments wrangler.jsonc uses. */
function stripComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
}
