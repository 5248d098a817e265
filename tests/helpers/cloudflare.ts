import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './content.js';

/**
 * Cloudflare's own runtime (workerd, through `wrangler dev`, pinned in package.json) serving a
 * built site folder with the project's wrangler.jsonc, as it is published. Runs offline: no
 * telemetry, no update check, no fetch of Cloudflare's request metadata; its state and logs go
 * to a temporary folder.
 */
export interface HostServer {
  url: string;
  close(): Promise<void>;
}

export async function startCloudflare(siteDir: string): Promise<HostServer> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'site-cloudflare-'));
  const config = JSON.parse(stripComments(await readFile(path.join(ROOT, 'wrangler.jsonc'), 'utf8'))) as { assets: Record<string, unknown> };
  const configFile = path.join(temp, 'wrangler.json');
  await writeFile(configFile, JSON.stringify({ ...config, $schema: undefined, assets: { ...config.assets, directory: siteDir } }));
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), 'dev', '--config', configFile, '--ip', '127.0.0.1', '--port', '0', '--inspector-port', '0', '--persist-to', path.join(temp, 'state'), '--log-level', 'info'],
    {
      cwd: temp,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        CI: '1',
        WRANGLER_SEND_METRICS: 'false',
        WRANGLER_HIDE_BANNER: 'true',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_LOG_PATH: path.join(temp, 'logs'),
        XDG_CONFIG_HOME: path.join(temp, 'config'),
        NO_COLOR: '1',
        FORCE_COLOR: '0',
      },
    },
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

/** JSONC as JSON: drops the whole-line // comments wrangler.jsonc uses. */
function stripComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
}
