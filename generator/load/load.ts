import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Document, LineCounter } from 'yaml';
import { decodeContent } from './encoding.js';
import { linkProblem, readContentFile, type ReadResult } from './read-file.js';
import { MAX_ALIAS_COUNT, parseFile, parseOnce } from './parse.js';
import type { Session } from '../contract/session.js';
import { MAX_PROBLEMS_PER_FILE, type Problem } from '../problems/problem.js';
import { CONTENT_FILES, type ContentFile } from '../schema/index.js';
import { closest } from '../problems/suggest.js';
import { TRANSLATIONS, type Language } from '../contract/languages.js';
import { RECORD_FILE } from '../contract/file-names.js';

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

/** The record's name inside a translation's folder, for those who read it from here. */
export { RECORD_FILE };

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

export interface LoadOptions {
  /**
   * Texts to read in place of files on disk, by name relative to the content folder
   * (services.yaml, ml/pages/home.yaml): the editor checks and previews unsaved changes this way.
   */
  overrides?: ReadonlyMap<string, string>;
  /** What `site dev` and the editor remember between loads: an unchanged file keeps its parse. */
  session?: Session;
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
  const known = [
    ...wanted.map(({ name, language }) => (language ? `${language.folder}/${name}` : name)),
    ...languages.map((language) => `${language.folder}/${RECORD_FILE}`),
  ];
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
      const loaded = parseFile(name, file, source, problems, rel, options.session);
      if (language) loaded.language = language;
      files.push(loaded);
    }),
  );
  const records = (await Promise.all(languages.map((language) => loadRecord(contentDir, language, options, problems, sources)))).flat();
  problems.push(...(await unknown));
  // A linked folder is refused once, though every file the site would read through it meets it.
  const links = new Set<string>();
  const once = problems.filter(
    (problem) => problem.code !== 'not-a-file' || (!links.has(problem.file) && Boolean(links.add(problem.file))),
  );
  problems.splice(0, problems.length, ...once);
  const order = (f: LoadedFile) => names.indexOf(f.name) + (f.language ? names.length * (1 + TRANSLATIONS.indexOf(f.language)) : 0);
  files.sort((a, b) => order(a) - order(b));
  return { files, records, problems, warnings, languages, sources };
}

/** A translation's record, parsed; none when the folder has no record (nothing is compared then). */
async function loadRecord(
  contentDir: string,
  language: Language,
  options: LoadOptions,
  problems: Problem[],
  sources: Map<string, string>,
): Promise<LoadedRecord[]> {
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
  const { lineCounter, syntax } = parseOnce(file, decoded.text, options.session);
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

/** YAML files in the content folder that the site would silently ignore: most likely misnamed. */
async function unknownFiles(contentDir: string, known: readonly string[]): Promise<Problem[]> {
  const found: string[] = [];
  async function walk(dir: string, prefix: string): Promise<void> {
    let entries: Dirent[];
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
  return linked.concat(
    found.sort().map((rel) => {
      const guess = closest(rel, known);
      return {
        code: 'file-unknown' as const,
        file: path.join(contentDir, rel),
        path: '',
        message: `The site does not read ${rel}, so nothing in it would appear.${guess ? ` Did you mean ${guess}?` : ''}`,
        hint: guess ? `rename it to ${guess}` : `the files the site reads are: ${known.join(', ')}`,
      };
    }),
  );
}
