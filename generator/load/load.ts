import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, YAMLParseError, isMap, isNode, isPair, isScalar, isSeq, type Document } from 'yaml';
import { decodeContent } from './encoding.js';
import { linkProblem, readContentFile, type ReadResult } from './read-file.js';
import { findSyntaxProblems, type SyntaxResult } from './yaml-syntax.js';
import { shapeProblems } from './yaml-shape.js';
import { MAX_PROBLEMS_PER_FILE, tooManyProblems, type Problem } from '../problems/problem.js';
import { CONTENT_FILES, type ContentFile } from '../schema/index.js';
import { closest } from '../problems/suggest.js';
import { TRANSLATIONS, type Language } from '../contract/languages.js';

/** One content file read and parsed, with what locating a value in it needs. */
export interface LoadedFile {
  /** The English file's name; a translation's own file is `<language folder>/<name>`. */
  name: ContentFile;
  /** Set on a translation file (content/ml/…), which holds only the texts of its English file. */
  language?: Language;
  file: string;
  source: string;
  doc: Document;
  lineCounter: LineCounter;
  /** The plain data, present only when the file parsed cleanly. */
  data?: unknown;
}

/** The record of the English each translated text was made from (translations/sources.ts), as read. */
export interface LoadedRecord {
  language: Language;
  file: string;
  source: string;
  doc: Document;
  lineCounter: LineCounter;
  /** The plain data, present only when the file parsed cleanly. */
  data?: unknown;
}

/** The record's name inside a translation's folder (content/ml/translated-from.yaml). */
export const RECORD_FILE = 'translated-from.yaml';

export interface LoadResult {
  files: LoadedFile[];
  /** Each translation's record of its English sources, where the folder has one. */
  records: LoadedRecord[];
  problems: Problem[];
  /** Translation files not there at all: their pages show the English file's texts. */
  warnings: Problem[];
  /** The translations the content publishes: those whose folder (content/ml/) exists. */
  languages: Language[];
  sources: Map<string, string>;
}

/**
 * Aliases a file may expand before it is refused: the shipped content uses none, and a few
 * dozen is plenty for an operator, while a "billion laughs" file would need millions.
 */
const MAX_ALIAS_COUNT = 50;

export interface LoadOptions {
  /**
   * Texts to read in place of files on disk, by name relative to the content folder
   * (services.yaml, ml/pages/home.yaml): the editor checks and previews unsaved changes this way.
   */
  overrides?: ReadonlyMap<string, string>;
}

/** Reads and parses every content file; never throws for anything an operator can fix. */
export async function loadContent(contentDir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const sources = new Map<string, string>();
  const files: LoadedFile[] = [];
  const names = Object.keys(CONTENT_FILES) as ContentFile[];
  const languages = await publishedTranslations(contentDir);
  const wanted = [
    ...names.map((name) => ({ name, language: undefined })),
    ...languages.flatMap((language) => names.map((name) => ({ name, language }))),
  ];
  const known = [...wanted.map(({ name, language }) => (language ? `${language.folder}/${name}` : name)), ...languages.map((language) => `${language.folder}/${RECORD_FILE}`)];
  // The folder is listed while the files are read and parsed: its waits for the disk then cost nothing.
  const unknown = unknownFiles(contentDir, known);
  unknown.catch(() => undefined);

  await Promise.all(
    wanted.map(async ({ name, language }) => {
      const rel = language ? `${language.folder}/${name}` : name;
      const file = path.join(contentDir, rel);
      const read = await readOrOverride(contentDir, rel, options);
      if ('problem' in read) {
        problems.push(read.problem);
        return;
      }
      if ('missing' in read) {
        if (language) warnings.push(missingTranslation(contentDir, name, language));
        else problems.push(missingFile(contentDir, name));
        return;
      }
      const bytes = read.bytes;
      const decoded = decodeContent(bytes, rel);
      if ('problem' in decoded) {
        if (decoded.shown !== undefined) sources.set(file, decoded.shown);
        problems.push({ ...decoded.problem, file });
        return;
      }
      const source = decoded.text;
      sources.set(file, source);
      const loaded = parseFile(name, file, source, problems, rel);
      if (language) loaded.language = language;
      files.push(loaded);
    }),
  );
  const records = (await Promise.all(languages.map((language) => loadRecord(contentDir, language, options, problems, sources)))).flat();
  problems.push(...(await unknown));
  // A linked folder is refused once, though every file the site would read through it meets it.
  const links = new Set<string>();
  const once = problems.filter((problem) => problem.code !== 'not-a-file' || (!links.has(problem.file) && Boolean(links.add(problem.file))));
  problems.splice(0, problems.length, ...once);
  const order = (f: LoadedFile) => names.indexOf(f.name) + (f.language ? names.length * (1 + TRANSLATIONS.indexOf(f.language)) : 0);
  files.sort((a, b) => order(a) - order(b));
  return { files, records, problems, warnings, languages, sources };
}

