import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../../../generator/build.js';
import { Session } from '../../../../generator/contract/session.js';
import { loadContent } from '../../../../generator/load/load.js';
import { SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * `site dev` and the editor load the content again on every save and take the parse of each file
 * whose text is unchanged from the last load. What an operator sees must always follow the text
 * on disk: every edit, every edit undone, and every mistake, each time the content is checked.
 */
let dir: string;
let services: string;
/** The memory a dev server keeps while it runs. */
let session: Session;

beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'site-load-reuse-')), 'content');
  await cp(SAMPLE_CONTENT, dir, { recursive: true });
  services = path.join(dir, 'services.yaml');
  session = new Session();
});
afterEach(async () => {
  await rm(path.dirname(dir), { recursive: true, force: true });
});

const firstPrice = async () => (await checkContent(dir, { session })).site?.services[0]?.pricing.starting;

describe('loading the content again', () => {
  it("takes an unchanged file's parse from the session, and without one parses it afresh", async () => {
    const [first, second] = [await loadContent(dir, { session }), await loadContent(dir, { session })];
    expect(second.files[0]!.doc).toBe(first.files[0]!.doc);
    const [once, again] = [await loadContent(dir), await loadContent(dir)];
    expect(again.files[0]!.doc).not.toBe(once.files[0]!.doc);
  });

  it('follows every edit and its undoing, even one that keeps the file the same length', async () => {
    const original = await readFile(services, 'utf8');
    const price = (await firstPrice())!;
    const other = price % 10 === 9 ? price - 1 : price + 1;
    expect(String(other)).toHaveLength(String(price).length);
    await writeFile(services, original.replace(`starting: ${price}`, `starting: ${other}`));
    expect(await firstPrice()).toBe(other);
    await writeFile(services, original);
    expect(await firstPrice()).toBe(price);
  });

  it('reports a mistake on every check while it is there, and not after it is fixed', async () => {
    const original = await readFile(services, 'utf8');
    await writeFile(services, original.replace(/\n(\s+)starting: (\d+)/, '\n$1starting: $2\n$1  note: [broken'));
    for (let check = 0; check < 2; check++) {
      const { problems, site } = await checkContent(dir, { session });
      expect(site).toBeUndefined();
      expect(problems.filter((problem) => problem.file === services && problem.code === 'yaml-syntax')).not.toHaveLength(0);
    }
    await writeFile(services, original);
    const fixed = await checkContent(dir, { session });
    expect([fixed.problems, fixed.site !== undefined]).toEqual([[], true]);
  });
});
