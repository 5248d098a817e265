import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { captureIo, contentWithFixture } from '../../../helpers/content.js';

/**
 * `site schema --out` never writes into a content folder or a folder inside one, however the
 * folder is named on the command line: through a link, or a content folder of another name
 * (one that holds site.yaml). The next `site check` would otherwise have to explain the files.
 */
let dir: string;
let content: string;

beforeEach(async () => {
  dir = await contentWithFixture();
  content = path.join(dir, 'content');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function schema(out: string) {
  const io = captureIo(dir);
  const code = await main(['schema', '--out', out], io);
  return { code, err: io.stderr() };
}

const listing = async (folder: string) => (await readdir(folder, { recursive: true })).sort();

describe('site schema --out refuses a content folder', () => {
  it('refuses a folder inside content/ reached through a link, and writes nothing', async () => {
    await symlink(content, path.join(dir, 'alias'));
    const before = await listing(content);
    for (const out of ['alias/pages', 'alias/ml', 'alias/new-folder']) {
      const { code, err } = await schema(out);
      expect(code, out).toBe(1);
      expect(err).toMatch(/^Refusing to write the schemas into .*: .*content holds the content, which Publish shares, not schemas\. Nothing was written\.$/m);
    }
    expect(await listing(content)).toEqual(before);
  });

  it('refuses a content folder of another name, known by its site.yaml, and any folder inside it', async () => {
    const other = path.join(dir, 'second-site');
    await mkdir(path.join(other, 'pages'), { recursive: true });
    await writeFile(path.join(other, 'site.yaml'), 'company:\n  name: Second\n');
    for (const out of ['second-site', 'second-site/pages', 'second-site/new-folder']) {
      const { code, err } = await schema(out);
      expect(code, out).toBe(1);
      expect(err).toContain('second-site holds the content (its site.yaml), which Publish shares, not schemas. Nothing was written.');
    }
    expect(await listing(other)).toEqual(['pages', 'site.yaml']);
  });

  it('still writes into a folder of its own', async () => {
    expect((await schema('editor-schemas')).code).toBe(0);
  });
});
