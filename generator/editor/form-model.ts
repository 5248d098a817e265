import { z } from 'zod';
import type { FieldKind, FieldMeta } from '../schema/fields.js';
import { defOf, type Schema } from '../schema/derived/walk.js';
import { unwrapOptional } from '../schema/derived/translation-schema.js';

/**
 * The form of a content file, read from the zod schema that validates it: one field per value,
 * with its label, help and control. The editor's browser app draws whatever this describes, so
 * a field added to a schema appears in the editor with no editor code changed.
 */

export interface FieldBase {
  /** The property name; '' for a list's item. */
  key: string;
  label: string;
  help?: string;
  required: boolean;
  placeholder?: string;
}

export interface SelectOption {
  value: string;
  label: string;
  /** For icons: the icon as the site draws it. */
  svg?: string;
}

export type FieldModel = FieldBase &
  (
    | { kind: 'text' | 'longtext' | 'email' | 'phone' | 'url' | 'date' | 'boolean' | 'colour' }
    /** `coordinate`: one of a position's two numbers, so a pasted pair can fill both. */
    | { kind: 'number'; min?: number; max?: number; step?: number; coordinate?: 'latitude' | 'longitude' }
    | { kind: 'price' }
    | { kind: 'select'; options: SelectOption[] }
    /** A photo { src, alt }; `srcOnly`: a picture named by its file alone, with no alt text (the logo). */
    | { kind: 'photo'; srcOnly?: true }
    | {
        kind: 'list';
        item: FieldModel;
        minItems?: number;
        maxItems?: number;
        /** In a translation: each item names the English item it translates by `id` (the form does not show it). */
        pairsById?: boolean;
      }
    | { kind: 'group'; fields: FieldModel[] }
    | { kind: 'choice'; variants: { label: string; model: FieldModel }[] }
  );

/** A field's control: what its kind adds to the base. */
type Control = FieldModel extends infer T ? (T extends unknown ? Omit<T, keyof FieldBase> : never) : never;

export interface ModelOptions {
  /** The services in services.yaml now, for fields that name one; such a field is text without them. */
  services?: readonly { id: string; title: string }[];
  /** The site's drawing of each icon, as markup. */
  iconSvg?: (name: string) => string | undefined;
}

/** The form of a whole file: its root group. */
export function formModel(schema: Schema, options: ModelOptions = {}): FieldModel {
  return fieldModel('', schema, true, options);
}

interface Def {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: Schema[];
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean } } }[];
}

/** Whether a translated list's items carry the id that pairs each with its English item. */
function pairsById(element: Schema): boolean {
  const def = defOf(unwrapOptional(element).inner) as unknown as Def;
  return def.type === 'object' && Object.values(def.shape ?? {}).some((field) => metaOf(field).pairing === true);
}

function fieldModel(key: string, schema: Schema, required: boolean, options: ModelOptions): FieldModel {
  const { inner } = unwrapOptional(schema);
  const meta = metaOf(schema);
  const def = defOf(inner) as unknown as Def;
  const base: FieldBase = { key, label: labelFor(key), required, ...describe(meta) };
  const kind = meta.kind;
  switch (def.type) {
    case 'object':
      return {
        ...base,
        kind: kind === 'photo' ? 'photo' : 'group',
        ...(kind === 'photo'
          ? {}
          : {
              fields: Object.entries(def.shape ?? {})
                .filter(([, field]) => metaOf(field).pairing !== true)
                .map(([name, field]) => fieldModel(name, field, !unwrapOptional(field).optional, options)),
            }),
      } as FieldModel;
    case 'array': {
      const limits = jsonLimits(inner);
      return {
        ...base,
        kind: 'list',
        item: { ...fieldModel('', def.element!, true, options), label: itemLabel(key) },
        ...(pairsById(def.element!) ? { pairsById: true } : {}),
        ...(limits.minItems !== undefined ? { minItems: limits.minItems } : {}),
        ...(limits.maxItems !== undefined ? { maxItems: limits.maxItems } : {}),
      };
    }
    case 'enum':
      return { ...base, kind: 'select', options: Object.values(def.entries ?? {}).map((value) => option(String(value), kind, options)) };
    case 'literal':
      return { ...base, kind: 'select', options: (def.values ?? []).map((value) => option(String(value), kind, options)) };
    case 'number': {
      if (kind === 'price') return { ...base, kind: 'price' };
      const limits = jsonLimits(inner);
      const integer = limits.type === 'integer';
      return {
        ...base,
        kind: 'number',
        ...(limits.minimum !== undefined && Math.abs(limits.minimum) < Number.MAX_SAFE_INTEGER ? { min: limits.minimum } : {}),
        ...(limits.maximum !== undefined && Math.abs(limits.maximum) < Number.MAX_SAFE_INTEGER ? { max: limits.maximum } : {}),
        ...(integer ? { step: 1 } : {}),
        ...(kind === 'latitude' || kind === 'longitude' ? { coordinate: kind } : {}),
      };
    }
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'union':
      return {
        ...base,
        kind: 'choice',
        variants: (def.options ?? []).map((variant, index) => ({
          label: `Choice ${index + 1}`,
          model: fieldModel(key, variant, required, options),
        })),
      };
    default:
      return { ...base, ...stringKind(kind, options) } as FieldModel;
  }
}

/** A text field's control: a select for a service's id (when the services are known), else by its kind. */
function stringKind(kind: FieldKind | undefined, options: ModelOptions): Control {
  if (kind === 'service' && options.services && options.services.length > 0) {
    return {
      kind: 'select',
      options: options.services.map((service) => ({ value: service.id, label: `${service.title} (${service.id})` })),
    };
  }
  switch (kind) {
    case 'photo':
      return { kind, srcOnly: true };
    case 'longtext':
    case 'email':
    case 'phone':
    case 'url':
    case 'date':
    case 'colour':
      return { kind };
    default:
      return { kind: 'text' };
  }
}

