/**
 * The owner's editor as the live site serves it, for the phone walks in every engine: a Cloudflare
 * build (the sample's, which the run's test site already made with _editor/, or another's) served
 * as Cloudflare serves it, its Worker in workerd through Miniflare with a local D1 made from
 * worker/migrations/, and the Worker's GitHub settings pointed at the GitHub stand-in over a bare
 * repository holding the content (the sample's English files unless `seed` says otherwise).
 * Miniflare serves it directly: `wrangler dev`'s proxy in front of it now and then held a page's
 * end back until the next request came, so the page never finished loading.
 *
 * `secure`: the browser reaches it at https://localhost, with Miniflare's own certificate, for an
 * engine that keeps no Secure cookie from http://localhost (WebKitGTK's network library refuses
 * the session's `__Host-` cookie there; Chromium and Firefox keep it, localhost being a secure
 * context to them).
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Miniflare } from 'miniflare';
import { GitHubStandin } from '../github-standin/server.js';
import { bundle, migrations, sqlOn, type WorkerHost } from '../helpers/worker.js';
import { readConfig, WORKER_CONFIG } from '../helpers/cloudflare.js';
import { sampleSeed } from '../unit/worker/editor/editor-worker.js';

export const EDITOR_SETUP_CODE = 'TEAK-RIVER-4821';

export interface EditorSite {
  /** The address the browser opens, e.g. http://localhost:41234 (no trailing slash). */
  origin: string;
  standin: GitHubStandin;
  /** The content the repository starts with, by path from its top. */
  seed: Record<string, string>;
  /** The commit the repository starts from. */
  start: string;
  /** What workerd printed so far (the Worker's console and its faults), for a failing test's report. */
  output(): string;
  /** The Worker's D1, as the Worker's own tests reach it. */
  worker: WorkerHost;
  close(): Promise<void>;
}

/** `settings`: more of the Worker's variables, beside the GitHub ones and the set-up code. */
export async function startEditorSite(
  dist: string,
  options: { secure: boolean; seed?: Record<string, string>; settings?: Record<string, string> },
): Promise<EditorSite> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const standin = await GitHubStandin.start({
    appId: 31337,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    owner: 'kerala-movers',
    repo: 'site',
  });
  const closing: Array<() => Promise<unknown>> = [() => standin.close()];
  const close = async () => {
    for (const step of closing.reverse()) await step();
  };
  try {
    const seed = options.seed ?? (await sampleSeed());
    const [start, script, config] = await Promise.all([standin.push(seed, 'The site as it starts'), bundle(), readConfig(WORKER_CONFIG)]);
    const assets = config.assets as { html_handling: 'auto-trailing-slash'; not_found_handling: '404-page'; run_worker_first: string[] };
    const printed: string[] = [];
    const mf = new Miniflare({
      modules: true,
      script,
      compatibilityDate: config.compatibility_date,
      d1Databases: ['DB'],
      bindings: {
        SETUP_CODE: EDITOR_SETUP_CODE,
        GITHUB_API: standin.url,
        GITHUB_APP_ID: '31337',
        GITHUB_APP_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
        GITHUB_REPOSITORY: 'kerala-movers/site',
        ...options.settings,
      },
      // As worker/wrangler.jsonc has Cloudflare serve the site: the files first, but for the Worker's own addresses.
      assets: {
        directory: dist,
        binding: 'ASSETS',
        routerConfig: { has_user_worker: true, static_routing: { user_worker: assets.run_worker_first } },
        assetConfig: { html_handling: assets.html_handling, not_found_handling: assets.not_found_handling },
      },
      host: '127.0.0.1',
      port: 0,
      // Miniflare's own certificate, for localhost.
      https: options.secure,
      handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
        for (const stream of [stdout, stderr]) stream.on('data', (chunk: Buffer) => printed.push(chunk.toString()));
      },
    });
    closing.push(() => mf.dispose());
    const runtime = new URL((await mf.ready).origin);
    const db = await mf.getD1Database('DB');
    await db.batch((await migrations()).map((statement) => db.prepare(statement)));
    const worker: WorkerHost = {
      fetch: (pathname, init) => fetch(new URL(pathname, runtime), init),
      sql: sqlOn(db),
      close: () => mf.dispose(),
    };
    // Passkeys need a host name: localhost, never 127.0.0.1.
    return {
      origin: `${runtime.protocol}//localhost:${runtime.port}`,
      standin,
      seed,
      start,
      worker,
      output: () => printed.join(''),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
