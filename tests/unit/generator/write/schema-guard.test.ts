import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentEachTest } from '../../../helpers/content-each-test.js';

/**
 * `site schema --out` never writes into a content folder or a folder inside one, however the
 * folder is named on the command line: through a link, or a content folder of another name
 * (one that holds site.yaml). The next `site check` would otherwise have to explain the files.
 */
const copy = contentEachTest();
const schema = (out: string) => copy.site('schema', '--out', out);

const listing = async (folder: string) => (await readdir(folder, { recursive: true })).sort();

describe('site schema --out refuses a content folder', () => {
  it('refuses a folder inside content/ reached through a link, and writes nothing', async () => {
    await symlink(copy.content, path.join(copy.dir, 'alias'));
    const before = await listing(copy.content);
    for (const out of ['alias/pages', 'alias/ml', 'alias/new-folder']) {
      const { code, err } = await schema(out);
      expect(code, out).toBe(1);
      expect(err).toMatch(
        /^Refusing to write the schemas into .*: .*content holds the content, which Publish shares, not schemas\. Nothing was written\.$/m,
      );
    }
    expect(await listing(copy.content)).toEqual(before);
  });

  it('refuses a content folder of another name, known by its site.yaml, and any folder inside it', async () => {
    const other = path.join(copy.dir, 'second-site');
    await mkdir(path.join(other, 'pages'), { recursive: true });
    await writeFile(path.join(other, 'site.yaml'), 'company:\n  name: Second\n');
    for (const out of ['second-site', 'second-site/pages', 'second-site/new-folder']) {
      const { code, err } = await schema(out);
      expect(code, out).toBe(1);
      expect(err).toContain('second-site holds the content (its site.yaml), which Publish shares, not schemas. Nothing was written.');
    }
    expect(await listing(other)).toEqual(['pages', 'site.yaml']);
  });

  it('refuses a folder whose pages/ or ml/ is a link into content/, which wrote the schemas among the content files', async () => {
    const before = await listing(copy.content);
    for (const inside of ['pages', 'ml']) {
      const out = path.join(copy.dir, `schemas-${inside}`);
      await mkdir(out);
      await symlink(path.join(copy.content, inside), path.join(out, inside));
      const { code, err } = await schema(`schemas-${inside}`);
      expect(code, err).toBe(1);
      expect(err).toMatch(
        new RegExp(
          `^Refusing to write the schemas into .*schemas-${inside}: ${inside} in it is a link to another place\\. Nothing was written\\.$`,
          'm',
        ),
      );
    }
    expect(await listing(copy.content)).toEqual(before);
  });

  it('still writes into a folder of its own', async () => {
    expect((await schema('editor-schemas')).code).toBe(0);
  });
});
