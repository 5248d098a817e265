import { z } from 'zod';
import { boundsOf, type Bounds } from './bounds.js';
import type { PathSegment } from '../../problems/locate.js';
import type { FieldMeta } from '../fields.js';

/**
 * Follows a path in the content (e.g. services[2].pricing) through a zod schema, to find what the
 * error messages need: the field's `expected` and `hint` metadata, and the keys an object allows.
 */

export type Schema = z.core.$ZodType;

/** The parts of a zod schema's definition the walkers read. */
export interface Def {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
}

export const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** Steps through wrappers (optional, default, nullable, pipe) that do not change the path. */
function unwrap(schema: Schema, visit?: (s: Schema) => void): Schema {
  let current = schema;
  for (;;) {
    visit?.(current);
    const def = defOf(current);
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!next) return current;
    current = next;
  }
}

/** The schema of the field at `path`, through optional wrappers and list items. */
export function schemaAt(root: Schema, path: readonly PathSegment[]): Schema | undefined {
  let current: Schema | undefined = root;
  for (const segment of path) {
    if (!current) return undefined;
    const def = defOf(unwrap(current));
    // Own keys only: content may hold a key named "constructor" or "__proto__".
    if (def.type === 'object' && typeof segment === 'string')
      current = def.shape && Object.hasOwn(def.shape, segment) ? def.shape[segment] : undefined;
    else if (def.type === 'array' && typeof segment === 'number') current = def.element;
    else return undefined;
  }
  return current;
}

export function shapeAt(root: Schema, path: readonly PathSegment[]): Record<string, Schema> | undefined {
  const schema = schemaAt(root, path);
  return schema ? defOf(unwrap(schema)).shape : undefined;
}

/** The first `expected` and `hint` found on the field's schema or the schemas it wraps. */
export function metaAt(root: Schema, path: readonly PathSegment[]): FieldMeta {
  const schema = schemaAt(root, path);
  const meta: FieldMeta = {};
  if (!schema) return meta;
  unwrap(schema, (s) => {
    const found = z.globalRegistry.get(s) as FieldMeta | undefined;
    meta.expected ??= found?.expected;
    meta.hint ??= found?.hint;
    meta.suggest ??= found?.suggest;
    meta.minDecimals ??= found?.minDecimals;
    meta.editorHint ??= found?.editorHint;
  });
  return meta;
}

/** The numeric limits of the field at `path`, as its JSON Schema states them. */
export function boundsAt(root: Schema, path: readonly PathSegment[]): Bounds {
  const schema = schemaAt(root, path);
  if (!schema) return {};
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return boundsOf(json);
}
