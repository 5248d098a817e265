import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSite } from '../../generator/write.js';

let parent: string;
beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'site-write-'));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('writeSite', () => {
  it('replaces the folder with exactly the new files', async () => {
    const out = path.join(parent, 'dist');
    await writeSite([{ path: 'index.html', contents: 'old' }, { path: 'gone.txt', contents: 'x' }], out);
    await writeSite([{ path: 'index.html', contents: 'new' }, { path: 'about/index.html', contents: 'about' }], out);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('new');
    expect(await readFile(path.join(out, 'about/index.html'), 'utf8')).toBe('about');
    expect((await readdir(out)).sort()).toEqual(['about', 'index.html']);
  });

  it('leaves the previous site untouched and no stray folders when writing fails part-way', async () => {
    const out = path.join(parent, 'dist');
    await writeSite([{ path: 'index.html', contents: 'last good' }], out);
    // A file and a folder of the same name cannot both exist: the second write fails mid-way.
    const failing = writeSite(
      [
        { path: 'index.html', contents: 'half written' },
        { path: 'about', contents: 'a file' },
        { path: 'about/index.html', contents: 'cannot go here' },
      ],
      out,
    );
    await expect(failing).rejects.toThrow();
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('last good');
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('refuses a file path that would land outside the output folder', async () => {
    await expect(writeSite([{ path: '../escape.txt', contents: 'x' }], path.join(parent, 'dist'))).rejects.toThrow(/outside/);
    expect(await readdir(parent)).toEqual([]);
  });
});
