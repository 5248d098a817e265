import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { OutputFile } from './output.js';
import { projectRoot } from './root.js';

export interface BundleOptions {
  /** Defaults to the project's own client/main.ts and templates/styles/main.css. */
  scriptEntry?: string;
  styleEntry?: string;
  /** Files copied as they are to the root of the site; defaults to the project's static/. */
  staticDir?: string;
}

export interface Bundle {
  files: OutputFile[];
  /** Root-relative URLs of the hashed files, for the templates. */
  css: string;
  js: string;
}

/** Browsers the site supports: what mid-range Android phones of the last few years run. */
const TARGET = ['chrome100', 'firefox100', 'safari15', 'edge100'];

/** Bundles and minifies the client script and the stylesheet into content-hashed files. */
export async function bundleAssets(options: BundleOptions = {}): Promise<Bundle> {
  const root = projectRoot();
  const [js, css, copied] = await Promise.all([
    bundleOne(options.scriptEntry ?? path.join(root, 'client/main.ts'), 'js'),
    bundleOne(options.styleEntry ?? path.join(root, 'templates/styles/main.css'), 'css'),
    staticFiles(options.staticDir ?? path.join(root, 'static')),
  ]);
  return { files: [js, css, ...copied], js: `/${js.path}`, css: `/${css.path}` };
}

/** Files served as they are at fixed addresses, such as the share picture /share.png. */
async function staticFiles(dir: string): Promise<OutputFile[]> {
  const names = await readdir(dir).catch(() => []);
  return Promise.all(names.sort().map(async (name) => ({ path: name, contents: await readFile(path.join(dir, name)) })));
}

/**
 * What the last bundle of each entry read, with each input's modification time: a content edit
 * rebuilds in the same process (tests, benchmarks, tools) without bundling unchanged code again.
 */
const lastBundles = new Map<string, { inputs: Map<string, number>; file: OutputFile }>();

async function unchangedSince(inputs: Map<string, number>): Promise<boolean> {
  const checks = [...inputs].map(async ([file, mtime]) => (await stat(file).catch(() => undefined))?.mtimeMs === mtime);
  return (await Promise.all(checks)).every(Boolean);
}

async function bundleOne(entry: string, kind: 'js' | 'css'): Promise<OutputFile> {
  const cached = lastBundles.get(entry);
  if (cached && (await unchangedSince(cached.inputs))) return cached.file;
  const fresh = await runEsbuild(entry, kind);
  lastBundles.set(entry, fresh);
  return fresh.file;
}

async function runEsbuild(entry: string, kind: 'js' | 'css') {
  const started = Date.now();
  const result = await esbuild.build({
    metafile: true,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    format: kind === 'js' ? 'esm' : undefined,
    target: TARGET,
    legalComments: 'none',
    logLevel: 'silent',
    outfile: `out.${kind}`,
  });
  const output = result.outputFiles.find((file) => file.path.endsWith(`.${kind}`));
  if (!output) throw new Error(`esbuild produced no .${kind} file for ${entry}`);
  const contents = Buffer.from(output.contents);
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  const file: OutputFile = { path: `assets/main.${hash}.${kind}`, contents };
  // Times are read after the build; a file saved while esbuild ran looks changed next time.
  const inputs = new Map<string, number>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const absolute = path.resolve(input);
    const mtime = (await stat(absolute).catch(() => undefined))?.mtimeMs;
    inputs.set(absolute, mtime !== undefined && mtime < started ? mtime : -1);
  }
  return { inputs, file };
}
