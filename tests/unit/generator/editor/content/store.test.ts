import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, NotPlainFileError, readStored, versionOf, writeStored } from '../../../../../generator/editor/content/store.js';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'editor-store-'));
  file = path.join(dir, 'services.yaml');
  await writeFile(file, 'services: []\n');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('storing content files', () => {
  it('gives a file’s version as the sha256 of its bytes, and nothing for a missing file', async () => {
    expect(await readStored(file)).toEqual({
      text: 'services: []\n',
      version: createHash('sha256').update('services: []\n').digest('hex'),
    });
    expect(await readStored(path.join(dir, 'none.yaml'))).toBeUndefined();
  });

  it('replaces the file by renaming a finished copy over it, leaving no temporary file', async () => {
    const before = await stat(file);
    const version = await writeStored(file, 'services:\n  - id: a\n', versionOf('services: []\n'));
    expect(await readFile(file, 'utf8')).toBe('services:\n  - id: a\n');
    expect(version).toBe(versionOf('services:\n  - id: a\n'));
    // A new file took the old one's name (rename), rather than the old one being rewritten in place.
    expect((await stat(file)).ino).not.toBe(before.ino);
    expect(await readdir(dir)).toEqual(['services.yaml']);
  });

  it('refuses to write over a file changed since the version it was read at', async () => {
    await expect(writeStored(file, 'services: [x]\n', versionOf('something else'))).rejects.toBeInstanceOf(ConflictError);
    expect(await readFile(file, 'utf8')).toBe('services: []\n');
    await expect(writeStored(file, 'x: 1\n', undefined)).rejects.toBeInstanceOf(ConflictError);
    expect(await readdir(dir)).toEqual(['services.yaml']);
  });

  it('creates a file only when asked to with no version and it is not there', async () => {
    const created = path.join(dir, 'new.yaml');
    await writeStored(created, 'a: 1\n', undefined);
    expect(await readFile(created, 'utf8')).toBe('a: 1\n');
  });

  // The editor read files with a plain readFile while the content check refused them: a pipe
  // in a file's place held the editor's request for ever, a link to /dev/zero filled its memory.
  it('editor reading a pipe or a link the content check refuses: refused in words, at once', async () => {
    const pipe = path.join(dir, 'about.yaml');
    execFileSync('mkfifo', [pipe]);
    await expect(readStored(pipe)).rejects.toThrow(NotPlainFileError);
    const zero = path.join(dir, 'home.yaml');
    await symlink('/dev/zero', zero);
    await expect(readStored(zero)).rejects.toThrow(/home\.yaml is a link to another place/);
  }, 20_000);
});
