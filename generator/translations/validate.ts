import path from 'node:path';
import type { LoadedFile } from '../load.js';
import { MAX_PROBLEMS_PER_FILE, tooManyProblems, type Problem } from '../problem.js';
import { CONTENT_FILES, type ContentFile, type Site } from '../schema/index.js';
import { assemble, fileProblems } from '../validate.js';
import type { Language } from './languages.js';
import { localizeLinks } from './links.js';
import { mirrorProblems } from './mirror.js';
import { isTranslatedAt, overlay } from './overlay.js';

export interface TranslationResult {
  language: Language;
  /** The site in this language; present only when every translation file is complete and valid. */
  site?: Site;
  problems: Problem[];
}

/**
 * Checks one language's translation files against their English files and builds the translated
 * site: the English data with the translated texts laid over it, validated by the English schemas,
 * so a translated text obeys the same rules (and gets the same messages) as the English one.
 */
export function validateTranslation(files: readonly LoadedFile[], language: Language): TranslationResult {
  const problems: Problem[] = [];
  const parsed = new Map<ContentFile, unknown>();
  for (const name of Object.keys(CONTENT_FILES) as ContentFile[]) {
    const english = files.find((file) => file.name === name && !file.language);
    const translation = files.find((file) => file.name === name && file.language === language);
    // A missing or unreadable file is already reported by load. A translation is held against its
    // English file only once that is valid: one English mistake must not echo in every language.
    if (!english || english.data === undefined || !translation || translation.data === undefined) continue;
    const schema = CONTENT_FILES[name];
    if (!schema.safeParse(english.data).success) continue;
    const contentDir = english.file.slice(0, english.file.length - name.length - 1);
    const englishFile = path.posix.join(path.basename(contentDir), name);
    const found = mirrorProblems({ schema, english: english.data, translation, language, englishFile });
    const result = schema.safeParse(overlay(schema, english.data, translation.data));
    if (result.success) parsed.set(name, localizeLinks(schema, result.data, language));
    else {
      // Only the translation's own texts are its problems; the rest are the English file's, reported there.
      const own = result.error.issues.filter((issue) => isTranslatedAt(schema, translation.data, issue.path));
      found.push(...fileProblems(own, translation, schema));
    }
    problems.push(...found.slice(0, MAX_PROBLEMS_PER_FILE));
    if (found.length > MAX_PROBLEMS_PER_FILE) problems.push(tooManyProblems(translation.file, found.length, MAX_PROBLEMS_PER_FILE));
  }
  const complete = (Object.keys(CONTENT_FILES) as ContentFile[]).every((name) => parsed.has(name));
  return { language, problems, site: problems.length === 0 && complete ? assemble(parsed) : undefined };
}
