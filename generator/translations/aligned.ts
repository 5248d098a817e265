import { parse } from 'yaml';
import type { z } from 'zod';
import { shapeOf } from '../schema/derived/translation-schema.js';
import { CONTENT_FILES, type ContentFile } from '../schema/index.js';
import { pairerOf, placeIn, type Pairer } from './pairs.js';

type Schema = z.core.$ZodType;

const isData = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The English file's data laid out as its translation is, for the editor to show beside each
 * translated field the English at the same place: in every list, at each translated item's place
 * the English item the site pairs it with (pairs.ts, the record included; null where it translates
 * none), then the English items not translated yet, in their order. `recordText` is the language's
 * record file as written; one that cannot be read pairs as a folder without a record does.
 */
export function alignedEnglish(name: string, english: unknown, translated: unknown, recordText: string | undefined): unknown {
  if (!Object.hasOwn(CONTENT_FILES, name)) return english;
  return align(CONTENT_FILES[name as ContentFile], english, translated, '', pairerOf(recordBlock(recordText, name)));
}

function recordBlock(text: string | undefined, name: string): Map<string, string> | undefined {
  let data: unknown;
  try {
    data = text === undefined ? undefined : parse(text);
  } catch {
    return undefined;
  }
  const block = isData(data) ? data[name] : undefined;
  if (!isData(block)) return undefined;
  return new Map(Object.entries(block).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value] as const] : [])));
}

function align(schema: Schema, english: unknown, translated: unknown, place: string, pair: Pairer): unknown {
  const shape = shapeOf(schema);
  if (shape.kind === 'leaf') return english;
  if (shape.kind === 'array') {
    if (!Array.isArray(english) || !Array.isArray(translated)) return english;
    const { translationOf } = pair(english, translated, place);
    const shown = translated.map((item: unknown, own) => {
      const at = translationOf.indexOf(own);
      return at < 0 ? null : align(shape.element, english[at], item, placeIn(place, own, translated), pair);
    });
    return [...shown, ...english.filter((_, at) => translationOf[at] === undefined)];
  }
  if (!isData(english) || !isData(translated)) return english;
  const out: Record<string, unknown> = { ...english };
  for (const [key, field] of Object.entries(shape.fields)) {
    if (Object.hasOwn(english, key) && Object.hasOwn(translated, key))
      out[key] = align(field, english[key], translated[key], placeIn(place, key, translated), pair);
  }
  return out;
}
