import type { Language } from '../contract/languages.js';
import { TRANSLATIONS } from '../contract/languages.js';
import type { LoadedFile, LoadedRecord } from '../load/load.js';
import { RECORD_FILE } from '../contract/file-names.js';
import { decodeContent } from '../load/encoding.js';
import { MAX_ALIAS_COUNT, parseFile, parseOnce } from '../load/parse.js';
import { validateTranslation, type TranslationResult } from './validate.js';
import { withTranslationNotes } from './notes.js';
import { sortProblems } from '../problems/order.js';
import type { Problem } from '../problems/problem.js';
import { CONTENT_FILES, type ContentFile } from '../schema/index.js';
import { findCutText } from '../check/comments.js';
import { findContradictions } from '../check/contradictions.js';
import { findFactsOutsideTexts, findUnknownFacts } from '../check/fact-names.js';
import { contentFacts } from '../check/fact-values.js';
import { findPlaceholders } from '../check/placeholders.js';
import { findSampleFigures } from '../check/sample-figures.js';
import { findSampleTexts } from '../check/sample-texts.js';
import { refusedWarnings } from '../check/strict-errors.js';
import { deployRefusing } from '../problems/strictness.js';
import { validateContent } from '../check/validate.js';

/**
 * The content check on texts held in memory (content files by name, services.yaml,
 * pages/home.yaml), with no file system: the browser and the Worker check an owner's change with
 * the same code `site check` runs. Each problem's file is `content/<name>`.
 *
 * It covers every file but the photos (their bytes are not at hand): reading the files, their
 * schemas, the facts their texts name, the placeholders and contradictions, and each translation
 * whose folder holds a file (ml/services.yaml) against its English and its record; under
 * `strict`, the warnings the deploy refuses become problems, worded as `site check --strict`
 * words them.
 */

export const MEMORY_CONTENT = 'content';

export interface MemoryCheck {
  problems: Problem[];
  warnings: Problem[];
  /** Each translation as checked: what each of its files lacks, and the texts whose English changed since. */
  translated: TranslationResult[];
}

/** The content's files read from `texts` and validated, each translation against its English: what the check and the phone's preview start from. */
export interface ValidatedTexts {
  files: LoadedFile[];
  /** Errors of reading, schemas, facts and translations, in the order found. */
  problems: Problem[];
  /** Translation files not there: their pages show the English texts. */
  missing: Problem[];
  validated: ReturnType<typeof validateContent>;
  translated: TranslationResult[];
}

export function validateTexts(texts: ReadonlyMap<string, string | Uint8Array>, now: Date): ValidatedTexts {
  const problems: Problem[] = [];
  const missing: Problem[] = [];
  const files: LoadedFile[] = [];
  // A translation is published when its folder holds any file, as load.ts decides from the folder.
  const languages = TRANSLATIONS.filter((language) => [...texts.keys()].some((name) => name.startsWith(`${language.folder}/`)));
  for (const language of [undefined, ...languages]) {
    for (const name of Object.keys(CONTENT_FILES) as ContentFile[]) {
      const rel = language ? `${language.folder}/${name}` : name;
      const file = `${MEMORY_CONTENT}/${rel}`;
      const held = texts.get(rel);
      if (held === undefined) {
        if (language) missing.push(missingTranslation(name, language));
        else
          problems.push({
            code: 'file-missing',
            file,
            path: '',
            message: `The file ${name} is missing; the site needs it to build.`,
            hint: `put ${name} back as it was in the last published version`,
          });
        continue;
      }
      const decoded = decodeContent(typeof held === 'string' ? new TextEncoder().encode(held) : held, rel);
      if ('problem' in decoded) {
        problems.push({ ...decoded.problem, file });
        continue;
      }
      const loaded = parseFile(name, file, decoded.text, problems, rel);
      if (language) loaded.language = language;
      files.push(loaded);
    }
  }
  const facts = contentFacts(files, now);
  const validated = validateContent(files, facts.english);
  problems.push(...validated.problems, ...findUnknownFacts(files), ...findFactsOutsideTexts(files), ...facts.problems);
  const translated = languages.map((language) =>
    validateTranslation(files, language, memoryRecord(texts, language), validated.matching, {
      english: facts.english,
      own: facts.languages.get(language.folder) ?? facts.english,
    }),
  );
  problems.push(...translated.flatMap((translation) => translation.problems));
  return { files, problems, missing, validated, translated };
}

export function checkTexts(texts: ReadonlyMap<string, string | Uint8Array>, { now = new Date(), strict = false } = {}): MemoryCheck {
  const { files, problems, missing, validated, translated } = validateTexts(texts, now);
  const contradictions = validated.site
    ? findContradictions(
        files,
        validated.writtenSettings ?? validated.site.settings,
        new Map(translated.flatMap((t) => (t.site ? [[t.language.folder, t.site.settings] as const] : []))),
        now,
      )
    : [];
  const warnings = [
    ...findCutText(files),
    ...validated.warnings,
    ...contradictions,
    ...findPlaceholders(files),
    ...missing,
    ...translated.flatMap((translation) => translation.warnings),
  ];
  // The sample's story left under the company's own name: marked at each text, for the owner to
  // write, but never a refusal here, since the deploy publishes such a site closed rather than
  // refusing it (--closed-while-sample), and a publish that mends some of them must go through.
  const samples = [...findSampleTexts(files), ...findSampleFigures(files)];
  const noted = withTranslationNotes(MEMORY_CONTENT, problems);
  if (!strict) return { problems: sortProblems(noted), warnings: sortProblems([...warnings, ...samples]), translated };
  const { errors, kept } = refusedWarnings(warnings, deployRefusing(validated.site?.settings.completeTranslations === true));
  return { problems: sortProblems([...noted, ...errors]), warnings: sortProblems([...kept, ...samples]), translated };
}

/** A translation file not there: its pages show the English file's texts, as load.ts says of a folder on disk. */
function missingTranslation(name: ContentFile, language: Language): Problem {
  const folder = `${MEMORY_CONTENT}/${language.folder}`;
  return {
    code: 'file-missing',
    severity: 'warning',
    file: `${folder}/${name}`,
    path: '',
    message: `The file ${language.folder}/${name} is missing, so the ${language.englishName} pages show every text of ${name} in English.`,
    hint: `copy ${MEMORY_CONTENT}/${name} to ${folder}/${name}, keep only its texts and translate them`,
  };
}

/** A translation's record of the English it was made from, parsed as load.ts parses it; none when the folder keeps none. */
export function memoryRecord(texts: ReadonlyMap<string, string | Uint8Array>, language: Language): LoadedRecord | undefined {
  const rel = `${language.folder}/${RECORD_FILE}`;
  const held = texts.get(rel);
  if (held === undefined) return undefined;
  const source = typeof held === 'string' ? held : new TextDecoder().decode(held);
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
