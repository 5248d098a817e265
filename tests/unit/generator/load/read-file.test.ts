import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { open, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CONTENT_BYTES } from '../../../../generator/load/read-file.js';
import { contentEachTest } from '../../../helpers/content-each-test.js';

/**
 * Every content file, the translation record (content/ml/translated-from.yaml) included, is read
 * by one reader: a plain file inside the content folder and of at most a few MB, or a located
 * problem. A link's target is never shown, a pipe never waited on, /dev/zero never read.
 */
const copy = contentEachTest();
const fifos: string[] = [];

afterEach(() => {
  // Should a reader be stuck opening a pipe, a writer that opens and closes it lets it go.
  for (const fifo of fifos.splice(0)) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // No reader was waiting.
    }
  }
});

async function check() {
  const { code, err } = await copy.site('check', '--content', copy.content);
  return { code, out: err };
}

const RECORD = 'ml/translated-from.yaml';

describe('the translation record goes through the same reader as every content file', () => {
  it('a record that is a link to a file outside content/ is refused, and its lines are never printed', async () => {
    const outside = path.join(copy.dir, 'private.yaml');
    await writeFile(outside, 'secret-token: hunter2-from-outside\n');
    await rm(path.join(copy.content, RECORD));
    await symlink(outside, path.join(copy.content, RECORD));
    const { code, out } = await check();
    expect(code).toBe(1);
    expect(out).toContain(`content/${RECORD}\n  ${RECORD} is a link to another place, but the site needs a plain file by that name`);
    expect(out).not.toContain('hunter2');
  });

  it('a record that is a pipe (mkfifo) is refused, and site check ends', { timeout: 20_000 }, async () => {
    const fifo = path.join(copy.content, RECORD);
    await rm(fifo);
    fifos.push(fifo);
    execFileSync('mkfifo', [fifo]);
    const { code, out } = await check();
    expect(code).toBe(1);
    expect(out).toContain(
      `content/${RECORD}\n  ${RECORD} is a special file (a pipe, a device or a socket), but the site needs a plain file by that name`,
    );
  });

  it('a record that is a link to /dev/zero is refused without reading it', { timeout: 20_000 }, async () => {
    await rm(path.join(copy.content, RECORD));
    await symlink('/dev/zero', path.join(copy.content, RECORD));
    const before = process.memoryUsage().rss;
    const { code, out } = await check();
    expect(code).toBe(1);
    expect(out).toContain(`${RECORD} is a link to another place`);
    expect(process.memoryUsage().rss - before).toBeLessThan(512 * 1024 * 1024);
  });

  it('a record larger than the cap is refused, saying the cap', async () => {
    const file = await open(path.join(copy.content, RECORD), 'r+');
    await file.truncate(MAX_CONTENT_BYTES + 1);
    await file.close();
    const { code, out } = await check();
    expect(code).toBe(1);
    expect(out).toContain(`content/${RECORD}\n  ${RECORD} is larger than 4 MB, the most a content file may hold`);
  });
});

describe('every other content file', () => {
  it('a pipe in the place of site.yaml is refused, and site check ends', { timeout: 20_000 }, async () => {
    const fifo = path.join(copy.content, 'site.yaml');
    await rm(fifo);
    fifos.push(fifo);
    execFileSync('mkfifo', [fifo]);
    const { code, out } = await check();
    expect(code).toBe(1);
    expect(out).toContain('content/site.yaml\n  site.yaml is a special file (a pipe, a device or a socket)');
  });

  it('a file of exactly the cap is read; one byte more is refused', async () => {
    const file = await open(path.join(copy.content, 'ml', 'services.yaml'), 'r+');
    await file.truncate(MAX_CONTENT_BYTES);
    await file.close();
    expect((await check()).out).not.toContain('is larger than 4 MB');
    const again = await open(path.join(copy.content, 'ml', 'services.yaml'), 'r+');
    await again.truncate(MAX_CONTENT_BYTES + 1);
    await again.close();
    expect((await check()).out).toContain('ml/services.yaml is larger than 4 MB');
  });

  it('a folder of content files that is a link is refused once, and nothing is read through it', async () => {
    const outside = path.join(copy.dir, 'pages-elsewhere');
    await rename(path.join(copy.content, 'pages'), outside);
    await writeFile(path.join(outside, 'home.yaml'), 'secret-token: hunter2-from-outside\n');
    await symlink(outside, path.join(copy.content, 'pages'));
    const { code, out } = await check();
    expect(code).toBe(1);
    expect(out.split('pages is a link to another place').length - 1).toBe(1);
    expect(out).not.toContain('hunter2');
  });
});
