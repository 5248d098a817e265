import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT, SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * A fresh process finds the last bundle on disk and does not start esbuild while the client and
 * styles are unchanged; any change to a file that went into a bundle bundles again. A "fresh
 * process" here is a fresh import of the module (its in-memory cache empty), with esbuild made to
 * fail when it is asked for.
 */
let dir: string;
let options: { scriptEntry: string; styleEntry: string; staticDir: string };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-bundle-cache-'));
  options = { scriptEntry: path.join(dir, 'main.ts'), styleEntry: path.join(dir, 'main.css'), staticDir: path.join(dir, 'static') };
  await writeFile(path.join(dir, 'part.ts'), 'export const greeting: string = "namaskaram";\n');
  await writeFile(options.scriptEntry, 'import { greeting } from "./part";\nconsole.log(greeting);\n');
  await writeFile(options.styleEntry, 'body { color: teal }\n');
});
afterAll(async () => {
  vi.doUnmock('esbuild');
  await rm(dir, { recursive: true, force: true });
});

async function freshBundle(esbuildAllowed: boolean) {
  vi.resetModules();
  if (esbuildAllowed) vi.doUnmock('esbuild');
  else {
    vi.doMock('esbuild', () => ({
      build: () => Promise.reject(new Error('esbuild was started although nothing changed')),
    }));
  }
  const { bundleAssets } = await import('../../../../generator/bundle/bundle.js');
  const bundle = await bundleAssets(options);
  const text = (url: string) => String(bundle.files.find((file) => `/${file.path}` === url)!.contents);
  return { js: text(bundle.js), css: bundle.styles, names: [bundle.js, bundle.stylesheet.path] };
}

describe('the on-disk bundle cache', () => {
  it('serves an unchanged client and stylesheet without starting esbuild', async () => {
    const first = await freshBundle(true);
    expect(first.js).toContain('namaskaram');
    const second = await freshBundle(false);
    expect(second).toEqual(first);
  });

  it('bundles again when an imported file changes, and serves the new bundle', async () => {
    await writeFile(path.join(dir, 'part.ts'), 'export const greeting: string = "swagatham";\n');
    await expect(freshBundle(false)).rejects.toThrow(/esbuild was started/);
    const changed = await freshBundle(true);
    expect(changed.js).toContain('swagatham');
    expect(changed.js).not.toContain('namaskaram');
    expect((await freshBundle(false)).js).toContain('swagatham');
  });
});

describe('the pictures drawn from the brand', () => {
  it('are read from disk by a fresh process, without loading sharp', async () => {
    const { site } = await (await import('../../../../generator/build.js')).checkContent(SAMPLE_CONTENT);
    vi.resetModules();
    vi.doUnmock('sharp');
    const drawn = await (await import('../../../../generator/render/brand-pictures.js')).drawBrandPictures(site!);
    vi.resetModules();
    vi.doMock('sharp', () => ({
      default: () => {
        throw new Error('sharp was loaded although the brand did not change');
      },
    }));
    try {
      const again = await (await import('../../../../generator/render/brand-pictures.js')).drawBrandPictures(site!);
      expect(again).toEqual(drawn);
      expect(drawn.files.map((file) => file.path).sort()).toEqual([
        'apple-touch-icon.png',
        'icon-32.png',
        'logo.png',
        'share-ml.png',
        'share.png',
      ]);
      for (const file of drawn.files) expect(Buffer.from(file.contents).subarray(1, 4).toString(), file.path).toBe('PNG');
    } finally {
      vi.doUnmock('sharp');
    }
  }, 60_000);
});

describe('a cold build of content without photos', () => {
  // A fresh `site build` whose every import and require of sharp fails: it must not need sharp at all.
  // (The bundled CLI is CommonJS and requires its packages; the ES module hook covers the rest.)
  const refuseSharp = `data:text/javascript,${encodeURIComponent(
    `import Module, { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent('export async function resolve(specifier, context, next) { if (specifier === "sharp") throw new Error("sharp was loaded"); return next(specifier, context); }'));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) { if (request === 'sharp') throw new Error('sharp was loaded'); return resolveFilename.call(this, request, ...rest); };`,
  )}`;
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, args, { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } }, (error, _stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }),
      );
    });

  it('never loads sharp (it would cost a tenth of the build)', async () => {
    const out = path.join(dir, 'dist');
    // The first build may draw the logo and share pictures (with sharp) into the cache; the next one must not need it.
    expect((await run(['bin/site.js', 'build', '--content', SAMPLE_CONTENT, '--out', out])).code).toBe(0);
    const guarded = await run(['--import', refuseSharp, 'bin/site.js', 'build', '--content', SAMPLE_CONTENT, '--out', out]);
    expect(guarded.stderr).not.toContain('sharp was loaded');
    expect(guarded.code).toBe(0);
    // The guard itself works: importing or requiring sharp under it fails.
    const imported = await run(['--import', refuseSharp, '--input-type=module', '-e', "await import('sharp')"]);
    expect([imported.code, imported.stderr.includes('sharp was loaded')]).toEqual([1, true]);
    const required = await run(['--import', refuseSharp, '-e', "require('sharp')"]);
    expect([required.code, required.stderr.includes('sharp was loaded')]).toEqual([1, true]);
  }, 60_000);
});
