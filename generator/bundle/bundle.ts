import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { cacheFile, modificationTimes, readCacheEntry, unchangedSince, writeCacheEntry, type InputTimes } from './input-cache.js';
import type { OutputFile } from '../contract/output.js';
import { licenceFiles } from './licences.js';
import { projectRoot } from '../contract/root.js';
import type { Session } from '../contract/session.js';

export interface BundleOptions {
  /** Defaults to the project's own client/main.ts and templates/styles/main.css. */
  scriptEntry?: string;
  styleEntry?: string;
  /** Files copied as they are to the root of the site; defaults to the project's static/. */
  staticDir?: string;
  /** What `site dev` remembers between bundles: the last bundle of each entry. */
  session?: Session;
}

export interface Bundle {
  /** The script's and stylesheet's files besides themselves (fonts), and the licences. */
  files: OutputFile[];
  /** The owner's files from static/, served as they are at the site's root; each knows where it came from. */
  static: StaticFile[];
  /** Root-relative URL of the hashed script, for the templates. */
  js: string;
  /**
   * The stylesheet, written into every page's <head> (each page keeps the rules it can use, see
   * page-styles.ts): no request stands between the HTML and the first paint. Files it refers to
   * (fonts) are in `files`, under /assets/.
   */
  styles: string;
  /** The same stylesheet as a hashed file, for `site dev`, which swaps it without a reload. */
  stylesheet: OutputFile;
}

/** A file copied from static/. */
export interface StaticFile extends OutputFile {
  /** Absolute path of the file in static/. */
  source: string;
}

/** Browsers the site supports: what mid-range Android phones of the last few years run. */
const TARGET = ['chrome100', 'firefox100', 'safari15', 'edge100'];

/**
 * Bundles and minifies the client script and the stylesheet into content-hashed files, and reads
 * the static files to copy beside them. Nothing here depends on the content: the pictures drawn
 * from it (logo, share pictures) are made by render/brand-pictures.ts.
 */
export async function bundleAssets(options: BundleOptions = {}): Promise<Bundle> {
  const root = projectRoot();
  const lastBundles = options.session?.memory('bundle/last', (): LastBundles => new Map()) ?? new Map();
  const [js, css, copied, licences] = await Promise.all([
    bundleOne(options.scriptEntry ?? path.join(root, 'client/main.ts'), 'js', lastBundles),
    bundleOne(options.styleEntry ?? path.join(root, 'templates/styles/main.css'), 'css', lastBundles),
    staticFiles(options.staticDir ?? path.join(root, 'static')),
    licenceFiles(),
  ]);
  const styles = String(css.main.contents);
  return { files: [js.main, ...js.extra, ...css.extra, ...licences], static: copied, js: `/${js.main.path}`, styles, stylesheet: css.main };
}

/** Files served as they are at fixed addresses, such as a search engine's verification file. */
async function staticFiles(dir: string): Promise<StaticFile[]> {
  const names = await readdir(dir).catch(() => []);
  return Promise.all(
    names.sort().map(async (name) => ({ path: name, source: path.join(dir, name), contents: await readFile(path.join(dir, name)) })),
  );
}

/**
 * What the last bundle of each entry read, with each input's modification time, while a session
 * lasts: `site dev` bundles again on a change without reading the disk cache for unchanged code.
 */
type LastBundles = Map<string, { inputs: InputTimes; file: Bundled }>;

/** One entry's bundle: the script or stylesheet, and the files it refers to (fonts). */
interface Bundled {
  main: OutputFile;
  extra: OutputFile[];
}

async function bundleOne(entry: string, kind: 'js' | 'css', lastBundles: LastBundles): Promise<Bundled> {
  const cached = lastBundles.get(entry);
  if (cached && (await unchangedSince(cached.inputs))) return cached.file;
  const fromDisk = await readDiskCache(entry);
  if (fromDisk) {
    lastBundles.set(entry, fromDisk);
    return fromDisk.file;
  }
  const fresh = await runEsbuild(entry, kind);
  lastBundles.set(entry, fresh);
  await writeDiskCache(entry, fresh).catch(() => undefined);
  return fresh.file;
}

/**
 * A fresh process (every `site build`) finds the last bundle of each entry on disk, under
 * node_modules/.cache/, with the contents of every file that went into it. When they are all the
 * same, esbuild is not even started: most builds change content, not the client or the styles.
 */
const CACHE_VERSION = 3;

const bundleCacheFile = (entry: string) => cacheFile('site-bundle', `${CACHE_VERSION}\0${TARGET.join(',')}\0${entry}`);

/** The outputs, main file first, contents in base64. */
type SavedFiles = Array<[path: string, contents: string]>;

async function readDiskCache(entry: string): Promise<{ inputs: InputTimes; file: Bundled } | undefined> {
  const found = await readCacheEntry(bundleCacheFile(entry), (saved) =>
    Array.isArray(saved) && saved.length > 0 ? (saved as SavedFiles) : undefined,
  );
  if (!found) return undefined;
  const [main, ...extra] = found.result.map(([file, contents]) => ({ path: file, contents: Buffer.from(contents, 'base64') }));
  return { inputs: found.inputs, file: { main: main!, extra } };
}

async function writeDiskCache(entry: string, bundle: { inputs: InputTimes; file: Bundled }): Promise<void> {
  const files: SavedFiles = [bundle.file.main, ...bundle.file.extra].map((file) => [
    file.path,
    Buffer.from(file.contents).toString('base64'),
  ]);
  await writeCacheEntry(bundleCacheFile(entry), bundle.inputs, files);
}

async function runEsbuild(entry: string, kind: 'js' | 'css') {
  const started = Date.now();
  // Loaded only when something must be bundled: starting esbuild's service costs a cold build time.
  const esbuild = await import('esbuild');
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
    outfile: `assets/out.${kind}`,
    // Files a stylesheet refers to (fonts) keep a hashed name under /assets/, addressed from the
    // site's root: the stylesheet is read inside pages at every depth.
    loader: { '.woff2': 'file', '.woff': 'file' },
    // Packages the styles name (the Malayalam font) come from the generator's own node_modules, also
    // for a stylesheet that lives outside the project folder.
    nodePaths: [path.join(projectRoot(), 'node_modules')],
    assetNames: '[name].[hash]',
    publicPath: '/assets/',
  });
  const output = result.outputFiles.find((file) => file.path.endsWith(`out.${kind}`));
  if (!output) throw new Error(`esbuild produced no .${kind} file for ${entry}`);
  const contents = Buffer.from(output.contents);
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  const extra: OutputFile[] = result.outputFiles
    .filter((other) => other !== output && !other.path.endsWith('.map'))
    .map((other) => ({ path: `assets/${path.basename(other.path)}`, contents: Buffer.from(other.contents) }));
  const file: Bundled = { main: { path: `assets/main.${hash}.${kind}`, contents }, extra };
  // Times are read after the build; a file saved while esbuild ran looks changed next time.
  const inputs = await modificationTimes(
    Object.keys(result.metafile.inputs).map((input) => path.resolve(input)),
    started,
  );
  return { inputs, file };
}
