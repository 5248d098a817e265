import { z } from 'zod';
import type { FieldMeta } from '../schema/fields.js';
import { pageAddress } from '../contract/routes.js';
import { metaOf, shapeOf } from '../schema/derived/translation-schema.js';
import type { Language } from '../contract/languages.js';

type Schema = z.core.$ZodType;

/**
 * A translated file's data with every link to one of the site's pages (schema/fields.ts
 * internalHref) pointing at the same page in `language` (/about/ → /ml/about/), so its pages
 * link among themselves.
 */
export function localizeLinks(schema: Schema, data: unknown, language: Language): unknown {
  const shape = shapeOf(schema);
  if (shape.kind === 'leaf') {
    return metaOf<FieldMeta>(schema, 'internalLink') && typeof data === 'string' ? pageAddress(data, language) : data;
  }
  if (shape.kind === 'array') return Array.isArray(data) ? data.map((item: unknown) => localizeLinks(shape.element, item, language)) : data;
  if (typeof data !== 'object' || data === null) return data;
  const out: Record<string, unknown> = { ...data };
  for (const [key, field] of Object.entries(shape.fields)) {
    if (Object.hasOwn(out, key)) out[key] = localizeLinks(field, out[key], language);
  }
  return out;
}
