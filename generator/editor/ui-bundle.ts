import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../root.js';

/** The editor's browser app, bundled: served by `site dev` under /__edit/assets/ and nowhere else. */
export interface EditorAssets {
  script: string;
  style: string;
}

/**
 * The editor runs on the operator's own computer in a current browser; a newer target than the
 * site's keeps the bundle smaller.
 */
const TARGET = ['chrome111', 'firefox111', 'safari16.4', 'edge111'];

/** The editor folder of `root` (a project copy in tests), or the generator's own. */
function editorDir(root: string): string {
  const own = path.join(root, 'editor');
  return existsSync(path.join(own, 'main.tsx')) ? own : path.join(projectRoot(), 'editor');
}

interface Cached {
  /** Each input's modification time when it was bundled. */
  inputs: Map<string, number>;
  assets: EditorAssets;
}

const inMemory = new Map<string, Cached>();

/**
 * The editor's script and stylesheet, bundled and minified with React's production build. Kept in
 * memory while the inputs are unchanged, and on disk under node_modules/.cache/ (with the sha256 of
 * every input) so a new `site dev` does not bundle again.
 */
export async function editorAssets(root: string): Promise<EditorAssets> {
  const dir = editorDir(root);
  const cached = inMemory.get(dir);
  if (cached && (await unchanged(cached.inputs))) return cached.assets;
  // Only the project's own editor is kept on disk: copies (tests) would leave a file each behind.
  const own = dir === path.join(projectRoot(), 'editor');
  const fromDisk = own ? await readDiskCache(dir) : undefined;
  if (fromDisk) {
    inMemory.set(dir, fromDisk);
    return fromDisk.assets;
  }
  const fresh = await runEsbuild(dir);
  inMemory.set(dir, fresh);
  if (own) await writeDiskCache(dir, fresh).catch(() => undefined);
  return fresh.assets;
}

async function unchanged(inputs: Map<string, number>): Promise<boolean> {
  const checks = [...inputs].map(async ([file, mtime]) => (await stat(file).catch(() => undefined))?.mtimeMs === mtime);
  return (await Promise.all(checks)).every(Boolean);
}

async function runEsbuild(dir: string): Promise<Cached> {
  const started = Date.now();
  // Loaded only when something must be bundled: most runs find the bundle in a cache.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(dir, 'main.tsx')],
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    format: 'esm',
    target: TARGET,
    jsx: 'automatic',
    legalComments: 'none',
    logLevel: 'silent',
    outdir: 'editor-out',
    // React picks its production build from this; the development one is four times larger.
    define: { 'process.env.NODE_ENV': '"production"' },
    // A project copy (tests) has no node_modules of its own: React comes from the generator's.
    nodePaths: [path.join(projectRoot(), 'node_modules')],
  });
  const script = result.outputFiles.find((file) => file.path.endsWith('.js'));
  const style = result.outputFiles.find((file) => file.path.endsWith('.css'));
  if (!script || !style) throw new Error(`esbuild did not produce the editor's script and stylesheet from ${dir}`);
  const inputs = new Map<string, number>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = path.resolve(input);
    const mtime = (await stat(file).catch(() => undefined))?.mtimeMs;
    // A file saved while esbuild ran looks changed next time.
    inputs.set(file, mtime !== undefined && mtime < started ? mtime : -1);
  }
  return { inputs, assets: { script: script.text, style: style.text } };
}

const CACHE_VERSION = 1;

function cacheFile(dir: string): string {
  const key = createHash('sha256').update(`${CACHE_VERSION}\0${TARGET.join(',')}\0${dir}`).digest('hex').slice(0, 16);
  return path.join(projectRoot(), 'node_modules', '.cache', 'site-editor', `${key}.json`);
}

interface DiskEntry {
  inputs: Array<[file: string, sha256: string]>;
  assets: EditorAssets;
}

async function sha256Of(file: string): Promise<string | undefined> {
  const bytes = await readFile(file).catch(() => undefined);
  return bytes && createHash('sha256').update(bytes).digest('hex');
}

async function readDiskCache(dir: string): Promise<Cached | undefined> {
  const raw = await readFile(cacheFile(dir), 'utf8').catch(() => undefined);
  if (!raw) return undefined;
  let saved: DiskEntry;
  try {
    saved = JSON.parse(raw) as DiskEntry;
  } catch {
    return undefined;
  }
  if (!Array.isArray(saved.inputs) || saved.inputs.length === 0 || typeof saved.assets?.script !== 'string') return undefined;
  const started = Date.now();
  const same = await Promise.all(saved.inputs.map(async ([file, hash]) => (await sha256Of(file)) === hash));
  if (!same.every(Boolean)) return undefined;
  const inputs = new Map<string, number>();
  for (const [file] of saved.inputs) {
    const mtime = (await stat(file).catch(() => undefined))?.mtimeMs;
    inputs.set(file, mtime !== undefined && mtime < started ? mtime : -1);
  }
  return { inputs, assets: saved.assets };
}

async function writeDiskCache(dir: string, bundle: Cached): Promise<void> {
  const inputs = await Promise.all([...bundle.inputs.keys()].map(async (file) => [file, (await sha256Of(file)) ?? ''] as [string, string]));
  const target = cacheFile(dir);
  await mkdir(path.dirname(target), { recursive: true });
  // Written aside, then renamed: two dev servers starting at once never read half a file.
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify({ inputs, assets: bundle.assets } satisfies DiskEntry));
  await rename(temporary, target);
}
