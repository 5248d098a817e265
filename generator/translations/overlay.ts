import type { z } from 'zod';
import { formatPath, type PathSegment } from '../problems/locate.js';
import { isTranslatableLeaf, shapeOf } from '../schema/derived/translation-schema.js';
import { isBlank, textPaths } from './fallback.js';
import { byIdOrPlace, placeIn, type Pairer } from './pairs.js';

type Schema = z.core.$ZodType;
type Data = Record<string, unknown>;

const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A translated file's data: the English data with each translated text laid over its English
 * one. Everything else (prices, phones, ids, links) stays English, so the result has the English
 * file's shape and passes through the English schema. A text the translation lacks (absent,
 * blank, or in a list item it does not have yet) stays English too, and its path is added to
 * `fallbacks`; translated items beyond the English list have nothing to stand for and are dropped.
 * A translated text whose English changed since it was made (`outdated`, by its place in the
 * translation file) stays English the same way: the translation may say what the English no longer
 * does, so it waits for its review, as gettext leaves out a fuzzy entry. `pair` pairs list items as
 * the file's record says (pairs.ts).
 */
export function overlay(
  schema: Schema,
  english: unknown,
  translated: unknown,
  fallbacks: PathSegment[][] = [],
  how: Partial<Omit<Laying, 'fallbacks'>> = {},
): unknown {
  return lay(schema, english, translated, { fallbacks, pair: how.pair ?? byIdOrPlace, outdated: how.outdated ?? new Set() }, [], '');
}

interface Laying {
  fallbacks: PathSegment[][];
  pair: Pairer;
  outdated: ReadonlySet<string>;
}

/** `path` is the place in the English data (English list places), `place` the translation file's own, as the record names it. */
function lay(schema: Schema, english: unknown, translated: unknown, laying: Laying, path: PathSegment[], place: string): unknown {
  const { fallbacks } = laying;
  const shape = shapeOf(schema);
  if (shape.kind === 'leaf') {
    if (!isTranslatableLeaf(schema)) return english;
    if (!isBlank(translated) && !laying.outdated.has(place)) return translated;
    textPaths(schema, english, path, fallbacks);
    return english;
  }
  if (shape.kind === 'array') {
    if (!Array.isArray(english)) return english;
    if (!Array.isArray(translated)) {
      textPaths(schema, english, path, fallbacks);
      return english;
    }
    const { translationOf } = laying.pair(english, translated, place);
    return english.map((item: unknown, i) => {
      const at = translationOf[i];
      return lay(
        shape.element,
        item,
        at === undefined ? undefined : translated[at],
        laying,
        [...path, i],
        at === undefined ? place : placeIn(place, at, translated),
      );
    });
  }
  if (!isData(english)) return english;
  if (!isData(translated)) {
    textPaths(schema, english, path, fallbacks);
    return english;
  }
  const result: Data = { ...english };
  for (const [key, field] of Object.entries(shape.fields)) {
    if (Object.hasOwn(english, key))
      result[key] = lay(field, english[key], translated[key], laying, [...path, key], placeIn(place, key, translated));
  }
  return result;
}

/**
 * Where the value at `path` of the translated data (English list places) was written in the
 * translation file (its own list places), when it is one of the translation's own texts; undefined
 * when it is English left in place, whose problems are the English file's.
 */
export function translationPath(
  schema: Schema,
  english: unknown,
  translated: unknown,
  path: readonly PropertyKey[],
  how: Partial<Omit<Laying, 'fallbacks'>> = {},
): PathSegment[] | undefined {
  const pair = how.pair ?? byIdOrPlace;
  let current: Schema = schema;
  let source = english;
  let value = translated;
  const own: PathSegment[] = [];
  for (const segment of path) {
    const shape = shapeOf(current);
    if (shape.kind === 'object' && typeof segment === 'string' && isData(value) && shape.fields[segment] && Object.hasOwn(value, segment)) {
      current = shape.fields[segment]!;
      source = isData(source) ? source[segment] : undefined;
      value = value[segment];
      own.push(segment);
    } else if (shape.kind === 'array' && typeof segment === 'number' && Array.isArray(value) && Array.isArray(source)) {
      const at = pair(source, value, formatPath(own, translated)).translationOf[segment];
      if (at === undefined) return undefined;
      current = shape.element;
      source = source[segment];
      value = value[at];
      own.push(at);
    } else {
      return undefined;
    }
  }
  const shown = !isBlank(value) && !how.outdated?.has(formatPath(own, translated));
  return shapeOf(current).kind === 'leaf' && isTranslatableLeaf(current) && shown ? own : undefined;
}
