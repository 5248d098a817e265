import { lstat, readFile, realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { OutputFile } from '../contract/output.js';
import { UsageError } from '../problems/problem.js';
import { contains, displayFolder } from './out-guard.js';

/** Folders of the project that hold its own files; schemas/ is where the schemas belong. */
const SOURCE_FOLDERS = [
  'content',
  'templates',
  'static',
  'client',
  'generator',
  'bin',
  'scripts',
  'tests',
  'node_modules',
  '.git',
  '.github',
];

const HINT = 'write them into a folder of their own, e.g. --out schemas (the default)';

/**
 * Throws a UsageError unless `site schema` may write `files` into `outDir`: never into a content
 * folder, however it is named or reached (Publish would commit the schemas with the content, and
 * site check would have to explain them), or another folder of the project's own
 * files, never over a file it did not write (an earlier schema of the same name is its own), never
 * through a link. Files already there that it does not write are left alone.
 */
export async function guardSchemaOut(
  outDir: string,
  files: readonly OutputFile[],
  options: { cwd: string; projectRoot: string },
): Promise<void> {
  if (outDir.trim() === '') throw new UsageError('--out needs the name of a folder to write the schemas into, but it was empty.', HINT);
  const target = path.resolve(options.cwd, outDir);
  const shown = displayFolder(target, options.cwd);
  const refuse = (why: string, hint = HINT): never => {
    throw new UsageError(`Refusing to write the schemas into ${shown}: ${why} Nothing was written.`, hint);
  };
  const roots = new Set([path.resolve(options.projectRoot), path.resolve(options.cwd)]);
  if (path.parse(target).root === target) refuse('it is the root of the file system.');
  if (target === os.homedir()) refuse('it is your home folder.');
  // The folder as written and as it really is: a link on the way may lead into the content.
  const real = await realFolder(target);
  for (const root of roots) {
    if (target === root || real === root) refuse('it is the project folder itself, where they would lie among its own files.');
    for (const name of SOURCE_FOLDERS) {
      const source = path.join(root, name);
      const sources = [source, await realFolder(source)];
      if (sources.some((folder) => contains(folder, target) || contains(folder, real) || contains(target, folder))) {
        refuse(
          `${displayFolder(source, options.cwd)} holds ${name === 'content' ? 'the content, which Publish shares' : "the project's own files"}, not schemas.`,
        );
      }
    }
  }
  const content = await contentFolderAround(real);
  if (content) refuse(`${displayFolder(content, options.cwd)} holds the content (its site.yaml), which Publish shares, not schemas.`);
  const info = await lstat(target).catch(() => undefined);
  if (info?.isSymbolicLink()) refuse('it is a link to another place, not a folder.', 'pass the real folder, or a new name');
  if (info && !info.isDirectory()) refuse('it is a file, not a folder.', 'pass the name of a folder; the file is left as it is');
  const foreign: string[] = [];
  for (const file of files) {
    // A folder inside the target that is a link (pages/ -> ../content/pages) would take the schemas elsewhere.
    const folders = file.path.split('/').slice(0, -1);
    for (let depth = 1; depth <= folders.length; depth++) {
      const inside = folders.slice(0, depth).join('/');
      if ((await lstat(path.join(target, inside)).catch(() => undefined))?.isSymbolicLink())
        refuse(`${inside} in it is a link to another place.`, `pass a new folder, or put a real folder in place of the link ${inside}`);
    }
    const destination = path.join(target, ...file.path.split('/'));
    const existing = await lstat(destination).catch(() => undefined);
    if (!existing) continue;
    if (!existing.isFile() || !(await sameSchema(destination, file))) foreign.push(file.path);
  }
  if (foreign.length > 0) {
    const names = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? ` and ${foreign.length - 3} more` : '');
    refuse(
      `it already holds ${names}, which site schema did not write and would overwrite.`,
      'pass a new folder, or move those files away first',
    );
  }
}

/** `folder` with every link on its way resolved, the part that does not exist yet kept as written. */
async function realFolder(folder: string): Promise<string> {
  const rest: string[] = [];
  for (let existing = folder; ; existing = path.dirname(existing)) {
    const real = await realpath(existing).catch(() => undefined);
    if (real !== undefined) return path.join(real, ...rest);
    if (path.dirname(existing) === existing) return folder;
    rest.unshift(path.basename(existing));
  }
}

/**
 * The outermost folder at or above `folder` that holds a site.yaml, which only a content folder
 * (or a translation's folder inside one) has, whatever it is named; undefined when there is none.
 */
async function contentFolderAround(folder: string): Promise<string | undefined> {
  let found: string | undefined;
  for (let at = folder; ; at = path.dirname(at)) {
    if ((await lstat(path.join(at, 'site.yaml')).catch(() => undefined))?.isFile()) found = at;
    if (path.dirname(at) === at) return found;
  }
}

/** Whether the file at `destination` is an earlier schema for the same content file: its title names it. */
async function sameSchema(destination: string, file: OutputFile): Promise<boolean> {
  try {
    const present = JSON.parse(await readFile(destination, 'utf8')) as { $schema?: unknown; title?: unknown };
    const next = JSON.parse(String(file.contents)) as { $schema?: unknown; title?: unknown };
    return present.$schema === next.$schema && typeof present.title === 'string' && present.title === next.title;
  } catch {
    return false;
  }
}
