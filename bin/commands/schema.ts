import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { displayPath } from '../../generator/problems/format.js';
import { jsonSchemaFiles } from '../../generator/schema/derived/json-schema.js';
import { projectRoot } from '../../generator/contract/root.js';
import { guardSchemaOut } from '../../generator/write/schema-guard.js';
import { resolveFrom, type Io } from '../io.js';

/** Writes a JSON Schema for every content file, for editors to check YAML while it is typed. */
export async function runSchema(flags: { out: string }, io: Io): Promise<void> {
  const outDir = resolveFrom(io, flags.out);
  const files = jsonSchemaFiles();
  await guardSchemaOut(flags.out, files, { cwd: io.cwd, projectRoot: projectRoot() });
  for (const file of files) {
    const destination = path.join(outDir, ...file.path.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, file.contents);
  }
  io.out(`Wrote ${files.length} JSON Schemas into ${displayPath(outDir, io.cwd)}/.`);
}
