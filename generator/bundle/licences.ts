import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { OutputFile } from '../contract/output.js';

/**
 * Licences that must travel with third-party files the site serves: the Malayalam font's SIL Open
 * Font License asks that the licence accompany the font. Read from the installed package, so it
 * is always the one the font files came with.
 */
const LICENCES = [{ from: '@fontsource/noto-sans-malayalam/LICENSE', to: 'licences/noto-sans-malayalam.txt' }] as const;

export async function licenceFiles(): Promise<OutputFile[]> {
  const require = createRequire(import.meta.url);
  return Promise.all(LICENCES.map(async ({ from, to }) => ({ path: to, contents: await readFile(require.resolve(from)) })));
}
