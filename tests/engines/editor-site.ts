/**
 * The owner's editor for the engine walk: the Cloudflare build of the sample (the one the run's
 * test site already made, which holds _editor/) served as Cloudflare serves it, its Worker in
 * workerd through Miniflare with a local D1 made from worker/migrations/, and the Worker's GitHub
 * settings pointed at the GitHub stand-in over a bare repository holding the sample content.
 *
 * `secure`: the browser reaches it at https://localhost, with Miniflare's own certificate, for an
 * engine that keeps no Secure cookie from http://localhost (WebKitGTK's network library refuses
 * the session's `__Host-` cookie there; Chromium and Firefox keep it, localhost being a secure
 * context to them).
 */
import { generateKeyPairSync } from 'node:crypto';
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
  /** The commit the repository starts from. */
  start: string;
  /** The Worker's D1, as the Worker's own tests reach it. */
  worker: WorkerHost;
  close(): Promise<void>;
}

export async function startEditorSite(dist: string, options: { secure: boolean }): Promise<EditorSite> {
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
    const [start, script, config] = await Promise.all([
      sampleSeed().then((seed) => standin.push(seed, 'The site as it starts')),
      bundle(),
      readConfig(WORKER_CONFIG),
    ]);
    const assets = config.assets as { html_handling: 'auto-trailing-slash'; not_found_handling: '404-page'; run_worker_first: string[] };
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
    return { origin: `${runtime.protocol}//localhost:${runtime.port}`, standin, start, worker, close };
  } catch (error) {
    await close();
    throw error;
  }
}
