import { z } from 'zod';
import type { FieldMeta } from '../fields.js';
import { defOf, type Schema } from './walk.js';

/**
 * A translation file's schema, derived from its English file's schema: the same blocks and lists,
 * keeping only the fields marked translatable (schema/fields.ts text()). Prices, phones, ids,
 * icons and links have no place in it: they are written once, in the English file.
 */

/**
 * A schema without the wrappers that do not change what is written (optional, default, nullable,
 * and a transform's input side), and whether one of them made it optional.
 */
export function unwrapOptional(schema: Schema): { inner: Schema; optional: boolean } {
  let current = schema;
  let optional = false;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'default') optional = true;
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!next) return { inner: current, optional };
    current = next;
  }
}

export type Shape = { kind: 'object'; fields: Record<string, Schema> } | { kind: 'array'; element: Schema } | { kind: 'leaf' };

/** What a schema holds, seen through its optional wrapper. */
export function shapeOf(schema: Schema): Shape {
  const def = defOf(unwrapOptional(schema).inner);
  if (def.type === 'object' && def.shape) return { kind: 'object', fields: def.shape };
  if (def.type === 'array' && def.element) return { kind: 'array', element: def.element };
  return { kind: 'leaf' };
}

/** The first value of a metadata key on a schema or the wrappers around it (optional, a transform). */
export function metaOf<M extends object>(schema: Schema, key: keyof M): unknown {
  let current: Schema | undefined = schema;
  while (current) {
    const meta = z.globalRegistry.get(current) as M | undefined;
    if (meta && meta[key] !== undefined) return meta[key];
    const def = defOf(current);
    current = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  }
  return undefined;
}

// zod merges a schema's metadata with its parents' on every read; schemas and their metadata never
// change once made, so each schema's answer is worked out once.
const translatable = new WeakMap<Schema, boolean>();

/** Whether a single value is visitor text that a translation gives in its own language. */
export function isTranslatableLeaf(schema: Schema): boolean {
  let known = translatable.get(schema);
  if (known === undefined) {
    known = metaOf<FieldMeta>(schema, 'translatable') === true;
    translatable.set(schema, known);
  }
  return known;
}

const derived = new WeakMap<Schema, Schema | null>();

/**
 * The translation schema for `schema`, or undefined when nothing in it is translated. Objects stay
 * strict (an unknown field is a mistake) and keep which fields are optional; translatable values
 * keep their own schema, so a translation is checked with the same rules and words as English.
 */
export function translationSchema(schema: Schema): Schema | undefined {
  const known = derived.get(schema);
  if (known !== undefined) return known ?? undefined;
  const result = derive(schema);
  derived.set(schema, result ?? null);
  return result;
}

/**
 * A translated list item's schema with the optional `id` that pairs it with its English item
 * (pairs.ts): the same form of id, checked against the English list by mirror.ts.
 */
function withPairingId(element: Schema, id: Schema): Schema {
  const pairing = (unwrapOptional(id).inner as z.ZodType).optional().meta({
    description:
      'The id of the English item this translates, so it stays with that item if the English list changes order (without one, items pair by their order)',
    expected: 'the id of an item in the English list',
    hint: 'copy the id from the English item this one translates',
    pairing: true,
  });
  return (element as z.ZodObject).extend({ id: pairing });
}

/** The derived schema without its optional wrapper: the parent object decides that. */
function derive(schema: Schema): Schema | undefined {
  const shape = shapeOf(schema);
  let result: Schema | undefined;
  if (shape.kind === 'leaf') {
    if (!isTranslatableLeaf(schema)) return undefined;
    return unwrapOptional(schema).inner;
  }
  if (shape.kind === 'array') {
    const element = translationSchema(shape.element);
    if (!element) return undefined;
    const english = shapeOf(shape.element);
    const id = english.kind === 'object' ? english.fields.id : undefined;
    result = z
      .array((id ? withPairingId(element, id) : element) as z.ZodType)
      .meta({ description: 'One entry for each entry of the English list, in the same order' });
  } else {
    const fields: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries(shape.fields)) {
      const translated = translationSchema(field);
      if (translated) fields[key] = (unwrapOptional(field).optional ? (translated as z.ZodType).optional() : translated) as z.ZodType;
    }
    if (Object.keys(fields).length === 0) return undefined;
    result = z.strictObject(fields);
  }
  return result;
}
