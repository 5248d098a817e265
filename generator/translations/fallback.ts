import type { PathSegment } from '../problems/locate.js';
import type { Schema } from '../schema/derived/walk.js';
import { isTranslatableLeaf, shapeOf } from '../schema/derived/translation-schema.js';

/**
 * A text a translation does not have yet is shown in English, and the page must say so
 * (`lang="en"`: screen readers switch voice, the browser picks a Latin font). Templates only
 * see strings, so such a text travels to the page between these two marks, and render.ts turns
 * each marked stretch into `<span lang="en">` (fallback-html.ts). They are Unicode
 * noncharacters: never part of a text anyone types, and left alone by React's escaping.
 */
export const FALLBACK_START = '\uFDD0';
export const FALLBACK_END = '\uFDD1';

const isData = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A translation's value that says nothing: absent, `key:` with nothing after it, or only spaces. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Adds to `out` the path of every translatable text inside `english` at `path`: the texts shown
 * in English when the translation has none of that block or list item.
 */
export function textPaths(schema: Schema, english: unknown, path: PathSegment[], out: PathSegment[][]): void {
  const shape = shapeOf(schema);
  if (shape.kind === 'leaf') {
    if (isTranslatableLeaf(schema) && typeof english === 'string') out.push(path);
  } else if (shape.kind === 'array') {
    if (Array.isArray(english)) english.forEach((item: unknown, i) => textPaths(shape.element, item, [...path, i], out));
  } else if (isData(english)) {
    for (const [key, field] of Object.entries(shape.fields)) {
      if (Object.hasOwn(english, key)) textPaths(field, english[key], [...path, key], out);
    }
  }
}

/** `data` with the string at each of `paths` marked as English (copied where changed, never in place). */
export function markFallbacks(data: unknown, paths: readonly (readonly PathSegment[])[]): unknown {
  let result = data;
  for (const path of paths) result = markAt(result, path, 0);
  return result;
}

function markAt(value: unknown, path: readonly PathSegment[], depth: number): unknown {
  if (depth === path.length)
    return typeof value === 'string' && !value.startsWith(FALLBACK_START) ? `${FALLBACK_START}${value}${FALLBACK_END}` : value;
  const segment = path[depth]!;
  if (Array.isArray(value) && typeof segment === 'number' && segment < value.length) {
    const copy = [...value];
    copy[segment] = markAt(value[segment], path, depth + 1);
    return copy;
  }
  if (isData(value) && typeof segment === 'string' && Object.hasOwn(value, segment)) {
    return { ...value, [segment]: markAt(value[segment], path, depth + 1) };
  }
  return value;
}

/** A text without the marks: for the places a page cannot say which language a text is in. */
export function withoutMarks(text: string): string {
  return text.replaceAll(FALLBACK_START, '').replaceAll(FALLBACK_END, '');
}
