import { existsSync } from 'node:fs';
import path from 'node:path';
import { cacheFile, modificationTimes, readCacheEntry, unchangedSince, writeCacheEntry, type InputTimes } from '../bundle/input-cache.js';
import { projectRoot } from '../contract/root.js';
import type { Session } from '../contract/session.js';

/**
 * The editor's browser app, bundled: served by `site dev` under /__edit/assets/, and written into a
 * Cloudflare build for the site's Worker (worker-files.ts), with the phone's content check.
 */
export interface EditorAssets {
  script: string;
  style: string;
  /** The content check the phone loads once its first form is up (editor/phone/checker.ts). */
  checker: string;
  /** The page preview the phone loads when the owner asks for it (editor/phone/preview.ts). */
  preview: string;
}

/**
 * The editor runs on the operator's own computer in a current browser; a newer target than the
 * site's keeps the bundle smaller.
 */
const TARGET = ['chrome111', 'firefox111', 'safari16.4', 'edge111'];
// JSX is compiled to calls into editor/jsx-runtime.ts, React's runtime as ES module bindings.
const JSX_SOURCE = 'site-editor-jsx';

/** The editor folder of `root` (a project copy in tests), or the generator's own. */
function editorDir(root: string): string {
  const own = path.join(root, 'editor');
  return existsSync(path.join(own, 'main.tsx')) ? own : path.join(projectRoot(), 'editor');
}

interface Cached {
  /** Each input's modification time when it was bundled. */
  inputs: InputTimes;
  assets: EditorAssets;
}

/**
 * The editor's script and stylesheet, bundled and minified with React's production build. Kept in
 * the session's memory while the inputs are unchanged, and on disk under node_modules/.cache/
 * (with the sha256 of every input) so a new `site dev` does not bundle again.
 */
export async function editorAssets(root: string, session?: Session): Promise<EditorAssets> {
  const dir = editorDir(root);
  const inMemory = session?.memory('editor/assets', () => new Map<string, Cached>()) ?? new Map<string, Cached>();
  const cached = inMemory.get(dir);
  if (cached && (await unchangedSince(cached.inputs))) return cached.assets;
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

async function runEsbuild(dir: string): Promise<Cached> {
  const started = Date.now();
  // Loaded only when something must be bundled: most runs find the bundle in a cache.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: {
      editor: path.join(dir, 'main.tsx'),
      checker: path.join(dir, 'phone/checker.ts'),
      preview: path.join(dir, 'phone/preview.ts'),
    },
    // The preview reaches the translations' check and the brand's stylesheet, which import two Node
    // modules for what the browser needs differently (a path's name) or never calls (a file's hash).
    alias: {
      'node:path': path.join(dir, 'phone/preview-node-path.ts'),
      'node:crypto': path.join(dir, 'phone/preview-node-crypto.ts'),
      [`${JSX_SOURCE}/jsx-runtime`]: path.join(dir, 'jsx-runtime.ts'),
    },
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    format: 'esm',
    target: TARGET,
    jsx: 'automatic',
    jsxImportSource: JSX_SOURCE,
    legalComments: 'none',
    logLevel: 'silent',
    outdir: 'editor-out',
    // React picks its production build from this; the development one is four times larger.
    define: { 'process.env.NODE_ENV': '"production"' },
    // A project copy (tests) has no node_modules of its own: React comes from the generator's.
    nodePaths: [path.join(projectRoot(), 'node_modules')],
  });
  const named = (name: string) => result.outputFiles.find((file) => path.basename(file.path) === name);
  const [script, style, checker, preview] = [named('editor.js'), named('editor.css'), named('checker.js'), named('preview.js')];
  if (!script || !style || !checker || !preview)
    throw new Error(`esbuild did not produce the editor's script, stylesheet, check and preview from ${dir}`);
  // Times are read after the build; a file saved while esbuild ran looks changed next time.
  const inputs = await modificationTimes(
    Object.keys(result.metafile.inputs).map((input) => path.resolve(input)),
    started,
  );
  return { inputs, assets: { script: script.text, style: style.text, checker: checker.text, preview: preview.text } };
}

const CACHE_VERSION = 5;

const editorCacheFile = (dir: string) => cacheFile('site-editor', `${CACHE_VERSION}\0${TARGET.join(',')}\0${dir}`);

function readAssets(saved: unknown): EditorAssets | undefined {
  const assets = saved as Partial<EditorAssets> | undefined;
  const complete =
    typeof assets?.script === 'string' &&
    typeof assets.style === 'string' &&
    typeof assets.checker === 'string' &&
    typeof assets.preview === 'string';
  return complete ? (assets as EditorAssets) : undefined;
}

async function readDiskCache(dir: string): Promise<Cached | undefined> {
  const found = await readCacheEntry(editorCacheFile(dir), readAssets);
  return found && { inputs: found.inputs, assets: found.result };
}

function writeDiskCache(dir: string, bundle: Cached): Promise<void> {
  return writeCacheEntry(editorCacheFile(dir), bundle.inputs, bundle.assets);
}
