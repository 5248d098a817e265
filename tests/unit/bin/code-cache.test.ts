import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/content.js';

/**
 * bin/code-cache.js runs the bundled CLI with V8's compiled code kept on disk. Each run here is a
 * fresh Node process, as `site build` is: V8 keeps compiled code within a process anyway.
 */
let dir: string;
let bundle: string;
let cacheDir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-code-cache-'));
  bundle = path.join(dir, 'cli.cjs');
  cacheDir = path.join(dir, 'cache');
});
afterEach(async () => {
  await chmod(dir, 0o755).catch(() => undefined);
  await chmod(cacheDir, 0o755).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

/** A bundle whose main() gives `answer`, using require and __filename as the real one does. */
const source = (answer: string) =>
  `const path = require('node:path');\nexports.main = async (argv) => ({ answer: ${JSON.stringify(answer)}, argv, file: path.basename(__filename) });\n`;

/** Runs the bundle's main through the code cache in a new process: its answer and what happened to the cache. */
function run(command = 'build'): Promise<{ cache: string; result: { answer: string; argv: string[]; file: string } }> {
  const script = `
    const { loadWithCodeCache } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'bin/code-cache.js')).href)});
    const cli = loadWithCodeCache(${JSON.stringify(bundle)}, ${JSON.stringify(command)}, ${JSON.stringify(cacheDir)});
    const result = await cli.exports.main(['x']);
    cli.save();
    console.log(JSON.stringify({ cache: cli.cache, result }));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], (error, stdout, stderr) =>
      error ? reject(new Error(stderr)) : resolve(JSON.parse(stdout)),
    );
  });
}

const cacheFiles = async () => (await readdir(cacheDir).catch(() => [])).filter((name) => name.endsWith('.v8')).sort();

describe('the CLI code cache', () => {
  it('is made by the first run of a command and used by the next', async () => {
    await writeFile(bundle, source('first'));
    expect(await run()).toEqual({ cache: 'none', result: { answer: 'first', argv: ['x'], file: 'cli.cjs' } });
    expect(await cacheFiles()).toHaveLength(1);
    expect(await run()).toMatchObject({ cache: 'used', result: { answer: 'first' } });
    // Another command has a cache of its own.
    expect(await run('check')).toMatchObject({ cache: 'none' });
    expect(await cacheFiles()).toHaveLength(2);
  });

  it('never runs an old cache for a changed bundle, even one of the same length, and removes the old caches', async () => {
    await writeFile(bundle, source('first'));
    await run();
    await run('check');
    const old = await cacheFiles();
    await writeFile(bundle, source('again'));
    expect(await run()).toEqual({ cache: 'none', result: { answer: 'again', argv: ['x'], file: 'cli.cjs' } });
    const now = await cacheFiles();
    expect(now).toHaveLength(1);
    expect(old).not.toContain(now[0]);
  });

  it('runs correctly from a damaged cache, and replaces it', async () => {
    await writeFile(bundle, source('first'));
    await run();
    const [name] = await cacheFiles();
    await writeFile(path.join(cacheDir, name!), Buffer.alloc(4096, 7));
    expect(await run()).toMatchObject({ cache: 'refused', result: { answer: 'first' } });
    expect(await run()).toMatchObject({ cache: 'used', result: { answer: 'first' } });
  });

  it('leaves every file in the cache folder that it did not write', async () => {
    await mkdir(cacheDir, { recursive: true });
    const others = ['notes.txt', 'cli-build.v8', 'cli-0123456789abcdef.v8.bak', 'other-0123456789abcdef-build-linux.v8'];
    for (const name of others) await writeFile(path.join(cacheDir, name), 'kept');
    await writeFile(bundle, source('first'));
    await run();
    await writeFile(bundle, source('again'));
    await run();
    const left = await readdir(cacheDir);
    expect(left.filter((name) => others.includes(name)).sort()).toEqual([...others].sort());
  });

  it('runs without a cache where it cannot write one', async () => {
    if (process.getuid?.() === 0) {
      // root writes anywhere: a file standing where the folder should be stops it instead.
      await writeFile(cacheDir, 'not a folder');
    } else {
      await mkdir(cacheDir);
      await chmod(cacheDir, 0o555);
    }
    await writeFile(bundle, source('first'));
    expect(await run()).toMatchObject({ cache: 'none', result: { answer: 'first' } });
    expect(await run()).toMatchObject({ cache: 'none', result: { answer: 'first' } });
  });
});
