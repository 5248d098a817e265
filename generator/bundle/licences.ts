import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OutputFile } from '../contract/output.js';

/**
 * Licences that must travel with third-party work the site serves: the Malayalam font's SIL Open
 * Font License asks that the licence accompany the font, and the Lucide icons' ISC licence that its
 * notice accompany copies of the drawings (inline in every page and in assets/icons/). Each is read
 * from the installed package at build time, so it is always the one the files came with.
 */
const LICENCES = [
  { from: '@fontsource/noto-sans-malayalam', to: 'licences/noto-sans-malayalam.txt' },
  { from: 'lucide-react', to: 'licences/lucide-icons.txt' },
] as const;

export async function licenceFiles(): Promise<OutputFile[]> {
  const require = createRequire(import.meta.url);
  // Every package exports its package.json; not every one its LICENSE, which sits beside it.
  return Promise.all(
    LICENCES.map(async ({ from, to }) => ({
      path: to,
      contents: await readFile(path.join(path.dirname(require.resolve(`${from}/package.json`)), 'LICENSE')),
    })),
  );
}
