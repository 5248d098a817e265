import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundleWorker } from '../../generator/serve/preview-worker.js';
import { ROOT } from './content.js';

/**
 * Cloudflare's own runtime (workerd, through `wrangler dev`, pinned in package.json) serving a
 * built site folder with the project's wrangler.jsonc, as it is published, or with
 * worker/wrangler.jsonc, the site with its own Worker and D1. Runs offline: no
 * telemetry, no update check, no fetch of Cloudflare's request metadata; its state and logs go
 * to a temporary folder.
 */
export interface HostServer {
  url: string;
  close(): Promise<void>;
  /** What wrangler and the Worker printed so far, for a failing test's report (startCloudflare only). */
  output?(): string;
}

export interface CloudflareOptions {
  /** Serve with worker/wrangler.jsonc (the Worker, its D1) instead of the published wrangler.jsonc. */
  worker?: boolean;
  /** Apply worker/migrations/ to the local D1 first, as `wrangler d1 migrations apply` does before a deploy. */
  migrate?: boolean;
  /** The Worker's secrets (SETUP_CODE), given as wrangler dev reads them: a .dev.vars file beside the config. */
  secrets?: Record<string, string>;
}

/** The environment every wrangler run here gets: offline, quiet, its state in `temp`. */
function offline(temp: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CI: '1',
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_LOG_PATH: path.join(temp, 'logs'),
    XDG_CONFIG_HOME: path.join(temp, 'config'),
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
}

const WRANGLER = path.join(ROOT, 'node_modules/wrangler/bin/wrangler.js');

export async function startCloudflare(siteDir: string, options: CloudflareOptions = {}): Promise<HostServer> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'site-cloudflare-'));
  const configFile = await frozenWorker(temp, await writeConfig(temp, siteDir, options.worker ? WORKER_CONFIG : SITE_CONFIG));
  const state = path.join(temp, 'state');
  if (options.secrets) {
    await writeFile(
      path.join(temp, '.dev.vars'),
      Object.entries(options.secrets)
        .map(([name, value]) => `${name}=${JSON.stringify(value)}\n`)
        .join(''),
    );
  }
  if (options.migrate) {
    const migrated = spawnSync(
      process.execPath,
      [WRANGLER, 'd1', 'migrations', 'apply', 'DB', '--local', '--config', configFile, '--persist-to', state],
      { cwd: temp, env: offline(temp), encoding: 'utf8', timeout: 120_000 },
    );
    if (migrated.status !== 0)
      throw new Error(`wrangler d1 migrations apply failed (exit ${migrated.status}):\n${migrated.stdout}${migrated.stderr}`);
  }
  const child = spawn(
    process.execPath,
    [
      WRANGLER,
      'dev',
      '--config',
      configFile,
      '--ip',
      '127.0.0.1',
      '--port',
      '0',
      '--inspector-port',
      '0',
      '--persist-to',
      state,
      '--log-level',
      'info',
    ],
    { cwd: temp, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: offline(temp) },
  );
  let output = '';
  // Port 0: the runtime takes a free port itself and says which, so no other program can take it first.
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (ready) resolve(ready[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`wrangler dev stopped (exit ${code}) before serving:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `${url}/`,
    output: () => output,
    async close() {
      // workerd runs as wrangler's child: stop the whole group this test started.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
      await rm(temp, { recursive: true, force: true });
    },
  };
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

/**
 * A wrangler config, written into `temp` with its paths made absolute (wrangler reads them from
 * the config file's folder) and the assets taken from `siteDir`.
 */
export async function writeConfig(temp: string, siteDir: string, source: string = SITE_CONFIG): Promise<string> {
  const config = await readConfig(source);
  const from = path.dirname(source);
  const configFile = path.join(temp, 'wrangler.json');
  const d1_databases = config.d1_databases?.map((database) => ({ ...database, migrations_dir: path.join(from, database.migrations_dir) }));
  const main = config.main === undefined ? undefined : path.join(from, config.main);
  await writeFile(
    configFile,
    JSON.stringify({ ...config, $schema: undefined, main, d1_databases, assets: { ...config.assets, directory: siteDir } }),
  );
  return configFile;
}

/**
 * The Worker bundled once, as `site preview` bundles it, into `temp`, and the config pointed at that
 * bundle. `wrangler dev` rebuilds and restarts the Worker whenever a file it was bundled from
 * changes, and a request in flight then fails (a post gets wrangler's own 503, a page is cut short
 * or held until the next request comes): the Worker a test talks to stays the code the test started
 * with, whatever is edited in the checkout meanwhile. wrangler dev still bundles that one file with
 * its own additions for local runs (the one that reads a request's unread body to its end keeps the
 * next request from failing). A config without a Worker is left as it is.
 */
async function frozenWorker(temp: string, configFile: string): Promise<string> {
  const config = JSON.parse(await readFile(configFile, 'utf8')) as WranglerConfig;
  if (config.main === undefined) return configFile;
  const main = path.join(temp, 'worker', 'index.js');
  await mkdir(path.dirname(main));
  await writeFile(main, await bundleWorker(path.relative(ROOT, config.main)));
  await writeFile(configFile, JSON.stringify({ ...config, main }));
  return configFile;
}

/** JSONC as JSON: drops the whole-line // comments wrangler.jsonc uses. */
function stripComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
}
