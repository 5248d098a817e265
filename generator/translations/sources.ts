import type { z } from 'zod';
import type { LoadedFile } from '../load/load.js';
import { locateValue, type PathSegment } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import { isTranslatableLeaf, shapeOf } from '../schema/derived/translation-schema.js';
import { isBlank } from './fallback.js';
import { byIdOrPlace, placeIn, sameText, type Pairer } from './pairs.js';

/**
 * Which English each translated text was made from. A translation folder keeps, beside its files,
 * one record (load.ts RECORD_FILE, translated-from.yaml): for each translated text, the English text as it was when
 * the translation was written or last reviewed. When the English text is no longer that, the
 * translation may say something the English no longer does, and the check says so.
 */

type Schema = z.core.$ZodType;
type Data = Record<string, unknown>;

/** For each translated file by its English name (services.yaml), the English of each text by its key. */
export type SourceRecord = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** One text a translation gives: where it is, and the English it stands for now. */
export interface TranslatedText {
  /**
   * Its key in the record: its place in the translation file, list items named by their id where
   * they have one (services[office].title) and else counted from 1 (steps[2]). Pairing finds an item
   * without an id by the English recorded under its key, so a reordered English list keeps the keys.
   */
  key: string;
  /** Its place in the translation file's own data (its own list places). */
  path: PathSegment[];
  /** That place as problems name it (services[office].title). */
  place: string;
  /** The English text it translates, as the English file has it now. */
  english: string;
}

/** A translated text whose English changed since its translation was recorded. */
export interface OutdatedText extends TranslatedText {
  /** The English as it was when the translation was written. */
  was: string;
}

const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every text the translation gives for an English text (blank ones are not translations yet), in
 * file order. `pair` pairs list items (pairs.ts): with the file's record, so items without an id
 * are found by the English they were made from.
 */
export function translatedTexts(schema: Schema, english: unknown, translated: unknown, pair: Pairer = byIdOrPlace): TranslatedText[] {
  const out: TranslatedText[] = [];
  walk(schema, english, translated, '', [], pair, out);
  return out;
}

function walk(
  schema: Schema,
  english: unknown,
  translated: unknown,
  place: string,
  path: PathSegment[],
  pair: Pairer,
  out: TranslatedText[],
): void {
  const shape = shapeOf(schema);
  if (shape.kind === 'leaf') {
    if (isTranslatableLeaf(schema) && typeof english === 'string' && !isBlank(translated)) out.push({ key: place, path, place, english });
    return;
  }
  if (shape.kind === 'array') {
    if (!Array.isArray(english) || !Array.isArray(translated)) return;
    pair(english, translated, place).translationOf.forEach((own, i) => {
      if (own === undefined) return;
      walk(shape.element, english[i], translated[own], placeIn(place, own, translated), [...path, own], pair, out);
    });
    return;
  }
  if (!isData(english) || !isData(translated)) return;
  for (const [key, fieldSchema] of Object.entries(shape.fields)) {
    if (Object.hasOwn(english, key) && Object.hasOwn(translated, key)) {
      walk(fieldSchema, english[key], translated[key], placeIn(place, key, translated), [...path, key], pair, out);
    }
  }
}

/**
 * The texts whose English is no longer the one recorded. A text with no record (written before
 * the record was kept, or by hand since) has nothing to compare with, so it is taken as it is.
 */
export function outdatedTexts(texts: readonly TranslatedText[], recorded: ReadonlyMap<string, string> | undefined): OutdatedText[] {
  if (!recorded) return [];
  return texts.flatMap((text) => {
    const was = recorded.get(text.key);
    return was !== undefined && !sameText(was, text.english) ? [{ ...text, was }] : [];
  });
}

/** The texts of `texts` that have no record yet. */
export function unrecordedTexts(texts: readonly TranslatedText[], recorded: ReadonlyMap<string, string> | undefined): TranslatedText[] {
  return texts.filter((text) => recorded?.get(text.key) === undefined);
}

/**
 * The old and the new English as a person compares them: whole when short, else the stretch that
 * changed with a few words either side, so two long texts that differ in one word do not quote alike.
 */
export function changeQuotes(was: string, now: string): [string, string] {
  const a = was.replace(/\s+/g, ' ').trim();
  const b = now.replace(/\s+/g, ' ').trim();
  if (a.length <= SHORT && b.length <= SHORT) return [`"${a}"`, `"${b}"`];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const from = wordStart(a, Math.max(0, start - CONTEXT));
  const cut = (text: string) => {
    const to = wordEnd(text, Math.min(text.length, text.length - end + CONTEXT));
    const middle = text.slice(from, to).trim();
    const shown = middle.length > LONGEST ? `${middle.slice(0, LONGEST - 1).trimEnd()}…` : middle;
    return `"${from > 0 ? '…' : ''}${shown}${to < text.length && !shown.endsWith('…') ? '…' : ''}"`;
  };
  return [cut(a), cut(b)];
}

const SHORT = 80;
const CONTEXT = 24;
const LONGEST = 120;

function wordStart(text: string, at: number): number {
  if (at === 0) return 0;
  const space = text.lastIndexOf(' ', at);
  return space < 0 ? 0 : space + 1;
}

function wordEnd(text: string, at: number): number {
  const space = text.indexOf(' ', at);
  return space < 0 ? text.length : space;
}

/**
 * The warning for a translated text whose English changed: at the translated text, quoting the
 * English it was made from and the English now, and saying how to mark it reviewed.
 */
export function outdatedWarning(translation: LoadedFile, text: OutdatedText, shownFile: string): Problem {
  const { doc, lineCounter, source } = translation;
  const at = locateValue(doc, lineCounter, source, text.path);
  const [was, now] = changeQuotes(text.was, text.english);
  return {
    code: 'outdated-translation',
    severity: 'warning',
    file: translation.file,
    path: text.place,
    ...at,
    message: `The English changed from ${was} to ${now}; review this translation.`,
    hint: `mend the text if it needs it, then mark it reviewed: save it in the editor, or run "npx site translations --accept ${shownFile}:${at.line}"`,
    editor: {
      message: `{field}: the English changed from ${was} to ${now}; review this translation.`,
      hint: 'mend the text if it needs it and save, or press “Translation still right” at the field',
    },
  };
}
