import { randomBytes } from 'node:crypto';
import { lstat, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TRANSLATIONS, type Language } from '../contract/languages.js';
import { loadContent, RECORD_FILE, type LoadedFile } from '../load/load.js';
import { ContentError, UsageError, type Problem } from '../problems/problem.js';
import { CONTENT_FILES } from '../schema/index.js';
import { acceptTranslations, onLine, type Accepted, type AcceptInput } from './accept.js';
import { readRecord, recordText } from './record.js';
import type { TranslatedText } from './sources.js';

/**
 * The record of a translation's sources updated on disk: what `site translations --accept` and
 * the editor's saves do. Nothing is written when the record itself has a mistake (it would be
 * lost), and the file is replaced at once, never half written.
 */
export interface RecordUpdate extends Accepted {
  /** The record file, absolute. */
  file: string;
  text: string;
  /** Whether the text differs from the file on disk. */
  changedFile: boolean;
}

export async function updateRecord(
  contentDir: string,
  language: Language,
  choose: (text: TranslatedText, translation: LoadedFile) => boolean,
  options: { overrides?: ReadonlyMap<string, string>; unrecorded?: boolean; previous?: AcceptInput['previous'] } = {},
): Promise<RecordUpdate> {
  const { overrides, unrecorded, previous } = options;
  const loaded = await loadContent(contentDir, { overrides });
  const file = path.join(contentDir, language.folder, RECORD_FILE);
  const stored = loaded.records.find((record) => record.language === language);
  const { record, problems } = readRecord(stored);
  // A link where the folder, one of its files or the record should be: writing through it would
  // reach outside the content folder, and reading through it would record English for texts elsewhere.
  const folder = path.join(contentDir, language.folder);
  const linked = (problem: Problem) =>
    problem.code === 'not-a-file' && (problem.file === folder || problem.file.startsWith(folder + path.sep));
  const broken = loaded.problems.filter((problem) => problem.file === file || linked(problem));
  if (problems.length > 0 || broken.length > 0) throw new ContentError([...broken, ...problems], loaded.sources);
  const accepted = acceptTranslations({ files: loaded.files, language, record, choose, unrecorded, previous });
  const text = recordText(accepted.record, stored?.source, language);
  return { ...accepted, file, text, changedFile: text !== stored?.source };
}

/** Writes the record when it changed: into a temporary file beside it, then renamed over it. */
export async function writeRecord(update: RecordUpdate): Promise<void> {
  if (!update.changedFile) return;
  // The folder may have been swapped for a link since it was read: then nothing is written.
  const folder = await lstat(path.dirname(update.file)).catch(() => undefined);
  if (!folder?.isDirectory())
    throw new UsageError(
      `${path.basename(path.dirname(update.file))} is no longer a plain folder, so the record was not written.`,
      'check the folder, then mark the texts reviewed again',
    );
  const temp = path.join(path.dirname(update.file), `.${path.basename(update.file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, update.text, { flag: 'wx' });
    await rename(temp, update.file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** What a name on the command line points at: a whole translation, one file, or one line of it. */
interface Target {
  language: Language;
  /** ml/services.yaml; undefined for every file of the language. */
  rel?: string;
  line?: number;
  column?: number;
}

/**
 * `site translations --accept`: for each target (content/ml, content/ml/services.yaml, or
 * content/ml/services.yaml:12 as a warning names it), the English of its translated texts is
 * recorded as it is now. Returns a line per target saying what was recorded.
 */
export async function acceptTargets(contentDir: string, targets: readonly string[], cwd: string): Promise<string[]> {
  const dir = path.resolve(contentDir);
  const parsed = await Promise.all(targets.map((target) => parseTarget(dir, target, cwd)));
  const lines: string[] = [];
  for (const [i, target] of parsed.entries()) {
    const choose = (text: TranslatedText, translation: LoadedFile) =>
      (target.rel === undefined || `${target.language.folder}/${translation.name}` === target.rel) &&
      (target.line === undefined || onLine(target.line, target.column)(text, translation));
    const update = await updateRecord(dir, target.language, choose);
    const chosen = [...update.accepted.values()].flat().length;
    if (chosen === 0 && target.line !== undefined) {
      throw new UsageError(
        `${targets[i]} is not where a translated text starts, so nothing was recorded.`,
        'use the file:line at the start of the warning about the text',
      );
    }
    await writeRecord(update);
    const shown = path.relative(cwd, update.file).split(path.sep).join('/');
    lines.push(
      `${targets[i]}: ${chosen} ${chosen === 1 ? 'text' : 'texts'} marked reviewed${update.changed > 0 ? ` (${update.changed} of them for English that had changed)` : ''}; their English is recorded in ${shown}.`,
    );
  }
  return lines;
}

async function parseTarget(contentDir: string, target: string, cwd: string): Promise<Target> {
  const match = /^(.*?)(?::(\d+))?(?::(\d+))?$/.exec(target.trim())!;
  const where = path.resolve(cwd, match[1]!);
  const line = match[2] === undefined ? undefined : Number(match[2]);
  const column = match[3] === undefined ? undefined : Number(match[3]);
  const rel = path.relative(contentDir, where).split(path.sep).join('/');
  const language = TRANSLATIONS.find((candidate) => rel === candidate.folder || rel.startsWith(`${candidate.folder}/`));
  const example = `${path
    .relative(cwd, path.join(contentDir, TRANSLATIONS[0]!.folder, 'services.yaml'))
    .split(path.sep)
    .join('/')}`;
  if (!language || rel.startsWith('..')) {
    throw new UsageError(
      `${target} is not a translation: --accept takes a file in a translation folder, or the folder itself.`,
      `e.g. ${example}, or ${example}:12 for one text`,
    );
  }
  if (rel === language.folder) {
    if (line !== undefined) throw new UsageError(`${target} names a line of a folder.`, `name the file, e.g. ${example}:12`);
    if (!(await stat(where).catch(() => undefined))?.isDirectory())
      throw new UsageError(`The folder ${target} does not exist.`, 'check the --content folder');
    return { language };
  }
  const name = rel.slice(language.folder.length + 1);
  if (!Object.hasOwn(CONTENT_FILES, name)) {
    throw new UsageError(
      `${target} is not a file the site translates.`,
      `name one of the files in ${path.dirname(example)}, e.g. ${example}`,
    );
  }
  return { language, rel, line, column };
}
