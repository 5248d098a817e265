import type { z } from 'zod';
import { shapeOf } from '../schema/derived/translation-schema.js';
import { idOf, placeIn } from './pairs.js';

type Schema = z.core.$ZodType;

/**
 * A translation file's block of the record after the file was saved with its list items moved,
 * added or taken out: the English recorded for each text follows its text to its new place. An
 * item without an id is named in the record by its place (steps[2]), so without this, moving a
 * Malayalam step up would give it the English of the step it swapped with. Items are followed by
 * their id, else by being the same as before; an item changed where it stood keeps its place.
 * Keys of texts that are gone are left out (the record keeps only texts the file gives).
 */
export function rekeyed(schema: Schema, before: unknown, after: unknown, block: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  follow(schema, before, after, '', '', block, out);
  return out;
}

const isData = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function follow(
  schema: Schema,
  before: unknown,
  after: unknown,
  was: string,
  now: string,
  block: ReadonlyMap<string, string>,
  out: Map<string, string>,
): void {
  const shape = shapeOf(schema);
  if (shape.kind === 'leaf') {
    const english = block.get(was);
    if (english !== undefined) out.set(now, english);
    return;
  }
  if (shape.kind === 'array') {
    if (!Array.isArray(before) || !Array.isArray(after)) return;
    for (const [from, to] of movedItems(before, after)) {
      follow(shape.element, before[from], after[to], placeIn(was, from, before), placeIn(now, to, after), block, out);
    }
    return;
  }
  if (!isData(before) || !isData(after)) return;
  for (const [key, field] of Object.entries(shape.fields)) {
    if (Object.hasOwn(before, key) && Object.hasOwn(after, key))
      follow(field, before[key], after[key], placeIn(was, key, before), placeIn(now, key, after), block, out);
  }
}

/** Each item of `after` with the item of `before` it was: the same id, else the same value, else an item changed in its own place. */
function movedItems(before: readonly unknown[], after: readonly unknown[]): [number, number][] {
  const pairs: [number, number][] = [];
  const used = new Set<number>();
  const left: number[] = [];
  const text = before.map((item) => JSON.stringify(item));
  after.forEach((item, to) => {
    const id = idOf(item);
    const same = JSON.stringify(item);
    const from =
      id !== undefined
        ? before.findIndex((old) => idOf(old) === id)
        : text.findIndex((old, i) => !used.has(i) && idOf(before[i]) === undefined && old === same);
    if (from >= 0 && !used.has(from)) {
      used.add(from);
      pairs.push([from, to]);
    } else if (id === undefined) left.push(to);
  });
  for (const to of left) {
    if (to < before.length && !used.has(to) && idOf(before[to]) === undefined) {
      used.add(to);
      pairs.push([to, to]);
    }
  }
  return pairs;
}
