import path from 'node:path';
import { z } from 'zod';
import type { OutputFile } from './output.js';
import { CONTENT_FILES, type ContentFile } from './schema/index.js';

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

/** Where a content file's schema lives inside the schemas folder: pages/home.yaml → pages/home.schema.json. */
export function schemaPath(name: ContentFile): string {
  return name.replace(/\.ya?ml$/, '.schema.json');
}

/**
 * The comment a content file starts with so yaml-language-server finds its schema. The path is
 * relative to the content file, for a project with content/ and schemas/ side by side.
 */
export function modeline(name: ContentFile): string {
  const from = path.posix.dirname(`content/${name}`);
  return `# yaml-language-server: $schema=${path.posix.relative(from, `schemas/${schemaPath(name)}`)}`;
}

/** The JSON Schema for one content file. */
export function contentJsonSchema(name: ContentFile): JsonSchema {
  const generated = z.toJSONSchema(CONTENT_FILES[name], {
    target: 'draft-7',
    // What an operator writes, before zod's trimming and defaults.
    io: 'input',
    override: ({ jsonSchema }) => forEditors(jsonSchema as JsonSchema),
  }) as JsonSchema;
  const { $schema, ...rest } = generated;
  return { $schema, title: `content/${name}`, description: `The settings in content/${name}; \`site check\` has the final say.`, ...rest };
}

/** Every content file's schema as a file to write, in the order of CONTENT_FILES. */
export function jsonSchemaFiles(): OutputFile[] {
  return (Object.keys(CONTENT_FILES) as ContentFile[]).map((name) => ({
    path: schemaPath(name),
    contents: `${JSON.stringify(contentJsonSchema(name), null, 2)}\n`,
  }));
}

/**
 * Turns the error formatter's metadata into what editors show: `expected` and `hint` become
 * yaml-language-server's `errorMessage` (and `patternErrorMessage` where a pattern decides), and
 * a field without a description is described by what it expects.
 */
function forEditors(schema: JsonSchema): void {
  const { expected, hint } = schema as { expected?: unknown; hint?: unknown };
  delete schema.expected;
  delete schema.hint;
  delete schema.suggest;
  if (typeof expected !== 'string') return;
  const message = `Expected ${expected}.${typeof hint === 'string' ? ` Hint: ${hint}.` : ''}`;
  schema.description ??= `${expected.charAt(0).toUpperCase()}${expected.slice(1)}.`;
  schema.errorMessage = message;
  if (typeof schema.pattern === 'string') schema.patternErrorMessage = message;
}
