import path from 'node:path';
import type { Problem } from '../problems/problem.js';
import { strictnessOf } from '../problems/strictness.js';
import type { Language } from '../contract/languages.js';
import type { OutdatedText } from './sources.js';

/**
 * Whether a warning is about a translation's progress: those problems/strictness.ts lets a
 * strict build through unless translations must be complete (build.ts then refuses them). A text
 * whose English changed since it was translated is one of them: the page shows its English until
 * the translation is reviewed, as it shows English for a text not translated yet.
 */
export function isTranslationWarning(warning: Problem): boolean {
  return warning.severity === 'warning' && strictnessOf(warning)?.verdict === 'refuses-incomplete';
}

export interface Progress {
  language: Language;
  /** By the file's name in the content folder (ml/services.yaml): how many of its texts show in English. */
  untranslated: ReadonlyMap<string, number>;
  /** By file as `untranslated`: how many of its translated texts have English that changed since. */
  outdated: ReadonlyMap<string, number>;
  /** By file as `untranslated`: those texts, with the English they were made from and the English now. */
  changed?: ReadonlyMap<string, readonly OutdatedText[]>;
  /** By file as `untranslated`: how many translated texts have no record of their English, so nothing to compare. */
  unrecorded?: ReadonlyMap<string, number>;
}

export interface TextCounts {
  /** Texts shown in English for want of a translation. */
  untranslated: number;
  /** Translated texts whose English changed since. */
  outdated: number;
  /** How many files have either. */
  files: number;
}

/**
 * How many texts of a translation still need a translator: of one file (`file`, e.g.
 * ml/services.yaml) or of all. `site check`, `site build` and the editor all count with this, so
 * the editor's banner and list of files say the numbers the command line does.
 */
export function countTexts(progress: Progress, file?: string): TextCounts {
  const names = new Set(
    [...progress.untranslated.keys(), ...progress.outdated.keys()].filter((name) => file === undefined || name === file),
  );
  let untranslated = 0;
  let outdated = 0;
  let files = 0;
  for (const name of names) {
    const lacking = progress.untranslated.get(name) ?? 0;
    const changed = progress.outdated.get(name) ?? 0;
    untranslated += lacking;
    outdated += changed;
    if (lacking + changed > 0) files++;
  }
  return { untranslated, outdated, files };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Lines per translation for the end of `site check` and `site build`: how many texts still show
 * in English, how many translations are older than their English, and the first place to look
 * (the first warning of that kind, in the order they were printed), so the translator knows where to begin.
 */
export function progressLines(translations: readonly Progress[], warnings: readonly Problem[], contentDir: string, cwd: string): string[] {
  return translations.flatMap((progress) => {
    const { language } = progress;
    const name = language.englishName;
    const total = countTexts(progress);
    const unrecorded = [...(progress.unrecorded ?? [])].filter(([, count]) => count > 0);
    const record = unrecorded.length === 0 ? [] : [unrecordedLine(name, unrecorded, contentDir, language.folder, cwd)];
    if (total.untranslated + total.outdated === 0) return [`${name}: every text is translated.`, ...record];
    const folder = path.join(contentDir, language.folder) + path.sep;
    const start = (codes: readonly string[]) => {
      const first = warnings.find((warning) => codes.includes(warning.code) && warning.file.startsWith(folder));
      return first
        ? `${path.relative(cwd, first.file).split(path.sep).join('/')}${first.line ? `:${first.line}:${first.column ?? 1}` : ''}`
        : undefined;
    };
    const lines: string[] = [];
    if (total.untranslated > 0) {
      const files = [...progress.untranslated.values()].filter((count) => count > 0).length;
      const where = start(['missing-translation', 'file-missing']);
      lines.push(
        `${name}: ${plural(total.untranslated, 'text is', 'texts are')} not translated yet (in ${plural(files, 'file', 'files')}), shown in English on the ${name} pages${where ? `; start at ${where}` : ''}.`,
      );
    }
    if (total.outdated > 0) {
      const files = [...progress.outdated.values()].filter((count) => count > 0).length;
      const where = start(['outdated-translation']);
      lines.push(
        `${name}: ${plural(total.outdated, 'translation was', 'translations were')} written for English that has changed since (in ${plural(files, 'file', 'files')}); review ${total.outdated === 1 ? 'it' : 'them'}${where ? `, starting at ${where}` : ''}.`,
      );
    }
    return [...lines, ...record];
  });
}

/** Translated texts the record has no English for (written by hand since): nothing says when their English changes. */
function unrecordedLine(
  name: string,
  files: readonly (readonly [string, number])[],
  contentDir: string,
  folder: string,
  cwd: string,
): string {
  const count = files.reduce((sum, [, n]) => sum + n, 0);
  const shown = (file: string) => path.relative(cwd, path.join(contentDir, file)).split(path.sep).join('/');
  return `${name}: ${plural(count, 'translated text has', 'translated texts have')} no record of the English ${count === 1 ? 'it was' : 'they were'} made from, so a change to that English would go unnoticed; once ${count === 1 ? 'it is' : 'they are'} reviewed, run "npx site translations --accept ${files.length === 1 ? shown(files[0]![0]) : shown(folder)}" or save ${files.length === 1 ? 'the file' : 'the files'} in the editor.`;
}
