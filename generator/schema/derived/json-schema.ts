import path from 'node:path';
import { z } from 'zod';
import { BOUND_KEYWORDS, boundsOf, rangeWords } from './bounds.js';
import type { OutputFile } from '../../contract/output.js';
import { CONTENT_FILES, type ContentFile } from '../index.js';
import { translationSchema } from './translation-schema.js';
import { TRANSLATIONS, type Language } from '../../contract/languages.js';

/**
 * JSON Schemas for editors, generated from the zod schemas the build validates with, so an
 * operator's editor (VS Code with the YAML extension, or any yaml-language-server client)
 * completes field names and underlines mistakes while typing. Each content file names its
 * schema in a first-line comment (see `modeline`).
 *
 * The schemas are draft-07, the draft yaml-language-server understands best. Checks zod does in
 * code (phones, addresses, ids that must exist in another file) are approximated by patterns
 * carried in the fields' metadata; `site check` stays the authority.
 */

export type JsonSchema = Record<string, unknown>;

/**
 * Where a content file's schema lives inside the schemas folder: pages/home.yaml →
 * pages/home.schema.json, ml/pages/home.yaml → ml/pages/home.schema.json.
 */
export function schemaPath(name: ContentFile | `${string}/${ContentFile}`): string {
  return name.replace(/\.ya?ml$/, '.schema.json');
}

/**
 * The comment a content file starts with so yaml-language-server finds its schema. The path is
 * relative to the content file, for a project with content/ and schemas/ side by side.
 */
export function modeline(name: ContentFile | `${string}/${ContentFile}`): string {
  const from = path.posix.dirname(`content/${name}`);
  return `# yaml-language-server: $schema=${path.posix.relative(from, `schemas/${schemaPath(name)}`)}`;
}

/** The JSON Schema for one content file. */
export function contentJsonSchema(name: ContentFile): JsonSchema {
  const { $schema, ...rest } = toJsonSchema(CONTENT_FILES[name]);
  return { $schema, title: `content/${name}`, description: `The settings in content/${name}; \`site check\` has the final say.`, ...rest };
}

/**
 * The JSON Schema for a translation file (content/ml/…), derived from its English file's schema:
 * the same layout, holding only the texts.
 */
export function translationJsonSchema(name: ContentFile, language: Language): JsonSchema {
  const { $schema, ...rest } = toJsonSchema(translationSchema(CONTENT_FILES[name])!);
  return {
    $schema,
    title: `content/${language.folder}/${name}`,
    description: `The ${language.englishName} texts of content/${name}, in the same layout and list order; prices, phones, ids, icons and links are written once, in content/${name}. \`site check\` has the final say.`,
    ...rest,
  };
}

function toJsonSchema(schema: z.core.$ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-7',
    // What an operator writes, before zod's trimming and defaults.
    io: 'input',
    override: ({ jsonSchema }) => forEditors(jsonSchema as JsonSchema),
  }) as JsonSchema;
}

/** Every content file's schema as a file to write, in the order of CONTENT_FILES, then each translation's. */
export function jsonSchemaFiles(): OutputFile[] {
  const names = Object.keys(CONTENT_FILES) as ContentFile[];
  const file = (path: string, schema: JsonSchema) => ({ path, contents: `${JSON.stringify(schema, null, 2)}\n` });
  return [
    ...names.map((name) => file(schemaPath(name), contentJsonSchema(name))),
    ...TRANSLATIONS.flatMap((language) =>
      names.map((name) => file(`${language.folder}/${schemaPath(name)}`, translationJsonSchema(name, language))),
    ),
  ];
}

/**
 * Turns the error formatter's metadata into what editors show: `expected` and `hint` become
 * yaml-language-server's `errorMessage` (and `patternErrorMessage` where a pattern decides), and
 * a field without a description is described by what it expects. Limits get words too.
 */
function forEditors(schema: JsonSchema): void {
  const { expected, hint } = schema as { expected?: unknown; hint?: unknown };
  delete schema.expected;
  delete schema.hint;
  delete schema.suggest;
  delete schema.translatable;
  delete schema.internalLink;
  delete schema.kind;
  delete schema.pairing;
  delete schema.minDecimals;
  delete schema.editorHint;
  const what = typeof expected === 'string' ? expected : undefined;
  const advice = typeof hint === 'string' ? ` Hint: ${hint}.` : '';
  if (what) {
    schema.description ??= `${what.charAt(0).toUpperCase()}${what.slice(1)}.`;
    schema.errorMessage = `Expected ${what}.${advice}`;
    if (typeof schema.pattern === 'string') schema.patternErrorMessage = schema.errorMessage;
  }
  limitsInWords(schema, what, advice);
}

/**
 * yaml-language-server words a broken limit its own way ("Value is below the exclusive minimum
 * of 0."), ignoring errorMessage. So each limit moves into an `if`, and a value outside it meets
 * an `else` that cannot hold (`const: null` on a number or list) and carries the message in the
 * site's words. Validators reach the same verdict either way.
 */
function limitsInWords(schema: JsonSchema, expected: string | undefined, advice: string): void {
  // Text fields state "not only spaces" as a pattern, which already refuses the empty text.
  if (typeof schema.pattern === 'string' && schema.minLength === 1) delete schema.minLength;
  const limits: JsonSchema = {};
  let message: string | undefined;
  const words = rangeWords(boundsOf(schema));
  if (BOUND_KEYWORDS.some((key) => key in schema)) {
    for (const key of BOUND_KEYWORDS) if (key in schema) limits[key] = schema[key];
    message = `Expected ${expected ?? 'a number'}${words ? ` ${words}` : ''}.${advice}`;
  }
  if (typeof schema.minItems === 'number') {
    limits.minItems = schema.minItems;
    message = `This list needs at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}, each on its own line starting with "- ".`;
  }
  if (typeof schema.maxLength === 'number') {
    limits.maxLength = schema.maxLength;
    message = `This text may be at most ${schema.maxLength} characters long, as much as its place on the page can show.`;
  }
  if (!message) return;
  for (const key of Object.keys(limits)) delete schema[key];
  schema.if = limits;
  schema.else = { const: null, errorMessage: message };
}
