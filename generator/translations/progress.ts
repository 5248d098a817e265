import path from 'node:path';
import type { Problem, ProblemCode } from '../problems/problem.js';
import type { Language } from '../contract/languages.js';

/**
 * Warnings about a translation's progress, each with what it is in words: none stops a deploy
 * unless translations must be complete (build.ts then refuses them, naming them so).
 */
export const TRANSLATION_WARNINGS: Partial<Record<ProblemCode, string>> = {
  'missing-translation': 'a text not translated yet',
  'extra-translation': 'a translated text with no English to translate',
  'file-missing': 'a translation file not written yet',
};

export function isTranslationWarning(warning: Problem): boolean {
  return warning.severity === 'warning' && TRANSLATION_WARNINGS[warning.code] !== undefined;
}

export interface Progress {
  language: Language;
  /** By the file's name in the content folder (ml/services.yaml): how many of its texts show in English. */
  untranslated: ReadonlyMap<string, number>;
}

/**
 * One line per translation for the end of `site check` and `site build`: how many texts still
 * show in English, and the first place to translate (the first warning about that language, in
 * the order they were printed), so the translator knows where to begin.
 */
export function progressLines(translations: readonly Progress[], warnings: readonly Problem[], contentDir: string, cwd: string): string[] {
  return translations.map(({ language, untranslated }) => {
    const total = [...untranslated.values()].reduce((sum, count) => sum + count, 0);
    const name = language.englishName;
    if (total === 0) return `${name}: every text is translated.`;
    const folder = path.join(contentDir, language.folder) + path.sep;
    const first = warnings.find((warning) => warning.code === 'missing-translation' || warning.code === 'file-missing' ? warning.file.startsWith(folder) : false);
    const where = first ? `${path.relative(cwd, first.file).split(path.sep).join('/')}${first.line ? `:${first.line}:${first.column ?? 1}` : ''}` : undefined;
    const files = [...untranslated.values()].filter((count) => count > 0).length;
    return `${name}: ${total} text${total === 1 ? ' is' : 's are'} not translated yet (in ${files} file${files === 1 ? '' : 's'}), shown in English on the ${name} pages${where ? `; start at ${where}` : ''}.`;
  });
}
