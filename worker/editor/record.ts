/**
 * A translation's record (ml/translated-from.yaml) on the phone: which names are records, kept
 * beside the files the phone saves, and the record a translation's save writes, as site dev's
 * save writes it.
 */
import { acceptedPaths, changedSince, pathKey } from '../../generator/editor/content/accepted-paths.js';
import { parsed } from '../../generator/editor/content/file-text.js';
import type { EditableFile } from '../../generator/editor/content/files.js';
import { TRANSLATIONS, type Language } from '../../generator/contract/languages.js';
import { acceptTranslations } from '../../generator/translations/accept.js';
import { MEMORY_CONTENT, memoryRecord, validateTexts } from '../../generator/translations/in-memory.js';
import { readRecord, recordText } from '../../generator/translations/record.js';
import { RECORD_FILE } from '../../generator/contract/file-names.js';

/** Whether `name` is a translation's record (ml/translated-from.yaml), which the phone keeps beside the files it saves. */
export function isRecordFile(name: string): boolean {
  return TRANSLATIONS.some((language) => name === recordFile(language));
}

/** The record of `language`, by its name in the content folder. */
export function recordFile(language: Pick<Language, 'folder'>): string {
  return `${language.folder}/${RECORD_FILE}`;
}

/**
 * The record after a translation file is saved, as site dev's save writes it: the English of each
 * text the save changed or filled in for the first time, and of those the request marks, recorded
 * as it is now; undefined when the record has a mistake (the check reports it) or nothing changed.
 * `texts` holds the file as saved, `before` its text before.
 */
export function recordAfterSave(
  texts: ReadonlyMap<string, string>,
  file: EditableFile,
  before: string | undefined,
  body: Record<string, unknown>,
): { file: string; text: string } | undefined {
  const language = file.language;
  if (!language) return undefined;
  const loaded = memoryRecord(texts, language);
  const { record, problems } = readRecord(loaded);
  if (problems.length > 0) return undefined;
  const own = `${MEMORY_CONTENT}/${file.rel}`;
  const was = before === undefined ? undefined : parsed(before);
  const value = parsed(texts.get(file.rel) ?? '');
  const marked = acceptedPaths(body);
  const result = acceptTranslations({
    files: validateTexts(texts, new Date()).files,
    language,
    record,
    choose: (text, translation) => translation.file === own && (changedSince(was, value, text) || marked.has(pathKey(text.path))),
    unrecorded: true,
    previous: was === undefined ? undefined : { file: own, data: was },
  });
  const text = recordText(result.record, loaded?.source, language);
  return text === loaded?.source ? undefined : { file: recordFile(language), text };
}
