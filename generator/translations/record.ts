import { Document, isMap, isScalar, type Node } from 'yaml';
import { lastName } from '../contract/file-names.js';
import type { LoadedRecord } from '../load/load.js';
import { locateKey, locateValue } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import { closest } from '../problems/suggest.js';
import { CONTENT_FILES } from '../schema/index.js';
import type { SourceRecord } from './sources.js';

/**
 * The record file (translated-from.yaml) as data and back. It is one block per translated file,
 * each line a text's key and the English it was translated from:
 *
 *     services.yaml:
 *       services[office].title: Office / Commercial Moving
 *
 * The editor and `site translations --accept` write it; a person may too, to say a translation
 * was reviewed (write the new English after its key). Problems in it are located like any content's.
 */

export interface ReadRecord {
  /** Undefined when the folder keeps no record: then nothing is compared. */
  record: SourceRecord | undefined;
  problems: Problem[];
}

export function readRecord(loaded: LoadedRecord | undefined): ReadRecord {
  if (!loaded) return { record: undefined, problems: [] };
  const problems: Problem[] = [];
  const record = new Map<string, Map<string, string>>();
  const rel = `${loaded.language.folder}/${lastName(loaded.file)}`;
  const fix =
    'the editor and "npx site translations --accept" write this file; to start it again, delete it and run "npx site translations --accept ' +
    `content/${loaded.language.folder}"`;
  const contents = loaded.doc.contents as Node | null;
  if (loaded.data === undefined || (contents !== null && !isMap(contents))) {
    if (loaded.data === undefined && loaded.doc.errors.length > 0) return { record: undefined, problems };
    problems.push({
      code: 'translation-record',
      file: loaded.file,
      path: '',
      line: 1,
      column: 1,
      message: `${rel} must hold one block per translated file (e.g. "services.yaml:"), with one line per text under it.`,
      hint: fix,
    });
    return { record: undefined, problems };
  }
  const names = Object.keys(CONTENT_FILES);
  for (const pair of isMap(contents) ? contents.items : []) {
    const name = isScalar(pair.key) ? String(pair.key.value) : '';
    const where = { file: loaded.file, ...locateKey(loaded.doc, loaded.lineCounter, loaded.source, [name]) };
    if (!names.includes(name)) {
      const guess = closest(name, names);
      problems.push({
        ...where,
        code: 'translation-record',
        path: name,
        message: `"${name}" is not a file the site translates, so the English recorded under it is never compared.${guess ? ` Did you mean "${guess}"?` : ''}`,
        hint: guess ? `rename it to "${guess}"` : 'remove this block',
      });
      continue;
    }
    const texts = new Map<string, string>();
    record.set(name, texts);
    const block = pair.value as Node | null;
    if (block === null || (isScalar(block) && block.value === null)) continue;
    if (!isMap(block)) {
      problems.push({
        ...where,
        code: 'translation-record',
        path: name,
        message: `"${name}" must hold one line per text ("key: English text"), indented under it.`,
        hint: fix,
      });
      continue;
    }
    for (const entry of block.items) {
      const key = isScalar(entry.key) ? String(entry.key.value) : '';
      const value = entry.value;
      if (isScalar(value) && value.value !== null && typeof value.value !== 'object') texts.set(key, String(value.value));
      else {
        const at = locateValue(loaded.doc, loaded.lineCounter, loaded.source, [name, key]);
        problems.push({
          file: loaded.file,
          ...at,
          code: 'translation-record',
          path: `${name}.${key}`,
          message: `The English recorded for "${key}" must be a text on the same line.`,
          hint: 'write the English text as it is now after the key, or remove the line so the editor records it again on the next save',
        });
      }
    }
  }
  return { record, problems };
}

/**
 * The text of a record file holding `record`, keeping the comment the old one started with. The
 * files come in the site's order, each text in the order the translation gives them (`order`), so
 * a change of one English text changes one line.
 */
export function recordText(record: SourceRecord, previous: string | undefined, language: { folder: string; englishName: string }): string {
  const doc = new Document({});
  const comment = previous === undefined ? undefined : leadingComment(previous);
  doc.commentBefore = comment ?? defaultComment(language);
  const names = Object.keys(CONTENT_FILES).filter((name) => (record.get(name)?.size ?? 0) > 0);
  const others = [...record.keys()].filter((name) => !names.includes(name) && (record.get(name)?.size ?? 0) > 0);
  const data: Record<string, Record<string, string>> = {};
  for (const name of [...names, ...others]) data[name] = Object.fromEntries(record.get(name)!);
  doc.contents = doc.createNode(data);
  return doc.toString({ lineWidth: 0 });
}

/** The `#` lines a file starts with, without their marks, as yaml keeps a comment. */
function leadingComment(text: string): string | undefined {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const match = /^#(.*)$/.exec(line);
    if (!match) break;
    lines.push(match[1]!);
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

function defaultComment(language: { folder: string; englishName: string }): string {
  return [
    ` The English text each ${language.englishName} text in content/${language.folder}/ was translated from, so that`,
    ' "site check" can say when the English changes after a translation was written. The editor and',
    ` "npx site translations --accept content/${language.folder}/FILE" keep it. To mark a translation as reviewed`,
    ' by hand, write the English text as it is now after its key (README: "The Malayalam pages").',
  ].join('\n');
}
