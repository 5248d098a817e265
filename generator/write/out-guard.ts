import { existsSync } from 'node:fs';
import { lstat, readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { OutputFile } from '../contract/output.js';
import { UsageError } from '../problems/problem.js';

/**
 * The file every build leaves in its output folder, listing what it wrote. A later build replaces
 * a folder only when it can prove from this list that everything in it is a build's own output.
 */
export const MARKER = '.site-build.json';

export interface Marker {
  builtBy: 'site build';
  files: string[];
}

/**
 * Cloudflare uploads every file of the folder it publishes except those named in its
 * `.assetsignore` (and `_headers`, `_redirects` and the list itself), so the build names its
 * bookkeeping there: otherwise /.site-build.json would be on the web.
 */
export function assetsIgnoreFile(): OutputFile {
  return {
    path: '.assetsignore',
    contents: `# Written by site build: files of the site folder Cloudflare must not publish.\n/${MARKER}\n`,
  };
}

export function markerFile(files: readonly OutputFile[]): OutputFile {
  const marker: Marker = { builtBy: 'site build', files: files.map((file) => file.path).sort() };
  return { path: MARKER, contents: `${JSON.stringify(marker, null, 2)}\n` };
}

export interface GuardOptions {
  /** Where the command runs: folders are named relative to it. */
  cwd: string;
  /** The generator's project folder (with package.json); the one holding `cwd` is protected too. */
  projectRoot: string;
  /** The content folder the site is built from. */
  contentDir: string;
  /** What this build is about to write, to recognise a folder left by an older build without a marker. */
  files: readonly OutputFile[];
}

/** Folders of the project that hold source, never output. */
const SOURCE_FOLDERS = [
  'content',
  'templates',
  'static',
  'client',
  'generator',
  'bin',
  'schemas',
  'scripts',
  'tests',
  'node_modules',
  '.git',
  '.github',
];

const HINT = 'build into a folder of its own, e.g. --out dist (the default)';

/**
 * Throws a UsageError unless the build may replace `outDir`: the folder does not exist, is empty,
 * or holds only what an earlier build wrote. Refuses outright the project folder and any folder
 * holding it, source folders and anything inside them, the home folder, the filesystem root, and
 * anything that is not a plain folder.
 */
export async function guardOutDir(outDir: string, options: GuardOptions): Promise<void> {
  if (outDir.trim() === '') throw new UsageError('--out needs the name of a folder to write the site into, but it was empty.', HINT);
  const target = path.resolve(options.cwd, outDir);
  const shown = displayFolder(target, options.cwd);
  const refuse = (why: string, hint = HINT): never => {
    throw new UsageError(`Refusing to write the site into ${shown}: ${why} Nothing was changed.`, hint);
  };

  if (path.parse(target).root === target)
    refuse('it is the root of the file system, and building there would replace every file on the computer.');
  const roots = new Set([path.resolve(options.projectRoot), projectAround(options.cwd)].filter((dir): dir is string => dir !== undefined));
  for (const root of roots) {
    if (contains(target, root))
      refuse(target === root ? 'it is the project folder itself (with content/, the templates and .git).' : 'it holds the project folder.');
  }
  const home = os.homedir();
  if (contains(target, home)) refuse(target === home ? 'it is your home folder.' : 'it holds your home folder.');
  const content = path.resolve(options.cwd, options.contentDir);
  if (contains(target, content)) refuse(`it holds the content folder ${displayFolder(content, options.cwd)}.`);
  if (contains(content, target)) refuse(`it is inside the content folder ${displayFolder(content, options.cwd)}.`);
  for (const root of roots) {
    for (const name of SOURCE_FOLDERS) {
      const source = path.join(root, name);
      if (contains(source, target)) refuse(`${displayFolder(source, options.cwd)} holds the project's own files, not built pages.`);
    }
  }

  const info = await lstat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!info) return;
  if (info.isSymbolicLink()) refuse('it is a link to another place, not a folder.', 'pass the real folder, or a new name');
  if (!info.isDirectory()) refuse('it is a file, not a folder.', 'pass the name of a folder; the file is left as it is');

  const present = await listFiles(target);
  if (present.length === 0) return;
  const known = await builtFiles(target, options.files);
  if (!known) {
    refuse(
      `it already holds files that site build did not write (${sample(present)}), and building would delete them.`,
      'pass a new or empty folder, or move those files away first',
    );
  }
  const foreign = present.filter((file) => file !== MARKER && !known!.has(file));
  if (foreign.length > 0) {
    refuse(
      `it holds a previous build, but also ${foreign.length === 1 ? 'a file' : 'files'} the build did not write (${sample(foreign)}), which replacing it would delete.`,
      'move those files out of the folder (to static/ if they belong on the site: it is copied into every build), then build again',
    );
  }
}

/**
 * What earlier builds wrote into `dir`: the marker's list, or, for a folder left by a version that
 * wrote no marker, this build's own file names plus hashed assets, when every file is one of them.
 */
async function builtFiles(dir: string, next: readonly OutputFile[]): Promise<Set<string> | undefined> {
  const raw = await readFile(path.join(dir, MARKER), 'utf8').catch(() => undefined);
  if (raw !== undefined) {
    try {
      const marker = JSON.parse(raw) as Partial<Marker>;
      if (marker.builtBy === 'site build' && Array.isArray(marker.files)) return new Set(marker.files.map(String));
    } catch {
      return undefined;
    }
    return undefined;
  }
  const names = new Set(next.map((file) => file.path));
  const present = await listFiles(dir);
  const ours = present.every((file) => names.has(file) || /^assets\/[\w-]+\.[0-9a-f]{8,}\.\w+$/.test(file));
  return ours ? new Set(present) : undefined;
}

/** The nearest folder at or above `dir` with a package.json: the project the command runs in. */
function projectAround(dir: string): string | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if (existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) return undefined;
  }
}

/** Every file below `dir`, as forward-slash paths relative to it. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export function contains(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function sample(files: readonly string[]): string {
  const shown = files.slice(0, 3).join(', ');
  return files.length > 3 ? `${shown} and ${files.length - 3} more` : shown;
}

/** A folder as the operator would type it from `cwd`: ./dist, ../site, or the full path when far away. */
export function displayFolder(dir: string, cwd: string): string {
  const relative = path.relative(cwd, dir);
  if (relative === '') return '. (the folder you are in)';
  if (path.parse(dir).root === dir) return dir;
  if (path.isAbsolute(relative) || relative.split(path.sep).filter((part) => part === '..').length > 2)
    return dir.split(path.sep).join('/');
  const slashed = relative.split(path.sep).join('/');
  return slashed.startsWith('..') ? slashed : `./${slashed}`;
}