/** A translation's record, parsed; none when the folder has no record (nothing is compared then). */
async function loadRecord(contentDir: string, language: Language, options: LoadOptions, problems: Problem[], sources: Map<string, string>): Promise<LoadedRecord[]> {
  const rel = `${language.folder}/${RECORD_FILE}`;
  const file = path.join(contentDir, rel);
  const read = await readOrOverride(contentDir, rel, options);
  if ('problem' in read) problems.push(read.problem);
  if (!('bytes' in read)) return [];
  const decoded = decodeContent(read.bytes, rel);
  if ('problem' in decoded) {
    if (decoded.shown !== undefined) sources.set(file, decoded.shown);
    problems.push({ ...decoded.problem, file });
    return [];
  }
  sources.set(file, decoded.text);
  const { lineCounter, syntax } = parseOnce(file, decoded.text);
  const record: LoadedRecord = { language, file, source: decoded.text, doc: syntax.doc, lineCounter };
  if (syntax.problems.length > 0) {
    problems.push(...syntax.problems.slice(0, MAX_PROBLEMS_PER_FILE).map((problem) => ({ ...problem, file })));
    return [record];
  }
  try {
    record.data = syntax.doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {};
  } catch {
    record.data = undefined;
  }
  return [record];
}

/** The translations the content publishes: those whose folder (e.g. content/ml/) exists. */
async function publishedTranslations(contentDir: string): Promise<Language[]> {
  const found = await Promise.all(
    TRANSLATIONS.map(async (language) => {
      const folder = path.join(contentDir, language.folder);
      // A link named ml/ is reported by unknownFiles(), and not followed out of the content folder.
      if ((await lstat(folder).catch(() => undefined))?.isSymbolicLink()) return [];
      const entries = await readdir(folder).catch(() => undefined);
      return entries ? [language] : [];
    }),
  );
  return found.flat();
}

/** A file's bytes from the editor's unsaved text where it has one, else from disk through the one reader. */
async function readOrOverride(contentDir: string, rel: string, options: LoadOptions): Promise<ReadResult> {
  const override = options.overrides?.get(rel);
  return override === undefined ? readContentFile(contentDir, rel) : { bytes: Buffer.from(override, 'utf8') };
}

function missingFile(contentDir: string, name: ContentFile): Problem {
  return {
    code: 'file-missing',
    file: path.join(contentDir, name),
    path: '',
    message: `The file ${name} is missing; the site needs it to build.`,
    hint: `restore it, e.g. with: git checkout -- ${path.posix.join(path.basename(contentDir), name)}`,
  };
}

function missingTranslation(contentDir: string, name: ContentFile, language: Language): Problem {
  const folder = path.posix.join(path.basename(contentDir), language.folder);
  return {
    code: 'file-missing',
    severity: 'warning',
    file: path.join(contentDir, language.folder, name),
    path: '',
    message: `The file ${language.folder}/${name} is missing, so the ${language.englishName} pages show every text of ${name} in English.`,
    hint: `copy ${path.posix.join(path.basename(contentDir), name)} to ${folder}/${name}, keep only its texts and translate them; or delete the folder ${folder} to publish the site in English only`,
  };
}

/**
 * The last parse of recently loaded files, by path. `site dev` and the editor load the whole
 * content again on every save, and parsing is most of that time, so a file whose text is
 * unchanged keeps its tree. Nothing changes a loaded tree (saves parse a copy of their own).
 */
const recentParses = new Map<string, { source: string; lineCounter: LineCounter; syntax: SyntaxResult }>();
/** Two languages' files with room to spare; tests load thousands of folders, so old entries go. */
const RECENT_PARSES = 64;

function parseOnce(file: string, source: string): { lineCounter: LineCounter; syntax: SyntaxResult } {
  const recent = recentParses.get(file);
  const parsed = recent?.source === source ? recent : { source, lineCounter: linesOf(source), syntax: findSyntaxProblems(source) };
  // Last used goes last, so the oldest entry is the first in the map.
  recentParses.delete(file);
  recentParses.set(file, parsed);
  if (recentParses.size > RECENT_PARSES) recentParses.delete(recentParses.keys().next().value!);
  return parsed;
}

