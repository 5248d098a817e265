import type { z } from 'zod';
import type { PathSegment } from '../problems/locate.js';
import { isTranslatableLeaf, shapeOf } from '../schema/derived/translation-schema.js';
import { isBlank, textPaths } from './fallback.js';
import { pairItems } from './pairs.js';

type Schema = z.core.$ZodType;
type Data = Record<string, unknown>;

const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A translated file's data: the English data with each translated text laid over its English
 * one. Everything else (prices, phones, ids, links) stays English, so the result has the English
 * file's shape and passes through the English schema. A text the translation lacks (absent,
 * blank, or in a list item it does not have yet) stays English too, and its path is added to
 * `fallbacks`; translated items beyond the English list have nothing to stand for and are dropped.
 */
export function overlay(schema: Schema, english: unknown, translated: unknown, fallbacks: PathSegment[][] = [], path: PathSegment[] = []): unknown {
  const shape = shapeOf(schema);
  if (shape.kind === 'leaf') {
    if (!isTranslatableLeaf(schema)) return english;
    if (!isBlank(translated)) return translated;
    textPaths(schema, english, path, fallbacks);
    return english;
  }
  if (shape.kind === 'array') {
    if (!Array.isArray(english)) return english;
    if (!Array.isArray(translated)) {
      textPaths(schema, english, path, fallbacks);
      return english;
    }
    const { translationOf } = pairItems(english, translated);
    return english.map((item: unknown, i) => {
      const at = translationOf[i];
      return overlay(shape.element, item, at === undefined ? undefined : translated[at], fallbacks, [...path, i]);
    });
  }
  if (!isData(english)) return english;
  if (!isData(translated)) {
    textPaths(schema, english, path, fallbacks);
    return english;
  }
  const result: Data = { ...english };
  for (const [key, field] of Object.entries(shape.fields)) {
    if (Object.hasOwn(english, key)) result[key] = overlay(field, english[key], translated[key], fallbacks, [...path, key]);
  }
  return result;
}

/**
 * Where the value at `path` of the translated data (English list places) was written in the
 * translation file (its own list places), when it is one of the translation's own texts; undefined
 * when it is English left in place, whose problems are the English file's.
 */
export function translationPath(schema: Schema, english: unknown, translated: unknown, path: readonly PropertyKey[]): PathSegment[] | undefined {
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
      const at = pairItems(source, value).translationOf[segment];
      if (at === undefined) return undefined;
      current = shape.element;
      source = source[segment];
      value = value[at];
      own.push(at);
    } else {
      return undefined;
    }
  }
  return shapeOf(current).kind === 'leaf' && isTranslatableLeaf(current) ? own : undefined;
}
