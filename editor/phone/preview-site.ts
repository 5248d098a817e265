/**
 * The site the phone's texts make, for its preview: the stages `site check` runs from the content
 * folder (load's parse, the facts, the schemas, each translation), run here on the texts the phone
 * holds, by name in the content folder (services.yaml, ml/pages/home.yaml). No file system: photos
 * are not looked at (their bytes are not on the phone), so the site comes back with its photos'
 * names only, as content names them.
 */
import { findFactsOutsideTexts, findUnknownFacts } from '../../generator/check/fact-names.js';
import { contentFacts } from '../../generator/check/fact-values.js';
import { MEMORY_CONTENT } from '../../generator/check/in-memory.js';
import { validateContent } from '../../generator/check/validate.js';
import { TRANSLATIONS } from '../../generator/contract/languages.js';
import type { LoadedFile, LoadedRecord, RECORD_FILE } from '../../generator/load/load.js';
import { MAX_ALIAS_COUNT, parseFile, parseOnce } from '../../generator/load/parse.js';
import { sortProblems } from '../../generator/problems/order.js';
import type { Problem } from '../../generator/problems/problem.js';
import { CONTENT_FILES, type ContentFile, type Site } from '../../generator/schema/index.js';
import { validateTranslation } from '../../generator/translations/validate.js';

/** load.ts's name for a translation's record (the type holds the two equal); load.ts itself reads the disk. */
const RECORD: typeof RECORD_FILE = 'translated-from.yaml';

export type PreviewSite = { site: Site } | { problems: Problem[] };

/** The site with its translations, or the problems that keep it from being drawn (each file named `content/<name>`). */
export function siteFromTexts(texts: ReadonlyMap<string, string>, now: Date): PreviewSite {
  const problems: Problem[] = [];
  const files: LoadedFile[] = [];
  // A translation is published when its folder holds any file, as load.ts decides from the folder.
  const languages = TRANSLATIONS.filter((language) => [...texts.keys()].some((name) => name.startsWith(`${language.folder}/`)));
  for (const language of [undefined, ...languages]) {
    for (const name of Object.keys(CONTENT_FILES) as ContentFile[]) {
      const rel = language ? `${language.folder}/${name}` : name;
      const text = texts.get(rel);
      if (text === undefined) {
        // A missing translation file shows its English texts; a missing English file stops the site.
        if (!language)
          problems.push({ code: 'file-missing', file: `${MEMORY_CONTENT}/${rel}`, path: '', message: `The file ${rel} is missing.` });
        continue;
      }
      const loaded = parseFile(name, `${MEMORY_CONTENT}/${rel}`, text, problems, rel);
      if (language) loaded.language = language;
      files.push(loaded);
    }
  }
  const facts = contentFacts(files, now);
  const validated = validateContent(files, facts.english);
  problems.push(...validated.problems, ...findUnknownFacts(files), ...findFactsOutsideTexts(files), ...facts.problems);
  const translated = languages.map((language) =>
    validateTranslation(files, language, recordOf(texts, language), validated.matching, {
      english: facts.english,
      own: facts.languages.get(language.folder) ?? facts.english,
    }),
  );
  problems.push(...translated.flatMap((translation) => translation.problems));
  if (problems.length > 0 || !validated.site || !translated.every((translation) => translation.site))
    return { problems: sortProblems(problems) };
  return {
    site: {
      ...validated.site,
      translations: translated.map((translation) => ({
        language: translation.language,
        site: translation.site!,
        inEnglish: translation.inEnglish,
      })),
    },
  };
}

/** A translation's record of the English it was made from, parsed as load.ts parses it; none when the folder keeps none. */
function recordOf(texts: ReadonlyMap<string, string>, language: (typeof TRANSLATIONS)[number]): LoadedRecord | undefined {
  const rel = `${language.folder}/${RECORD}`;
  const source = texts.get(rel);
  if (source === undefined) return undefined;
  const file = `${MEMORY_CONTENT}/${rel}`;
  const { lineCounter, syntax } = parseOnce(file, source);
  const record: LoadedRecord = { language, file, source, doc: syntax.doc, lineCounter };
  if (syntax.problems.length === 0) {
    try {
      record.data = syntax.doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {};
    } catch {
      record.data = undefined;
    }
  }
  return record;
}
