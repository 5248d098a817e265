/**
 * The owner's editor as the live site serves it, for the phone walks in every engine: a Cloudflare
 * build (the sample's, which the run's test site already made with _editor/, or another's) served
 * as Cloudflare serves it (tests/helpers/cloudflare.ts: its Worker in workerd with a local D1 made
 * from worker/migrations/), and the Worker's GitHub settings pointed at the GitHub stand-in over a
 * bare repository holding the content (the sample's English files unless `seed` says otherwise).
 *
 * `secure`: the browser reaches it at https://localhost, with Miniflare's own certificate, for an
 * engine that keeps no Secure cookie from http://localhost (WebKitGTK's network library refuses
 * the session's `__Host-` cookie there; Chromium and Firefox keep it, localhost being a secure
 * context to them).
 */
import { generateKeyPairSync } from 'node:crypto';
import { GitHubStandin } from '../github-standin/server.js';
import type { WorkerHost } from '../helpers/worker.js';
import { startCloudflare } from '../helpers/cloudflare.js';
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
  /** A new version of the site's Worker, as the deploy makes one: `settings` over its variables (SITE_COMMIT). */
  deploy(settings: Record<string, string>): Promise<void>;
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
    const start = await standin.push(seed, 'The site as it starts');
    const host = await startCloudflare(dist, {
      worker: true,
      migrate: true,
      https: options.secure,
      secrets: {
        SETUP_CODE: EDITOR_SETUP_CODE,
        GITHUB_API: standin.url,
        GITHUB_APP_ID: '31337',
        GITHUB_APP_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
        GITHUB_REPOSITORY: 'kerala-movers/site',
        ...options.settings,
      },
    });
    closing.push(() => host.close());
    const runtime = new URL(host.url);
    const worker: WorkerHost = {
      fetch: (pathname, init) => fetch(new URL(pathname, runtime), init),
      sql: host.database!.sql,
      close: () => host.close(),
    };
    // Passkeys need a host name: localhost, never 127.0.0.1.
    return {
      origin: `${runtime.protocol}//localhost:${runtime.port}`,
      standin,
      seed,
      start,
      worker,
      deploy: (settings) => host.redeploy!(settings),
      output: () => host.output?.() ?? '',
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
