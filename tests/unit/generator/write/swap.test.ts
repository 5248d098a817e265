import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MARKER } from '../../../../generator/write/out-guard.js';
import { moveIn } from '../../../../generator/write/move-in.js';
import { writeSite } from '../../../../generator/write/write.js';
import { ROOT } from '../../../helpers/content.js';

/**
 * The output folder is never missing and never half a site: a build moves its files in so that
 * every page finds its assets at every instant, a build stopped part-way leaves a working site
 * that the next build recognises, and the next build removes what a killed one left beside it.
 */
let parent: string;
let out: string;
const guard = () => ({ cwd: parent, projectRoot: ROOT, contentDir: path.join(parent, 'content') });
const MODES = { file: 0o644, folder: 0o755 };

beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'site-swap-'));
  out = path.join(parent, 'dist');
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

/** A tiny site whose pages name their stylesheet by a hash, as a real build's do. */
function site(version: string) {
  const css = `assets/site.${version.repeat(8).slice(0, 8)}.css`;
  return [
    { path: css, contents: `/* ${version} */` },
    { path: 'index.html', contents: `<link href="/${css}">home ${version}` },
    { path: 'about/index.html', contents: `<link href="/${css}">about ${version}` },
  ];
}

/** Every file below `dir`, relative, with forward slashes. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Whether every page in `dir` finds the stylesheet it names, and the marker lists every file. */
async function expectComplete(dir: string): Promise<void> {
  const present = await filesIn(dir);
  for (const page of ['index.html', 'about/index.html']) {
    expect(present).toContain(page);
    const css = /href="\/([^"]+)"/.exec(await readFile(path.join(dir, page), 'utf8'))![1]!;
    expect(present, `${page} names ${css}`).toContain(css);
  }
  const listed = JSON.parse(await readFile(path.join(dir, MARKER), 'utf8')).files as string[];
  for (const file of present.filter((f) => f !== MARKER)) expect(listed).toContain(file);
}

describe('replacing the output folder', () => {
  it('a move stopped part-way leaves a complete site, and the next build replaces it cleanly', async () => {
    await writeSite(site('a'), out, guard());
    const staging = path.join(parent, '.out-new-dist-test');
    for (const file of site('b')) {
      await mkdir(path.dirname(path.join(staging, file.path)), { recursive: true });
      await writeFile(path.join(staging, file.path), file.contents);
    }
    // The about page never arrives: the move fails after the stylesheet and the home page are in.
    await rm(path.join(staging, 'about/index.html'));
    await expect(
      moveIn(
        staging,
        out,
        site('b').map((f) => f.path),
        MODES,
      ),
    ).rejects.toThrow();
    await expectComplete(out);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toContain('home b');
    expect(await readFile(path.join(out, 'about/index.html'), 'utf8')).toContain('about a');

    await writeSite(site('c'), out, guard());
    await expectComplete(out);
    expect(await filesIn(out)).toEqual([MARKER, 'about/index.html', site('c')[0]!.path, 'index.html'].sort());
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('a page is in place before the stylesheet it replaces goes', async () => {
    await writeSite(site('a'), out, guard());
    await writeSite(site('b'), out, guard());
    await expectComplete(out);
    expect(await filesIn(out)).toEqual([MARKER, 'about/index.html', site('b')[0]!.path, 'index.html'].sort());
  });
});

describe('what a killed build left beside the output folder', () => {
  it('is removed when it proves to be a build’s own, and kept when it does not', async () => {
    const leftover = async (name: string, files: Record<string, string>) => {
      for (const [file, contents] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(parent, name, file)), { recursive: true });
        await writeFile(path.join(parent, name, file), contents);
      }
      await mkdir(path.join(parent, name), { recursive: true });
    };
    const marker = (files: string[]) => JSON.stringify({ builtBy: 'site build', files });
    await leftover('.out-new-dist-killed', { [MARKER]: marker(['index.html', 'assets/a.css']), 'index.html': 'x' });
    await leftover('.out-new-dist-empty', {});
    await leftover('.dist-new-older-old', { [MARKER]: marker(['index.html']), 'index.html': 'x' });
    await leftover('.out-new-dist-foreign', { [MARKER]: marker(['index.html']), 'index.html': 'x', 'notes.txt': 'mine' });
    await leftover('.out-new-dist-nomarker', { 'index.html': 'x' });
    await leftover('.out-new-other-killed', { [MARKER]: marker(['index.html']), 'index.html': 'x' });
    await writeSite(site('a'), out, guard());
    expect((await readdir(parent)).sort()).toEqual(['.out-new-dist-foreign', '.out-new-dist-nomarker', '.out-new-other-killed', 'dist']);
    expect(await readFile(path.join(parent, '.out-new-dist-foreign', 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('is ignored by git under any --out name', () => {
    for (const name of ['.out-new-dist-abc123', '.out-new-site-out-x1y2z3']) {
      const ignored = execFileSync('git', ['check-ignore', '--no-index', '-v', `${name}/index.html`], { cwd: ROOT, encoding: 'utf8' });
      expect(ignored).toContain('.gitignore');
    }
  });
});
