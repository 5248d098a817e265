import { cp, readdir, readFile, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentEachTest } from '../../../helpers/content-each-test.js';

/**
 * `site translations --accept` writes the record of a translation's English inside content/ and
 * nowhere else: a translation folder, a translation file or the record that is a link (which
 * site check calls "a link to another place") is refused, and nothing is written.
 */
const copy = contentEachTest('translation-outdated');
async function accept(target: string) {
  const { code, err } = await copy.site('translations', '--accept', target);
  return { code, out: err };
}

/** Every file under `folder` with its text, to show that nothing in it changed. */
async function snapshot(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const texts = await Promise.all(
    names.map(async (entry) => [
      path.relative(folder, path.join(entry.parentPath, entry.name)),
      await readFile(path.join(entry.parentPath, entry.name), 'utf8'),
    ]),
  );
  return Object.fromEntries(texts);
}

describe('site translations --accept refuses links', () => {
  it('refuses an ml/ folder that is a link outside content/, and writes nothing through it', async () => {
    const outside = path.join(copy.dir, 'ml-elsewhere');
    await rename(path.join(copy.content, 'ml'), outside);
    await symlink(outside, path.join(copy.content, 'ml'));
    const before = await snapshot(outside);
    const { code, out } = await accept('content/ml');
    expect(code).toBe(1);
    expect(out).toContain('content/ml\n  ml is a link to another place.');
    expect(await snapshot(outside)).toEqual(before);
  });

  it('refuses a translation file that is a link, and leaves the record as it was', async () => {
    const outside = path.join(copy.dir, 'services-elsewhere.yaml');
    await cp(path.join(copy.content, 'ml', 'services.yaml'), outside);
    await rm(path.join(copy.content, 'ml', 'services.yaml'));
    await symlink(outside, path.join(copy.content, 'ml', 'services.yaml'));
    const record = await readFile(path.join(copy.content, 'ml', 'translated-from.yaml'), 'utf8');
    const { code, out } = await accept('content/ml/services.yaml');
    expect(code).toBe(1);
    expect(out).toContain('ml/services.yaml is a link to another place');
    expect(await readFile(path.join(copy.content, 'ml', 'translated-from.yaml'), 'utf8')).toBe(record);
  });

  it('refuses a record that is a link, and leaves the file it points to as it was', async () => {
    const outside = path.join(copy.dir, 'record-elsewhere.yaml');
    await rename(path.join(copy.content, 'ml', 'translated-from.yaml'), outside);
    await symlink(outside, path.join(copy.content, 'ml', 'translated-from.yaml'));
    const before = await readFile(outside, 'utf8');
    const { code, out } = await accept('content/ml');
    expect(code).toBe(1);
    expect(out).toContain('ml/translated-from.yaml is a link to another place');
    expect(await readFile(outside, 'utf8')).toBe(before);
    expect((await readdir(path.join(copy.content, 'ml'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('still records a plain folder', async () => {
    expect((await accept('content/ml')).code).toBe(0);
  });
});
