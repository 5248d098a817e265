/**
 * Translated texts marked as still right on the phone, as site dev's editor marks them: the
 * language's record (ml/translated-from.yaml) written again with the English those texts
 * translate as it is now, and kept on the phone like a saved file until Publish.
 */
import { acceptedPaths, pathKey } from '../../generator/editor/content/accepted-paths.js';
import type { EditableFile } from '../../generator/editor/content/files.js';
import { problemsWith } from '../../generator/editor/content/memory-problems.js';
import { acceptTranslations } from '../../generator/translations/accept.js';
import { MEMORY_CONTENT, memoryRecord, validateTexts } from '../../generator/translations/in-memory.js';
import { readRecord, recordText } from '../../generator/translations/record.js';
import { EditorRefusal, type Working } from './files.js';
import { recordFile } from './record.js';
import { contentTexts } from './snapshot.js';

export async function markReviewed(working: Working, file: EditableFile, body: Record<string, unknown>) {
  const language = file.language;
  const places = acceptedPaths(body);
  if (!language || places.size === 0) throw new EditorRefusal(400, { code: 'editor-not-written' });
  const texts = await contentTexts(working.repository, working.snapshot, working.saved);
  const loaded = memoryRecord(texts, language);
  const { record, problems } = readRecord(loaded);
  if (problems.length > 0) throw new EditorRefusal(422, { code: 'editor-record-broken' });
  const own = `${MEMORY_CONTENT}/${file.rel}`;
  const { files } = validateTexts(texts, new Date());
  const result = acceptTranslations({
    files,
    language,
    record,
    choose: (text, translation) => translation.file === own && places.has(pathKey(text.path)),
  });
  const name = recordFile(language);
  const text = recordText(result.record, loaded?.source, language);
  const { counts, outdated, warnings } = problemsWith(new Map(texts).set(name, text), file);
  return { accepted: result.accepted.get(file.rel)?.length ?? 0, counts, outdated, warnings, record: { file: name, text } };
}
