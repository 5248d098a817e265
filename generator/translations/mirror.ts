import type { z } from 'zod';
import type { LoadedFile } from '../load/load.js';
import { formatPath, locateKey, locateParent, locateValue, type PathSegment } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import { closest } from '../problems/suggest.js';
import { isTranslatableLeaf, shapeOf, translationSchema } from '../schema/derived/translation-schema.js';
import { isBlank } from './fallback.js';
import { byIdOrPlace, idOf, type Pairer } from './pairs.js';
import type { Language } from '../contract/languages.js';

/**
 * Holds a translation file against its English file, field by field and list item by list item:
 * every English text needs its translation, a translation needs an English text, and values that
 * are not text (prices, phones, ids, links) are written once, in English. Values themselves (empty
 * text, a number where text belongs) are checked afterwards by the English schema itself.
 */

type Schema = z.core.$ZodType;
type Data = Record<string, unknown>;

export interface MirrorInput {
  schema: Schema;
  english: unknown;
  translation: LoadedFile;
  language: Language;
  /** The English file as the operator knows it, e.g. content/site.yaml. */
  englishFile: string;
  /** How list items pair (pairs.ts): with the file's record, when the folder keeps one; byIdOrPlace or none when it does not. */
  pair?: Pairer;
}

const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

export function mirrorProblems(input: MirrorInput): Problem[] {
  const problems: Problem[] = [];
  walk(input, input.schema, input.english, input.translation.data, [], problems);
  return problems;
}

function walk(input: MirrorInput, schema: Schema, english: unknown, translated: unknown, path: PathSegment[], out: Problem[]): void {
  const shape = shapeOf(schema);
  if (shape.kind === 'leaf') {
    if (isBlank(translated) && english !== undefined) out.push(blank(input, english, path));
    return;
  }
  if (shape.kind === 'array') {
    if (!Array.isArray(translated)) {
      out.push(wrongKind(input, path, translated, 'a list (lines starting with "- "), one entry for each English one'));
      return;
    }
    const items = Array.isArray(english) ? english : [];
    const { translationOf, unpaired } = (input.pair ?? byIdOrPlace)(items, translated, formatPath(path, input.translation.data));
    translationOf.forEach((at, i) => {
      if (at === undefined) out.push(missingItem(input, shape.element, items, translated, i, path));
      else {
        if (idOf(items[i]) !== undefined && isData(translated[at]) && idOf(translated[at]) === undefined)
          out.push(needsId(input, shape.element, items[i], [...path, at]));
        walk(input, shape.element, items[i], translated[at], [...path, at], out);
      }
    });
    for (const at of unpaired) out.push(extraItem(input, items, translated, [...path, at]));
    return;
  }
  if (!isData(translated)) {
    out.push(wrongKind(input, path, translated, 'a group of "key: value" lines, as in the English file'));
    return;
  }
  const source = isData(english) ? english : {};
  const translatable = Object.keys(shape.fields).filter((key) => translationSchema(shape.fields[key]!));
  for (const key of Object.keys(translated)) {
    const field = shape.fields[key];
    if (!field) out.push(unknownField(input, [...path, key], translatable));
    // A list item's id says which English item it translates (pairs.ts): it is not a value written twice.
    else if (!translationSchema(field) && !(key === 'id' && typeof path.at(-1) === 'number')) out.push(writtenOnce(input, [...path, key]));
  }
  for (const key of translatable) {
    const field = shape.fields[key]!;
    const inEnglish = source[key];
    const inTranslation = translated[key];
    if (inEnglish === undefined) {
      if (inTranslation !== undefined) out.push(nothingToTranslate(input, [...path, key]));
    } else if (inTranslation === undefined) {
      out.push(missing(input, field, inEnglish, [...path, key]));
    } else {
      walk(input, field, inEnglish, inTranslation, [...path, key], out);
    }
  }
}

// ---- the problems ----

function base(input: MirrorInput, path: PathSegment[]) {
  return { file: input.translation.file, path: formatPath(path) };
}

function at(input: MirrorInput, how: typeof locateValue, path: PathSegment[]) {
  const { doc, lineCounter, source } = input.translation;
  return how(doc, lineCounter, source, path);
}