function parseFile(name: ContentFile, file: string, source: string, problems: Problem[], rel: string = name): LoadedFile {
  const { lineCounter, syntax } = parseOnce(file, source);
  const doc = syntax.doc;
  const loaded: LoadedFile = { name, file, source, doc, lineCounter };
  const duplicates = duplicateKeys(doc).map((error) => duplicateProblem(error, file, source, lineCounter));
  const shape = syntax.problems.length > 0 ? [] : shapeProblems(doc, lineCounter, MAX_PROBLEMS_PER_FILE + 1);
  const found = [...syntax.problems, ...shape].map((problem) => ({ ...problem, file })).concat(duplicates);
  if (found.length > 0) {
    problems.push(...found.slice(0, MAX_PROBLEMS_PER_FILE));
    if (found.length > MAX_PROBLEMS_PER_FILE) problems.push(tooManyProblems(file, found.length, MAX_PROBLEMS_PER_FILE));
    return loaded;
  }
  if (doc.contents === null) {
    problems.push({
      code: 'file-empty',
      file,
      line: 1,
      column: 1,
      length: 1,
      path: '',
      message: `The file ${rel} is empty, but the site needs the settings it holds.`,
      hint: `restore it from the last good version, e.g. with: git checkout -- content/${rel}`,
    });
    return loaded;
  }
  if (!isMap(doc.contents)) {
    const [start = 0] = doc.contents.range ?? [];
    const pos = lineCounter.linePos(start);
    problems.push({
      code: 'not-a-mapping',
      file,
      line: pos.line,
      column: pos.col,
      length: 1,
      path: '',
      message: `The top level of ${rel} must be a set of "key: value" settings, but it is ${describeNode(doc.contents)}.`,
      hint: 'start the file with its first key at the left margin, e.g. "services:"',
    });
    return loaded;
  }
  try {
    loaded.data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    const overflow = error instanceof RangeError;
    problems.push({
      code: 'too-complex',
      file,
      line: 1,
      column: 1,
      length: 1,
      path: '',
      message: overflow
        ? `The file ${rel} is too large or too deeply nested to be read safely.`
        : `The file ${rel} repeats its aliases (*name) too many times to be read safely: ${(error as Error).message}.`,
      hint: overflow
        ? 'content needs only a few levels of indentation and short lists: look for a paste gone wrong'
        : 'write the values out instead of using anchors (&name) and aliases (*name)',
    });
  }
  return loaded;
}

/**
 * A DUPLICATE_KEY error, as yaml's uniqueKeys would give, for each key that repeats an earlier
 * key of the same map (scalars by value, anything else by identity, as yaml compares them).
 * Walks the document without recursion, so nesting depth cannot overflow the stack.
 */
function duplicateKeys(doc: Document): YAMLParseError[] {
  const errors: YAMLParseError[] = [];
  const pending: unknown[] = [doc.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key) && isNode(pair.key) && pair.key.range) {
          errors.push(new YAMLParseError([pair.key.range[0], pair.key.range[1]], 'DUPLICATE_KEY', 'Map keys must be unique'));
        }
        seen.add(key);
        pending.push(pair.key, pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) pending.push(item);
    }
  }
  return errors;
}

/**
 * Where each line of `source` starts, counted from the text itself. The parser's own count can
 * fall behind while it recovers from a syntax error (a multi-line token it skips is not counted),
 * which would place later problems past the end of their line; this one always agrees with the
 * lines the code frame shows.
 */
function linesOf(source: string): LineCounter {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) lines.addNewLine(at + 1);
  return lines;
}

function describeNode(node: unknown): string {
  if (node && typeof node === 'object' && 'items' in node) return 'a list';
  return 'a single value';
}

function duplicateProblem(error: YAMLParseError, file: string, source: string, lines: LineCounter): Problem {
  const [offset] = error.pos;
  const key = source.slice(offset).match(/^[^:\n]*/)?.[0].trim() ?? '';
  const from = lines.linePos(offset);
  return {
    code: 'yaml-syntax',
    file,
    line: from.line,
    column: from.col,
    length: Math.max(1, key.length),
    path: '',
    message: `The key "${key}" appears twice in one block; the second would silently replace the first.`,
    hint: 'keep one of the two lines and delete the other',
  };
}

/** YAML files in the content folder that the site would silently ignore: most likely misnamed. */
async function unknownFiles(contentDir: string, known: readonly string[]): Promise<Problem[]> {
  const found: string[] = [];
  async function walk(dir: string, prefix: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) links.push(rel);
      else if (entry.isDirectory()) {
        if (!known.includes(rel)) await walk(path.join(dir, entry.name), rel);
      } else if (/\.ya?ml$/i.test(entry.name) && !known.includes(rel)) found.push(rel);
    }
  }
  const links: string[] = [];
  await walk(contentDir, '');
  const linked: Problem[] = links
    .filter((rel) => !known.includes(rel))
    .sort()
    .map((rel) => linkProblem(path.join(contentDir, rel), rel));
  return linked.concat(found.sort().map((rel) => {
    const guess = closest(rel, known);
    return {
      code: 'file-unknown' as const,
      file: path.join(contentDir, rel),
      path: '',
      message: `The site does not read ${rel}, so nothing in it would appear.${guess ? ` Did you mean ${guess}?` : ''}`,
      hint: guess ? `rename it to ${guess}` : `the files the site reads are: ${known.join(', ')}`,
    };
  }));
}
