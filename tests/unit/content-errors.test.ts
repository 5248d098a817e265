import { readdirSync, existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { captureIo, contentWithFixture, FIXTURES } from '../helpers/content.js';

/**
 * Each folder in tests/fixtures is one kind of operator mistake laid over the shipped content;
 * its expected.txt is the whole of what `site check` prints. Set UPDATE_FIXTURES=1 to rewrite
 * them after an intended change of wording, then read the diff.
 */
const cases = readdirSync(FIXTURES).filter((name) => existsSync(path.join(FIXTURES, name, 'expected.txt')) || process.env.UPDATE_FIXTURES);

const temporary: string[] = [];
afterEach(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('site check on broken content', () => {
  it('has a fixture for every kind of mistake it promises to locate', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  for (const name of cases) {
    it(`prints the located problems for ${name}`, async () => {
      const dir = await contentWithFixture(name);
      temporary.push(dir);
      const io = captureIo(dir);
      const code = await main(['check', '--content', 'content'], io);
      const expectedFile = path.join(FIXTURES, name, 'expected.txt');
      if (process.env.UPDATE_FIXTURES) await writeFile(expectedFile, `${io.stderr()}\n`);
      expect(code).toBe(1);
      expect(io.stdout()).toBe('');
      expect(`${io.stderr()}\n`).toBe(await readFile(expectedFile, 'utf8'));
    });
  }
});