function option(value: string, kind: FieldKind | undefined, options: ModelOptions): SelectOption {
  const svg = kind === 'icon' ? options.iconSvg?.(value) : undefined;
  return { value, label: kind === 'icon' ? sentenceCase(value.replace(/-/g, ' ')) : value, ...(svg ? { svg } : {}) };
}

/** The metadata of a field: the first value of each key on the schema or the wrappers it is in. */
function metaOf(schema: Schema): FieldMeta {
  const meta: FieldMeta = {};
  let current: Schema | undefined = schema;
  while (current) {
    const found = z.globalRegistry.get(current) as FieldMeta | undefined;
    for (const key of ['description', 'expected', 'hint', 'editorHint', 'kind', 'pairing'] as const) {
      if (found?.[key] !== undefined && meta[key] === undefined) (meta as Record<string, unknown>)[key] = found[key];
    }
    const def = defOf(current);
    current = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  }
  return meta;
}

/** Help from the field's description, or else from what it expects and the hint; a placeholder from the hint's example. */
function describe(meta: FieldMeta): Pick<FieldBase, 'help' | 'placeholder'> {
  const expected = meta.expected?.replace(/\s*\([^)]*\)/g, (part) => (YAML_ADVICE.test(part) ? '' : part));
  const parts = meta.description ? [meta.description] : expected && expected !== 'some text' ? [sentenceCase(expected)] : [];
  // The hint in the form's words where the schema gives them; hints about how a value is typed in
  // YAML (quotes, colons, "- " lines) mean nothing in a form.
  const hint = meta.editorHint ?? meta.hint;
  // Plain text's hint (type in the box) says nothing a text box does not.
  if (hint && !meta.description && meta.expected !== 'some text' && !YAML_ADVICE.test(hint)) parts.push(sentenceCase(hint));
  const help = parts.map((part) => part.replace(/[.\s]*$/, '.')).join(' ');
  const example = /\b(?:e\.g\.|for example,?)\s+("?)([^";]+)\1\s*$/i.exec(hint ?? '')?.[2]?.trim();
  return { ...(help ? { help } : {}), ...(example && example.length <= 60 ? { placeholder: example } : {}) };
}

const YAML_ADVICE = /colon|quotes|the line|lines? starting|"- "|plain number/i;

/** Words a key abbreviates, spelled out for the label. */
const WORDS: Record<string, string> = {
  desc: 'description',
  cta: 'call to action',
  seo: 'search engines (SEO)',
  url: 'address',
  href: 'address',
  geo: 'map position',
  whats: 'what’s',
};

/** Names written as their owners write them, never lowered: "Whatsapp" and "Gstin" read as typos. */
const NAMES: Record<string, string> = { whatsapp: 'WhatsApp', gstin: 'GSTIN', faq: 'FAQ' };

/** A label from a property name: shortDesc → "Short description", openingHours → "Opening hours". */
export function labelFor(key: string): string {
  if (key === '') return 'Item';
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .map((word) => word.toLowerCase())
    .map((word) => NAMES[word] ?? WORDS[word] ?? word);
  return sentenceCase(words.join(' '));
}

/**
 * A field's name as the editor's form shows it, from a problem's dot path (which counts list
 * entries from 1, as the form's labels do), each group's label before the field's:
 * company.name → "Company › Name", social[1].url → "Social 1 › Address". An entry the check
 * names by its id (offices[kannur]) is named by its place, as the form labels it, when `data`
 * (the file's value) has it: "Office 1 › …"; else by its id, "Office “kannur” › …".
 */
export function fieldName(dotPath: string, data?: unknown): string {
  const parts: string[] = [];
  let list: string | undefined;
  let here = data;
  for (const [, key, index] of dotPath.matchAll(/([^.[\]]+)|\[([^\]]+)\]/g)) {
    if (key !== undefined) {
      parts.push(labelFor((list = key)));
      here = here !== null && typeof here === 'object' ? (here as Record<string, unknown>)[key] : undefined;
    } else if (index !== undefined && parts.length > 0 && list !== undefined) {
      const named = itemLabel(list);
      const entries = Array.isArray(here) ? here : [];
      const place = /^\d+$/.test(index)
        ? Number(index)
        : entries.findIndex((entry) => (entry as { id?: unknown } | null)?.id === index) + 1;
      here = place > 0 ? entries[place - 1] : undefined;
      parts.splice(-1, 1, `${named === 'Entry' ? labelFor(list) : named} ${place > 0 ? String(place) : `“${index}”`}`);
    }
  }
  return parts.join(' › ') || 'this file';
}

/** What one entry of a list is called: services → "Service", keyFeatures → "Key feature", idealFor → "Entry". */
function itemLabel(listKey: string): string {
  const label = labelFor(listKey);
  if (/ies$/.test(label)) return label.replace(/ies$/, 'y');
  if (/[^s]s$/.test(label)) return label.slice(0, -1);
  return listKey === 'process' ? 'Step' : 'Entry';
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The limits zod states for a value, read from its JSON Schema, which names them plainly. */
function jsonLimits(schema: Schema): { minimum?: number; maximum?: number; minItems?: number; maxItems?: number; type?: string } {
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const pick = (key: string) => (typeof json[key] === 'number' ? (json[key] as number) : undefined);
  return {
    minimum: pick('minimum') ?? pick('exclusiveMinimum'),
    maximum: pick('maximum') ?? pick('exclusiveMaximum'),
    minItems: pick('minItems'),
    maxItems: pick('maxItems'),
    type: typeof json.type === 'string' ? json.type : undefined,
  };
}
