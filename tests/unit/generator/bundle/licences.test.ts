import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { captureIo, contentWithFixture, ROOT } from '../../../helpers/content.js';

/**
 * Third-party work in dist/ carries its licence in dist/licences/, as its licence asks: the
 * Malayalam font (SIL OFL) and the Lucide icons (ISC), copied from the installed packages.
 */
let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('licences in the built site', () => {
  it('ships the font’s and the icons’ licences as the packages have them, and lists them among the files built', async () => {
    dir = await contentWithFixture();
    const io = captureIo(dir);
    expect(await main(['build', '--content', 'content', '--out', 'dist'], io)).toBe(0);
    const shipped = (name: string) => readFile(path.join(dir!, 'dist', 'licences', name), 'utf8');
    expect(await shipped('lucide-icons.txt')).toBe(await readFile(path.join(ROOT, 'node_modules/lucide-react/LICENSE'), 'utf8'));
    expect(await shipped('lucide-icons.txt')).toMatch(/^ISC License/);
    expect(await shipped('noto-sans-malayalam.txt')).toContain('SIL Open Font License, Version 1.1');
    expect(io.stdout()).toMatch(/^ {2}licences\/lucide-icons\.txt +\d/m);
    expect(io.stdout()).toMatch(/^ {2}licences\/noto-sans-malayalam\.txt +\d/m);
  }, 60_000);
});
