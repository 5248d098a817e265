import { Document, isScalar, parseDocument } from 'yaml';
import { settlePlaceholders } from '../../check/placeholders.js';
import { translationSchema } from '../../schema/derived/translation-schema.js';
import { shapeAt } from '../../schema/derived/walk.js';
import { CONTENT_FILES } from '../../schema/index.js';
import { changedLines } from './compare.js';
import type { EditableFile } from './files.js';
import { saveYaml, type SaveOptions } from './yaml-save.js';

/**
 * A content file's text and the value the form edits, both ways, without the file system: the
 * local editor's workspace and the Worker's editor write a value into a file's text the same way.
 */

/** Problems that leave a file without a tree to show as a form. */
export const UNREADABLE: ReadonlySet<string> = new Set(['yaml-syntax', 'not-a-mapping', 'too-complex', 'not-utf8']);

/**
 * The text of file `rel` holding `value`: the file's own text changed where it differs, or, for a
 * file not there yet, new YAML under `header` (the line that names its schema, as the shipped files start).
 */
export function textFor(
  file: EditableFile,
  source: string | undefined,
  value: unknown,
  numbers: TypedNumbers = new Map(),
  header = '',
): string {
  const fresh = () => `${header ? `${header}\n\n` : ''}${new Document(value).toString({ lineWidth: 0 })}`;
  if (source === undefined) return fresh();
  try {
    return saveYaml(source, value, saveOptions(file, numbers)).text;
  } catch {
    // A file that does not parse cannot be changed in place; the value is checked as written anew.
    return fresh();
  }
}

/** The new text of a file without the PLACEHOLDER notes of the samples it replaces. */
export function settled(source: string, proposed: string): { text: string; changedLines: number } {
  const text = settlePlaceholders(source, proposed);
  return { text, changedLines: changedLines(source, text) };
}

/** New keys go where the file's schema lists them. */
export function saveOptions(file: EditableFile, numbers: TypedNumbers = new Map()): SaveOptions {
  const schema = schemaOf(file);
  return { keyOrder: (at) => Object.keys(shapeAt(schema, at) ?? {}), numberText: (at) => numbers.get(JSON.stringify(at)) };
}

/** Numbers as the operator typed them, by their path (as JSON): the editor sends them beside the value. */
export type TypedNumbers = ReadonlyMap<string, string>;

/** The typed numbers of a request, `[[path, text], …]`; anything else is none. */
export function typedNumbers(numbers: unknown): TypedNumbers {
  if (!Array.isArray(numbers)) return new Map();
  return new Map(
    numbers.flatMap((entry) =>
      Array.isArray(entry) && Array.isArray(entry[0]) && typeof entry[1] === 'string' && entry[1].length <= 40
        ? [[JSON.stringify(entry[0]), entry[1]] as const]
        : [],
    ),
  );
}

export function schemaOf(file: EditableFile) {
  const schema = CONTENT_FILES[file.name];
  return file.language ? (translationSchema(schema) ?? schema) : schema;
}

/** A new file's text, every line of it new. */
export function created(text: string): { text: string; changedLines: number } {
  return { text, changedLines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) };
}

/** The numbers a file writes in other digits than their value reads (11.25880), with their paths: the form shows them so. */
export function writtenNumbers(text: string): [(string | number)[], string][] {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return [];
  const found: [(string | number)[], string][] = [];
  const visit = (value: unknown, at: (string | number)[]) => {
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...at, index]));
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, [...at, key]);
    else if (typeof value === 'number') {
      const node = doc.getIn(at, true);
      if (isScalar(node) && typeof node.source === 'string' && node.source !== String(value)) found.push([at, node.source]);
    }
  };
  visit(doc.toJS({ maxAliasCount: 50 }), []);
  return found;
}

export function parsed(text: string): unknown {
  const doc = parseDocument(text);
  return doc.errors.length > 0 ? undefined : doc.toJS({ maxAliasCount: 50 });
}
