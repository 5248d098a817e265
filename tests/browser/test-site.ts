/**
 * The site under test: the stand-in relay, the frozen sample content built for the address it
 * will be served at (`site build --content tests/sample/content --form-endpoint <relay>`), and
 * the project's own preview server on it, all in this process so nothing outlives an interrupted
 * run. The Playwright suite starts one for all its workers; each engine run starts its own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPreview } from '../../generator/serve/preview.js';
import type { BrowserEnv } from './env.js';
import { startRelay } from './relay.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface TestSite {
  env: BrowserEnv;
  close(): Promise<void>;
}

/** `prepare` may add files of the caller's own to the built folder before it is served. */
export async function startTestSite(prepare?: (dist: string) => Promise<void>): Promise<TestSite> {
  if (!existsSync(path.join(ROOT, 'lib/bin/cli.js'))) {
    console.log('[browser tests] lib/ is missing: compiling the CLI (tsc -p tsconfig.build.json)...');
    run('npx', ['tsc', '-p', 'tsconfig.build.json']);
  }
  const temp = await mkdtemp(path.join(tmpdir(), 'site-browser-tests-'));
  const out = path.join(temp, 'dist');
  const relay = await startRelay();
  let preview: { url: string; close(): Promise<void> } | undefined;
  const close = async () => {
    await preview?.close();
    await relay.close();
    await rm(temp, { recursive: true, force: true });
  };
  try {
    // The relay sends a plain form post back to `_next`, which the build derives from the site
    // URL: the site is built for the address it will be previewed at.
    const port = await freePort();
    const siteUrl = `http://127.0.0.1:${port}`;
    const build = (dir: string, host: string, more: string[] = []) =>
      run('node', [
        'bin/site.js',
        'build',
        '--content',
        'tests/sample/content',
        '--out',
        dir,
        ...more,
        '--form-endpoint',
        relay.endpoint,
        '--host',
        host,
      ]);
    // Built for GitHub Pages: the form posts to the relay itself, as `site preview` serves files only.
    build(out, 'github-pages', ['--site-url', siteUrl]);
    // The same sample built for Cloudflare, beside it: the quote specs run a second time through the
    // site's own Worker (visitor/quote/worker-site.ts serves it, one runtime per test worker).
    build(cloudflareDist(out), 'cloudflare');
    await prepare?.(out);
    preview = await startPreview({ dir: out, port, host: '127.0.0.1' });
    if (new URL(preview.url).origin !== siteUrl) {
      throw new Error(`The preview server says it serves at ${preview.url}, but it was asked for port ${port} (${siteUrl}).`);
    }
    return { env: { baseURL: siteUrl, relayOrigin: relay.origin, relayEndpoint: relay.endpoint, dist: out }, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Where the Cloudflare build of the sample lies, beside the GitHub Pages one at `dist`. */
export function cloudflareDist(dist: string): string {
  return path.join(path.dirname(dist), 'cloudflare');
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `The browser tests could not prepare the site: \`${command} ${args.join(' ')}\` exited with ${result.status ?? result.signal}.\n${result.stdout}${result.stderr}`,
    );
  }
}

/** An unused port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
