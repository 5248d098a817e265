import { lastName } from '../contract/file-names.js';
import type { LoadedFile, LoadedRecord } from '../load/load.js';
import { MAX_PROBLEMS_PER_FILE, tooManyProblems, type Problem } from '../problems/problem.js';
import { CONTENT_FILES, type ContentFile, type Site } from '../schema/index.js';
import { assemble, fileProblems, SITE_PLACE } from '../check/validate.js';
import type { Language } from '../contract/languages.js';
import { localizeLinks } from './links.js';
import { mirrorProblems } from './mirror.js';
import { overlay, translationPath } from './overlay.js';
import type { PathSegment } from '../problems/locate.js';
import { ownFacts } from './own-facts.js';
import { pairerOf } from './pairs.js';
import { readRecord } from './record.js';
import { fillFacts, fillTexts, type Facts } from '../schema/facts.js';
import { outdatedTexts, outdatedWarning, translatedTexts, unrecordedTexts, type OutdatedText } from './sources.js';

export interface TranslationResult {
  language: Language;
  /** The site in this language; present when no translation file has an error (missing texts show in English). */
  site?: Site;
  /** Paths into `site` of the texts it holds in English, for lack of a translation or because their English changed since. */
  inEnglish: PathSegment[][];
  problems: Problem[];
  /** Texts not translated yet, and translated texts with no English left to translate. */
  warnings: Problem[];
  /** How many texts each translation file lacks (shown in English), by its name in the content folder (ml/services.yaml). */
  untranslated: Map<string, number>;
  /** The translated texts whose English changed since they were written, by file as `untranslated`. */
  outdated: Map<string, OutdatedText[]>;
  /** How many translated texts have no record of their English, by file; empty when the folder keeps no record. */
  unrecorded: Map<string, number>;
}

/**
 * Checks one language's translation files against their English files and builds the translated
 * site: the English data with the translated texts laid over it, validated by the English schemas,
 * so a translated text obeys the same rules (and gets the same messages) as the English one.
 * A text not translated yet is a warning and shows in English, marked as such (fallback.ts), and so
 * does a translated text whose English changed since it was translated; a translation file missing altogether shows all of its English file so (load.ts warns about it).
 * `englishMatching` names the English files that match their schema (validateContent found them).
 * `facts` are filled into the texts before they are checked, so a text's length is the one shown.
 */
export function validateTranslation(
  files: readonly LoadedFile[],
  language: Language,
  loadedRecord: LoadedRecord | undefined,
  englishMatching: ReadonlySet<ContentFile>,
  facts?: { english: Facts; own: Facts },
): TranslationResult {
  const { record, problems } = readRecord(loadedRecord);
  // A translation names facts in its own words only while those translate the English as it is now.
  const filled = facts && { english: facts.english, own: ownFacts(files, language, record, facts) };
  const warnings: Problem[] = [];
  const untranslated = new Map<string, number>();
  const outdated = new Map<string, OutdatedText[]>();
  const unrecorded = new Map<string, number>();
  const parsed = new Map<ContentFile, unknown>();
  const inEnglish: PathSegment[][] = [];
  for (const name of Object.keys(CONTENT_FILES) as ContentFile[]) {
    const english = files.find((file) => file.name === name && !file.language);
    const translation = files.find((file) => file.name === name && file.language === language);
    // A missing or unreadable English file is reported by load. A translation is held against its
    // English file only once that is valid: one English mistake must not echo in every language.
    if (!english || english.data === undefined || (translation && translation.data === undefined)) continue;
    if (!englishMatching.has(name)) continue;
    const schema = CONTENT_FILES[name];
    const contentDir = english.file.slice(0, english.file.length - name.length - 1);
    const folder = lastName(contentDir);
    const englishFile = [folder, name].filter(Boolean).join('/');
    const pair = pairerOf(record?.get(name));
    const found = translation ? mirrorProblems({ schema, english: english.data, translation, language, englishFile, pair }) : [];
    let changed: OutdatedText[] = [];
    if (translation) {
      const texts = translatedTexts(schema, english.data, translation.data, pair);
      changed = outdatedTexts(texts, record?.get(name));
      outdated.set(`${language.folder}/${name}`, changed);
      if (record) unrecorded.set(`${language.folder}/${name}`, unrecordedTexts(texts, record.get(name)).length);
      const shown = [folder, language.folder, name].filter(Boolean).join('/');
      found.push(...changed.map((text) => outdatedWarning(translation, text, shown)));
    }
    // A translation older than its English shows that English until it is reviewed, as a missing one does.
    const how = { pair, outdated: new Set(changed.map((text) => text.place)) };
    const fallbacks: PathSegment[][] = [];
    // Texts are checked as shown: the English ones with the English facts, the translated ones with their own.
    const shown = (data: unknown, of: Facts | undefined) => (of ? fillTexts(schema, data, (text) => fillFacts(text, of)) : data);
    const result = schema.safeParse(
      overlay(schema, shown(english.data, filled?.english), shown(translation?.data, filled?.own), fallbacks, how),
      { reportInput: true },
    );
    // Each outdated text is one of the fallbacks, counted apart.
    untranslated.set(`${language.folder}/${name}`, fallbacks.length - changed.length);
    if (result.success) {
      parsed.set(name, localizeLinks(schema, result.data, language));
      inEnglish.push(...fallbacks.map((at) => [...SITE_PLACE[name], ...at]));
    } else if (translation) {
      // Only the translation's own texts are its problems; the rest are the English file's, reported there.
      const own = result.error.issues.flatMap((issue) => {
        const at = translationPath(schema, english.data, translation.data, issue.path, how);
        return at ? [{ ...issue, path: at }] : [];
      });
      found.push(...fileProblems(own, translation, schema));
    }
    const errors = found.filter((problem) => problem.severity !== 'warning');
    const notes = found.filter((problem) => problem.severity === 'warning');
    problems.push(...errors.slice(0, MAX_PROBLEMS_PER_FILE));
    warnings.push(...notes.slice(0, MAX_PROBLEMS_PER_FILE));
    if (errors.length > MAX_PROBLEMS_PER_FILE) problems.push(tooManyProblems(translation!.file, errors.length, MAX_PROBLEMS_PER_FILE));
    if (notes.length > MAX_PROBLEMS_PER_FILE) {
      warnings.push({
        ...tooManyProblems(translation!.file, notes.length, MAX_PROBLEMS_PER_FILE),
        severity: 'warning',
        more: 'missing-translation',
        message: `This file has ${notes.length} translation warnings; only the first ${MAX_PROBLEMS_PER_FILE} are shown, so the list stays readable.`,
        hint: 'translate these, then check again to see the rest',
      });
    }
  }
  const complete = (Object.keys(CONTENT_FILES) as ContentFile[]).every((name) => parsed.has(name));
  return {
    language,
    problems,
    warnings,
    untranslated,
    outdated,
    unrecorded,
    inEnglish,
    site: problems.length === 0 && complete ? assemble(parsed) : undefined,
  };
}
