import type { Problem } from '../problems/problem.js';
import { TRANSLATIONS, type Language } from '../contract/languages.js';

/**
 * The translation whose folder holds `file` (in `contentDir`, a folder on disk or the in-memory
 * check's `content`), or undefined for an English file. Without node:path: the Worker and the
 * phone run it too.
 */
function languageOfFile(contentDir: string, file: string): Language | undefined {
  return TRANSLATIONS.find((language) => ['/', '\\'].some((sep) => file.startsWith(`${contentDir}${sep}${language.folder}${sep}`)));
}

/**
 * The problems with each error in a translation file saying that the mending is there: an
 * operator who reads that the site cannot be built fears for the English pages too, and should
 * not go looking for the cause in them.
 */
export function withTranslationNotes(contentDir: string, problems: readonly Problem[]): Problem[] {
  return problems.map((problem) => {
    const language = problem.severity === 'warning' ? undefined : languageOfFile(contentDir, problem.file);
    if (!language) return problem;
    return { ...problem, message: `${problem.message} Only this ${language.englishName} file needs mending; the English files are fine.` };
  });
}
