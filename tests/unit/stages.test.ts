/**
 * Imports run one way, down the pipeline (generator/README.md): a stage may import the stages
 * before it, never one after it. Read from the code itself: every import, export-from and
 * import() of every source file under generator/, templates/, client/, bin/ and editor/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/content.js';

/** generator/'s folders in the order data flows through them; a file may import its own stage and those before it. */
const STAGES = [
  'contract',
  'problems',
  'schema',
  'load',
  'check',
  'translations',
  'images',
  'templates',
  'bundle',
  'render',
  'write',
  'build',
  'serve',
  'editor',
  'editor-ui',
  'bin',
] as const;
type Stage = (typeof STAGES)[number] | 'client';

/** Where the templates may import from in generator/: the contract they render from, never a stage. */
const TEMPLATE_CONTRACT = [/^generator\/contract\/[^/]+$/, /^generator\/schema\/[^/]+$/];

const FOLDERS = ['generator', 'templates', 'client', 'bin', 'editor'];
const SOURCE = /\.(ts|tsx|js|mjs)$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The stage a file belongs to, or undefined for a folder of generator/ that has none yet. */
function stageOf(file: string): Stage | undefined {
  const [top, second, third] = file.split('/');
  if (top === 'templates' || top === 'client' || top === 'bin') return top;
  if (top === 'editor') return 'editor-ui';
  if (top !== 'generator') return undefined;
  if (third === undefined) return 'build';
  return (STAGES as readonly string[]).includes(second!) ? (second as Stage) : undefined;
}

interface Import {
  from: string;
  to: string;
  specifier: string;
}

/** Every relative import of `file`, resolved to the file it names (.js written, .ts or .tsx on disk). */
function importsOf(file: string, known: ReadonlySet<string>): Import[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((entry) => entry.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const written = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const base = written.replace(/\.(js|mjs)$/, '');
      const to = [written, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}.js`].find((candidate) => known.has(candidate)) ?? written;
      return { from: file, to, specifier };
    });
}

const files = FOLDERS.flatMap(sourceFiles);
const known = new Set(files);
const imports = files.flatMap((file) => importsOf(file, known));
const show = (list: readonly Import[]) => list.map(({ from, specifier }) => `${from} imports ${specifier}`);

describe('the stages and who may import whom', () => {
  it('reads the imports it checks', () => {
    // A reading that found nothing would pass every rule below.
    expect(files.length).toBeGreaterThan(100);
    expect(imports.length).toBeGreaterThan(300);
    // Every import names a source file read here, but for stylesheets and the compiled CLI (bin/site.js runs lib/).
    const unread = imports.filter(({ to }) => !known.has(to) && !to.endsWith('.css') && !to.startsWith('lib/'));
    expect(show(unread)).toEqual([]);
  });

  it('places every folder of generator/ in the stage order', () => {
    expect(files.filter((file) => stageOf(file) === undefined)).toEqual([]);
  });

  it('never imports a later stage from an earlier one', () => {
    const rank = (file: string) => STAGES.indexOf(stageOf(file) as (typeof STAGES)[number]);
    const backwards = imports.filter(({ from, to }) => stageOf(from) !== 'client' && stageOf(to) !== 'client' && rank(to) > rank(from));
    expect(show(backwards)).toEqual([]);
  });

  it('keeps the dev server apart from the editor: the editor plugs in through serve/plugin.ts', () => {
    const intoEditor = imports.filter(({ from, to }) => from.startsWith('generator/serve/') && to.startsWith('generator/editor/'));
    expect(show(intoEditor)).toEqual([]);
  });

  it('lets the templates import only the contract they render from (contract/, the schema types), never a stage', () => {
    const stages = imports.filter(
      ({ from, to }) =>
        from.startsWith('templates/') && !to.startsWith('templates/') && !TEMPLATE_CONTRACT.some((allowed) => allowed.test(to)),
    );
    expect(show(stages)).toEqual([]);
  });

  it('keeps the browser script to itself', () => {
    const outside = imports.filter(({ from, to }) => from.startsWith('client/') && !to.startsWith('client/'));
    expect(show(outside)).toEqual([]);
  });
});