function missing(input: MirrorInput, schema: Schema, english: unknown, path: PathSegment[]): Problem {
  const key = String(path.at(-1));
  const { language } = input;
  if (isTranslatableLeaf(schema) || typeof english !== 'object' || english === null) {
    return {
      ...base(input, path),
      ...at(input, locateParent, path),
      code: 'missing-translation',
      severity: 'warning',
      message: `The ${language.englishName} for "${key}" is missing; it translates the English ${quote(english)}.`,
      hint: `add a line "${key}: …" inside this block with the ${language.englishName} text, indented like its neighbours`,
      editor: {
        message: `{field} is not translated yet; it translates the English ${quote(english)}.`,
        hint: `type the ${language.englishName} text in the box`,
      },
    };
  }
  const first = firstText(schema, english);
  return {
    ...base(input, path),
    ...at(input, locateParent, path),
    code: 'missing-translation',
    severity: 'warning',
    message: `The ${language.englishName} for the block "${key}" is missing; it translates the English block in ${input.englishFile}${first ? `, which starts with ${formatPath(first.path)} ${quote(first.value)}` : ''}.`,
    hint: `copy the block "${key}" from ${input.englishFile}, keep only its texts and write them in ${language.englishName}`,
    editor: { message: `{field} is not translated yet.`, hint: `type the ${language.englishName} text in each of its boxes` },
  };
}

function blank(input: MirrorInput, english: unknown, path: PathSegment[]): Problem {
  const last = path.at(-1);
  const { language } = input;
  return {
    ...base(input, path),
    ...at(input, locateValue, path),
    code: 'missing-translation',
    severity: 'warning',
    message: `${typeof last === 'number' ? `Item ${last + 1}` : `"${String(last)}"`} is empty; it translates the English ${quote(english)}.`,
    hint: `write the ${language.englishName} text ${typeof last === 'number' ? 'after the "- "' : `after "${String(last)}:"`}`,
    editor: {
      message: `{field} is empty; it translates the English ${quote(english)}.`,
      hint: `type the ${language.englishName} text in the box`,
    },
  };
}

function missingItem(
  input: MirrorInput,
  element: Schema,
  items: unknown[],
  translated: unknown[],
  index: number,
  path: PathSegment[],
): Problem {
  const first = firstText(element, items[index]);
  const has = translated.length;
  const listPath = has > 0 ? [...path, has - 1] : path;
  const translates = first ? `; it translates ${first.path.length > 0 ? `${formatPath(first.path)} ` : ''}${quote(first.value)}` : '';
  const id = idOf(items[index]);
  const byId = id !== undefined && translated.some((item) => idOf(item) !== undefined);
  // With a record, items without an id pair by the English they were made from (pairs.ts), not by their place.
  const recorded = id === undefined && input.pair !== undefined && input.pair !== byIdOrPlace;
  return {
    ...base(input, [...path, index]),
    ...at(input, locateValue, listPath),
    code: 'missing-translation',
    severity: 'warning',
    message: byId
      ? `The English item ${index + 1} (id "${id}") has no ${input.language.englishName} item${translates}.`
      : recorded
        ? `The English item ${index + 1} has no ${input.language.englishName} item yet${translates}.`
        : `This list has ${has} item${has === 1 ? '' : 's'} but the English one has ${items.length}: item ${index + 1} is missing${translates}.`,
    hint: byId
      ? `add an item with "id: ${id}" and its texts in ${input.language.englishName}`
      : recorded
        ? `add its ${input.language.englishName} as a new item at the end of this list, whatever its place in English`
        : `add one item for each English item, in the same order as in ${input.englishFile}`,
    editor: {
      message: byId
        ? `The English item ${index + 1} (id “${id}”) has no ${input.language.englishName} item yet${translates}.`
        : `The English item ${index + 1} has no ${input.language.englishName} item yet${translates}.`,
      hint: `press the “Add” button under this list${byId ? `, give the new item the id “${id}”,` : ''} and type its texts in ${input.language.englishName}`,
    },
  };
}

function extraItem(input: MirrorInput, items: unknown[], translated: unknown[], path: PathSegment[]): Problem {
  const index = Number(path.at(-1));
  const id = idOf(translated[index]);
  const ids = items.flatMap((item) => idOf(item) ?? []);
  const location = {
    ...base(input, path),
    ...at(input, locateValue, path),
    code: 'extra-translation' as const,
    severity: 'warning' as const,
  };
  if (id !== undefined && ids.includes(id)) {
    return {
      ...location,
      message: `Item ${index + 1} translates the English item with id "${id}", which an item above already translates, so it is left out of the pages.`,
      hint: 'keep one item for each id: remove this one, or merge its text into the other',
    };
  }
  if (id !== undefined) {
    const guess = closest(id, ids);
    return {
      ...location,
      message: `Item ${index + 1} translates id "${id}", but the English list in ${input.englishFile} has no item with that id, so it is left out of the pages.${guess ? ` Did you mean "${guess}"?` : ''}`,
      hint: guess ? `change the id to "${guess}"` : `remove it here, or add the item to ${input.englishFile} first`,
    };
  }
  return {
    ...location,
    message: `Item ${index + 1} has no English item to translate: the English list in ${input.englishFile} has ${items.length}.`,
    hint: `remove it here, or add the item to ${input.englishFile} first`,
  };
}

