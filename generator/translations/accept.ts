import type { Language } from '../contract/languages.js';
import type { LoadedFile } from '../load/load.js';
import { locateValue } from '../problems/locate.js';
import { CONTENT_FILES, type ContentFile } from '../schema/index.js';
import { pairerOf } from './pairs.js';
import { rekeyed } from './rekey.js';
import { translatedTexts, type SourceRecord, type TranslatedText } from './sources.js';

/**
 * Marking translations reviewed: the record with the English of the chosen texts set to the
 * English as it is now. Each translated file's block is laid out again in the order of its texts;
 * a line for a text the file no longer gives goes, and a text neither chosen nor recorded stays
 * unrecorded. Files that cannot be read as they are (an English or a translation file with a
 * mistake) keep their block as it was.
 */
export interface AcceptInput {
  files: readonly LoadedFile[];
  language: Language;
  record: SourceRecord | undefined;
  /** Whether this text of this translation file is to be marked reviewed. */
  choose: (text: TranslatedText, translation: LoadedFile) => boolean;
  /** Record, too, every text with no record yet: a translator who saves a file has seen them. */
  unrecorded?: boolean;
  /** A translation file as it was before the save being recorded (its absolute path and data): its recorded texts follow their items to where they are now. */
  previous?: { file: string; data: unknown };
}

export interface Accepted {
  record: Map<string, Map<string, string>>;
  /** The texts chosen, by translation file (ml/services.yaml). */
  accepted: Map<string, TranslatedText[]>;
  /** Of those, the ones whose recorded English was another. */
  changed: number;
}

export function acceptTranslations({ files, language, record, choose, unrecorded = false, previous }: AcceptInput): Accepted {
  const next = new Map<string, Map<string, string>>(
    [...(record ?? new Map<string, ReadonlyMap<string, string>>())].map(([name, texts]) => [name, new Map(texts)]),
  );
  const accepted = new Map<string, TranslatedText[]>();
  let changed = 0;
  for (const name of Object.keys(CONTENT_FILES) as ContentFile[]) {
    const english = files.find((file) => file.name === name && !file.language);
    const translation = files.find((file) => file.name === name && file.language === language);
    if (!english?.data || !translation?.data || !CONTENT_FILES[name].safeParse(english.data).success) continue;
    const recorded = next.get(name);
    const before =
      previous && previous.file === translation.file
        ? rekeyed(CONTENT_FILES[name], previous.data, translation.data, recorded ?? new Map())
        : recorded;
    const block = new Map<string, string>();
    const chosen: TranslatedText[] = [];
    // Paired as the check pairs them, by the record as it was, so each text is recorded for the English it shows with.
    for (const text of translatedTexts(CONTENT_FILES[name], english.data, translation.data, pairerOf(before))) {
      const was = before?.get(text.key);
      if (choose(text, translation) || (unrecorded && was === undefined)) {
        chosen.push(text);
        if (was !== undefined && was !== text.english) changed++;
        block.set(text.key, text.english);
      } else if (was !== undefined) {
        block.set(text.key, was);
      }
    }
    next.set(name, block);
    accepted.set(`${language.folder}/${name}`, chosen);
  }
  return { record: next, accepted, changed };
}

/** Chooses the texts whose value starts on `line` (and at `column`, when given) of their file. */
export function onLine(line: number, column?: number): (text: TranslatedText, translation: LoadedFile) => boolean {
  return (text, { doc, lineCounter, source }) => {
    const at = locateValue(doc, lineCounter, source, text.path);
    return at.line === line && (column === undefined || at.column === column);
  };
}
