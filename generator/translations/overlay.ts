import type { z } from 'zod';
import type { PathSegment } from '../locate.js';
import { isTranslatableLeaf, shapeOf } from './derive.js';
import { isBlank, textPaths } from './fallback.js';

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
    return english.map((item: unknown, i) => overlay(shape.element, item, translated[i], fallbacks, [...path, i]));
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

/** Whether the value at `path` in a translated file's data is one of its own texts (not English left in place). */
export function isTranslatedAt(schema: Schema, translated: unknown, path: readonly PropertyKey[]): boolean {
  let current: Schema = schema;
  let value = translated;
  for (const segment of path) {
    const shape = shapeOf(current);
    if (shape.kind === 'object' && typeof segment === 'string' && isData(value) && shape.fields[segment] && Object.hasOwn(value, segment)) {
      current = shape.fields[segment]!;
      value = value[segment];
    } else if (shape.kind === 'array' && typeof segment === 'number' && Array.isArray(value) && segment < value.length) {
      current = shape.element;
      value = value[segment];
    } else {
      return false;
    }
  }
  return shapeOf(current).kind === 'leaf' && isTranslatableLeaf(current);
}
