import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MARKER } from '../../../../generator/write/out-guard.js';
import { writeSite } from '../../../../generator/write/write.js';
import { ROOT } from '../../../helpers/content.js';

let parent: string;
const guard = () => ({ cwd: parent, projectRoot: ROOT, contentDir: path.join(parent, 'content') });
beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'site-write-'));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('writeSite', () => {
  it('replaces a previous build with exactly the new files and its marker', async () => {
    const out = path.join(parent, 'dist');
    await writeSite(
      [
        { path: 'index.html', contents: 'old' },
        { path: 'gone.txt', contents: 'x' },
      ],
      out,
      guard(),
    );
    await writeSite(
      [
        { path: 'index.html', contents: 'new' },
        { path: 'about/index.html', contents: 'about' },
      ],
      out,
      guard(),
    );
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('new');
    expect(await readFile(path.join(out, 'about/index.html'), 'utf8')).toBe('about');
    expect((await readdir(out)).sort()).toEqual([MARKER, 'about', 'index.html']);
    expect(JSON.parse(await readFile(path.join(out, MARKER), 'utf8'))).toEqual({
      builtBy: 'site build',
      files: ['about/index.html', 'index.html'],
    });
  });

  it('leaves the previous site untouched and no stray folders when writing fails part-way', async () => {
    const out = path.join(parent, 'dist');
    await writeSite([{ path: 'index.html', contents: 'last good' }], out, guard());
    // A file and a folder of the same name cannot both exist: the second write fails mid-way.
    const failing = writeSite(
      [
        { path: 'index.html', contents: 'half written' },
        { path: 'about', contents: 'a file' },
        { path: 'about/index.html', contents: 'cannot go here' },
      ],
      out,
      guard(),
    );
    await expect(failing).rejects.toThrow();
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('last good');
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('refuses a file path that would land outside the output folder', async () => {
    await expect(writeSite([{ path: '../escape.txt', contents: 'x' }], path.join(parent, 'dist'), guard())).rejects.toThrow(/outside/);
    expect(await readdir(parent)).toEqual([]);
  });

  it('writes folders a web server can enter and files it can read, whatever the umask (755 and 644)', async () => {
    const out = path.join(parent, 'dist');
    const umask = process.umask(0o077);
    try {
      await writeSite(
        [
          { path: 'index.html', contents: 'x' },
          { path: 'assets/deep/a.css', contents: 'y' },
        ],
        out,
        guard(),
      );
    } finally {
      process.umask(umask);
    }
    const mode = async (file: string) => ((await stat(path.join(out, file))).mode & 0o777).toString(8);
    expect(await mode('.')).toBe('755');
    expect(await mode('assets')).toBe('755');
    expect(await mode('assets/deep')).toBe('755');
    expect(await mode('index.html')).toBe('644');
    expect(await mode('assets/deep/a.css')).toBe('644');
    expect(await mode(MARKER)).toBe('644');
  });
});
