import { cp, readdir, readFile, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { captureIo, contentWithFixture } from '../../../helpers/content.js';

/**
 * `site translations --accept` writes the record of a translation's English inside content/ and
 * nowhere else: a translation folder, a translation file or the record that is a link (which
 * site check calls "a link to another place") is refused, and nothing is written.
 */
let dir: string;
let content: string;

beforeEach(async () => {
  dir = await contentWithFixture('translation-outdated');
  content = path.join(dir, 'content');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function accept(target: string) {
  const io = captureIo(dir);
  const code = await main(['translations', '--accept', target], io);
  return { code, out: io.stderr() };
}

/** Every file under `folder` with its text, to show that nothing in it changed. */
async function snapshot(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const texts = await Promise.all(names.map(async (entry) => [path.relative(folder, path.join(entry.parentPath, entry.name)), await readFile(path.join(entry.parentPath, entry.name), 'utf8')]));
  return Object.fromEntries(texts);
}

describe('site translations --accept refuses links', () => {
  it('refuses an ml/ folder that is a link outside content/, and writes nothing through it', async () => {
    const outside = path.join(dir, 'ml-elsewhere');
    await rename(path.join(content, 'ml'), outside);
    await symlink(outside, path.join(content, 'ml'));
    const before = await snapshot(outside);
    const { code, out } = await accept('content/ml');
    expect(code).toBe(1);
    expect(out).toContain('content/ml\n  ml is a link to another place.');
    expect(await snapshot(outside)).toEqual(before);
  });

  it('refuses a translation file that is a link, and leaves the record as it was', async () => {
    const outside = path.join(dir, 'services-elsewhere.yaml');
    await cp(path.join(content, 'ml', 'services.yaml'), outside);
    await rm(path.join(content, 'ml', 'services.yaml'));
    await symlink(outside, path.join(content, 'ml', 'services.yaml'));
    const record = await readFile(path.join(content, 'ml', 'translated-from.yaml'), 'utf8');
    const { code, out } = await accept('content/ml/services.yaml');
    expect(code).toBe(1);
    expect(out).toContain('ml/services.yaml is a link to another place');
    expect(await readFile(path.join(content, 'ml', 'translated-from.yaml'), 'utf8')).toBe(record);
  });

  it('refuses a record that is a link, and leaves the file it points to as it was', async () => {
    const outside = path.join(dir, 'record-elsewhere.yaml');
    await rename(path.join(content, 'ml', 'translated-from.yaml'), outside);
    await symlink(outside, path.join(content, 'ml', 'translated-from.yaml'));
    const before = await readFile(outside, 'utf8');
    const { code, out } = await accept('content/ml');
    expect(code).toBe(1);
    expect(out).toContain('ml/translated-from.yaml is a link to another place');
    expect(await readFile(outside, 'utf8')).toBe(before);
    expect((await readdir(path.join(content, 'ml'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('still records a plain folder', async () => {
    expect((await accept('content/ml')).code).toBe(0);
  });
});