/**
 * An item of a list whose English items have ids, without one: it pairs by its place, so moving
 * the English item, or taking out one above it, would give its text to another item unnoticed.
 */
function needsId(input: MirrorInput, element: Schema, english: unknown, path: PathSegment[]): Problem {
  const index = Number(path.at(-1));
  const id = idOf(english)!;
  const first = firstText(element, english);
  return {
    ...base(input, path),
    ...at(input, locateValue, path),
    code: 'translation-needs-id',
    severity: 'warning',
    message: `Item ${index + 1} has no "id:", so it translates whichever English item stands in its place, now "${id}"${first ? ` (${quote(first.value)})` : ''}; if the English list changes order, its text would show with another item.`,
    hint: `add the line "id: ${id}" to this item if it translates that one, else the id of the English item it does translate`,
  };
}

function nothingToTranslate(input: MirrorInput, path: PathSegment[]): Problem {
  return {
    ...base(input, path),
    ...at(input, locateKey, path),
    code: 'extra-translation',
    severity: 'warning',
    message: `"${String(path.at(-1))}" has nothing to translate: ${input.englishFile} has no ${formatPath(path)}.`,
    hint: `remove this line, or add the English text to ${input.englishFile} first`,
  };
}

function writtenOnce(input: MirrorInput, path: PathSegment[]): Problem {
  return {
    ...base(input, path),
    ...at(input, locateKey, path),
    code: 'written-once',
    message: `"${String(path.at(-1))}" is written once, in the English ${input.englishFile}, and the ${input.language.englishName} pages use it as it is; a translation file holds only text.`,
    hint: `remove this line here; to change the value, edit ${input.englishFile}`,
  };
}

function unknownField(input: MirrorInput, path: PathSegment[], allowed: readonly string[]): Problem {
  const key = String(path.at(-1));
  const guess = closest(key, allowed);
  return {
    ...base(input, path),
    ...at(input, locateKey, path),
    code: 'unknown-field',
    message: `Unknown field "${key}": the English file has no such field, so this text would be lost.${guess ? ` Did you mean "${guess}"?` : ''}`,
    hint: guess ? `rename "${key}" to "${guess}"` : `the texts translated here are: ${allowed.join(', ')}`,
  };
}

function wrongKind(input: MirrorInput, path: PathSegment[], value: unknown, expected: string): Problem {
  const empty = value === null || value === undefined;
  return {
    ...base(input, path),
    ...at(input, locateValue, path),
    code: empty ? 'missing-translation' : 'wrong-type',
    ...(empty ? { severity: 'warning' as const } : {}),
    message: empty
      ? `"${String(path.at(-1) ?? 'the file')}" is empty; it needs ${expected}.`
      : `Expected ${expected}, got ${describe(value)}.`,
    hint: `follow the layout of ${input.englishFile}, keeping only its texts`,
  };
}

// ---- helpers ----

/** The first English text inside a block, to say which block or item is meant. */
function firstText(schema: Schema, value: unknown, path: PathSegment[] = []): { path: PathSegment[]; value: unknown } | undefined {
  const shape = shapeOf(schema);
  if (shape.kind === 'leaf') return isTranslatableLeaf(schema) && value !== undefined ? { path, value } : undefined;
  if (shape.kind === 'array') {
    if (!Array.isArray(value)) return undefined;
    for (const [i, item] of value.entries()) {
      const found = firstText(shape.element, item, [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (!isData(value)) return undefined;
  for (const [key, field] of Object.entries(shape.fields)) {
    const found = firstText(field, value[key], [...path, key]);
    if (found) return found;
  }
  return undefined;
}

function quote(value: unknown): string {
  if (typeof value !== 'string') return describe(value);
  const oneLine = value.replace(/\s+/g, ' ').trim();
  return `"${oneLine.length > 60 ? `${oneLine.slice(0, 57)}…` : oneLine}"`;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `the text ${quote(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value === 'number' ? 'the number ' : ''}${String(value)}`;
  if (Array.isArray(value)) return 'a list';
  if (value === null || value === undefined) return 'nothing';
  return 'a group of settings';
}
