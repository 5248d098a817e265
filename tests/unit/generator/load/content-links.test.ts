import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { captureIo, contentWithFixture } from '../../../helpers/content.js';

/**
 * The site reads only plain files inside content/, and follows no link out of it: a link or a
 * folder where a file should be is a located problem (exit 1), never a crash or a walk of /usr.
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

async function check() {
  const io = captureIo(dir);
  const code = await main(['check', '--content', content], io);
  return { code, out: io.stderr() };
}

describe('links and folders in content/', () => {
  it('reports a link to /usr by its name, without following it', async () => {
    await symlink('/usr', path.join(content, 'zz'));
    const { code, out } = await check();
    expect(code).toBe(1);
    expect(out).toContain('content/zz\n  zz is a link to another place.');
  });

  it('refuses a content file that is a link, even to a good copy outside', async () => {
    const outside = path.join(dir, 'site-copy.yaml');
    await rename(path.join(content, 'site.yaml'), outside);
    await symlink(outside, path.join(content, 'site.yaml'));
    const { code, out } = await check();
    expect(code).toBe(1);
    expect(out).toContain('content/site.yaml\n  site.yaml is a link to another place, but the site needs a plain file by that name');
  });

  it('refuses a folder named whatsapp.yaml, located, instead of crashing', async () => {
    const file = path.join(content, 'whatsapp.yaml');
    await rm(file);
    await mkdir(file);
    await writeFile(path.join(file, 'inner.txt'), 'x');
    const { code, out } = await check();
    expect(code).toBe(1);
    expect(out).toContain('content/whatsapp.yaml\n  whatsapp.yaml is a folder, but the site needs a plain file by that name');
    expect(out).not.toContain('this is a bug');
  });

  it('refuses a Malayalam folder that is a link', async () => {
    const ml = path.join(content, 'ml');
    await rename(ml, path.join(dir, 'ml-elsewhere'));
    await symlink(path.join(dir, 'ml-elsewhere'), ml);
    const { code, out } = await check();
    expect(code).toBe(1);
    expect(out).toContain('content/ml\n  ml is a link to another place.');
  });
});
