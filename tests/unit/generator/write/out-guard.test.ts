import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { MARKER } from '../../../../generator/write/out-guard.js';
import { captureIo, SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * `site build --out DIR` on a throwaway project (package.json, content/, templates/, static/,
 * client/, .git/, README.md and an unrelated file): every folder it must not replace is refused
 * with exit 1 and a message naming the folder as typed from where the command ran, and after all
 * of them the project is exactly as it was.
 */

let parent: string;
let projectDir: string;
let before: Record<string, string>;

async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(dir, file);
    out[key] = entry.isFile()
      ? createHash('sha256')
          .update(await readFile(file))
          .digest('hex')
      : entry.isDirectory()
        ? 'folder'
        : 'other';
  }
  return out;
}

beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'site-out-'));
  projectDir = path.join(parent, 'movers');
  await cp(SAMPLE_CONTENT, path.join(projectDir, 'content'), { recursive: true });
  for (const folder of ['templates', 'static', 'client', '.git']) {
    await mkdir(path.join(projectDir, folder));
    await writeFile(path.join(projectDir, folder, 'keep.txt'), `${folder} belongs to the project`);
  }
  await writeFile(path.join(projectDir, 'package.json'), '{"name":"movers"}');
  await writeFile(path.join(projectDir, 'README.md'), '# Movers');
  await writeFile(path.join(projectDir, 'afile.txt'), 'notes');
  await mkdir(path.join(projectDir, 'some-folder'));
  await writeFile(path.join(projectDir, 'some-folder', 'unrelated.txt'), 'keep me');
  before = await snapshot(projectDir);
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

async function build(out: string, cwd = projectDir): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo(cwd);
  const code = await main(['build', '--content', path.join(projectDir, 'content'), '--out', out], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

const REFUSED: Array<{ name: string; out: string; cwd?: () => string; says: RegExp }> = [
  {
    name: 'the project folder (--out .)',
    out: '.',
    says: /^Refusing to write the site into \. \(the folder you are in\): it is the project folder itself/,
  },
  { name: 'an empty name (--out "")', out: '', says: /^--out needs the name of a folder to write the site into, but it was empty\./ },
  { name: 'blank space (--out " ")', out: ' ', says: /^--out needs the name of a folder/ },
  {
    name: 'a folder holding the project (--out ..)',
    out: '..',
    says: /^Refusing to write the site into \.\.: it holds the project folder\./,
  },
  {
    name: 'the project folder from outside it',
    out: 'movers',
    cwd: () => parent,
    says: /^Refusing to write the site into \.\/movers: it holds the content folder \.\/movers\/content\./,
  },
  { name: 'content/', out: 'content', says: /^Refusing to write the site into \.\/content: it holds the content folder \.\/content\./ },
  {
    name: 'a new folder inside content/',
    out: 'content/site',
    says: /^Refusing to write the site into \.\/content\/site: it is inside the content folder \.\/content\./,
  },
  {
    name: 'templates/',
    out: 'templates',
    says: /^Refusing to write the site into \.\/templates: \.\/templates holds the project's own files, not built pages\./,
  },
  { name: 'static/', out: 'static', says: /\.\/static holds the project's own files/ },
  { name: 'client/', out: 'client', says: /\.\/client holds the project's own files/ },
  { name: '.git', out: '.git', says: /\.\/\.git holds the project's own files/ },
  { name: 'the home folder', out: '~home~', says: /: it is your home folder\./ },
  { name: 'the filesystem root', out: '/', says: /^Refusing to write the site into \/: it is the root of the file system/ },
  { name: 'a file', out: 'afile.txt', says: /^Refusing to write the site into \.\/afile\.txt: it is a file, not a folder\./ },
  {
    name: 'a folder holding files the build did not write',
    out: 'some-folder',
    says: /^Refusing to write the site into \.\/some-folder: it already holds files that site build did not write \(unrelated\.txt\), and building would delete them\./,
  },
];

describe('site build --out refuses to replace what it did not create', () => {
  for (const { name, out, cwd, says } of REFUSED) {
    it(`refuses ${name}, exit 1, nothing changed`, async () => {
      const home = process.env.HOME;
      const fakeHome = path.join(parent, 'home');
      await mkdir(fakeHome, { recursive: true });
      process.env.HOME = fakeHome;
      try {
        const result = await build(out === '~home~' ? fakeHome : out, cwd?.());
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toMatch(says);
        expect(result.stderr).toMatch(/\n {2}hint: /);
        expect(result.stderr).not.toMatch(/\n\s+at /);
      } finally {
        process.env.HOME = home;
      }
      expect(await snapshot(projectDir)).toEqual(before);
      expect((await readdir(parent)).sort()).toEqual(['home', 'movers']);
    });
  }

  it('writes a new folder, then replaces its own build again and again', async () => {
    const first = await build('site-out');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Built \d+ files into \.\/site-out in \d+ ms\./);
    expect(await readdir(path.join(projectDir, 'site-out'))).toContain(MARKER);
    const second = await build('site-out');
    expect(second.code, second.stderr).toBe(0);
    await rm(path.join(projectDir, 'site-out'), { recursive: true });
  });

  it('fills an empty folder', async () => {
    await mkdir(path.join(projectDir, 'empty'));
    const result = await build('empty');
    expect(result.code, result.stderr).toBe(0);
    expect(await readdir(path.join(projectDir, 'empty'))).toContain('index.html');
    await rm(path.join(projectDir, 'empty'), { recursive: true });
  });

  it('refuses a previous build to which a file was added by hand, naming the file', async () => {
    expect((await build('dist')).code).toBe(0);
    await writeFile(path.join(projectDir, 'dist', 'CNAME'), 'www.periyarpackers.in');
    const result = await build('dist');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Refusing to write the site into \.\/dist: it holds a previous build, but also a file the build did not write \(CNAME\)/,
    );
    expect(result.stderr).toContain('hint: move those files out of the folder (to static/ if they belong on the site');
    expect(await readFile(path.join(projectDir, 'dist', 'CNAME'), 'utf8')).toBe('www.periyarpackers.in');
    await rm(path.join(projectDir, 'dist'), { recursive: true });
  });

  it('recognises a build written before builds carried a marker, by its files', async () => {
    expect((await build('dist')).code).toBe(0);
    await rm(path.join(projectDir, 'dist', MARKER));
    const result = await build('dist');
    expect(result.code, result.stderr).toBe(0);
    expect((await stat(path.join(projectDir, 'dist', MARKER))).isFile()).toBe(true);
    await rm(path.join(projectDir, 'dist'), { recursive: true });
  });

  it('prints the folder relative to where the command ran, never as /', async () => {
    const nested = path.join(projectDir, 'some-folder');
    const result = await build('../dist', nested);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Built \d+ files into \.\.\/dist in/);
    await rm(path.join(projectDir, 'dist'), { recursive: true });
    expect(await snapshot(projectDir)).toEqual(before);
  });
});
