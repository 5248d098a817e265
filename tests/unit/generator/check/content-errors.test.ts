import { readdirSync, existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { captureIo, contentWithFixture, FIXTURES, replacePlaceholders } from '../../../helpers/content.js';

/**
 * Each folder in tests/fixtures is one kind of operator mistake laid over the sample content;
 * its expected.txt is the whole of what `site check` prints. A folder with warnings.txt instead
 * holds a likely mistake that does not stop a build: over the sample with its placeholders
 * replaced, `site check` prints exactly that and succeeds, and `site check --strict` refuses it;
 * when its refused-by.txt names another flag (--complete-translations), `--strict` accepts it and
 * only that flag refuses it.
 * Set UPDATE_FIXTURES=1 to rewrite them after an intended change of wording, then read the diff.
 */
const has = (name: string, file: string) => existsSync(path.join(FIXTURES, name, file));
const warningCases = readdirSync(FIXTURES).filter((name) => has(name, 'warnings.txt'));
const cases = readdirSync(FIXTURES).filter(
  (name) => has(name, 'expected.txt') || (process.env.UPDATE_FIXTURES && has(name, 'content') && !warningCases.includes(name)),
);

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

describe('site check on content with a likely mistake', () => {
  it('has a fixture for each kind of warning besides placeholders', () => {
    expect(warningCases.length).toBeGreaterThanOrEqual(2);
  });

  for (const name of warningCases) {
    it(`warns, located, about ${name}, and --strict refuses it`, async () => {
      const dir = await contentWithFixture(name);
      temporary.push(dir);
      await replacePlaceholders(dir);
      const io = captureIo(dir);
      const code = await main(['check', '--content', 'content'], io);
      const expectedFile = path.join(FIXTURES, name, 'warnings.txt');
      if (process.env.UPDATE_FIXTURES) await writeFile(expectedFile, `${io.stderr()}\n`);
      expect(code).toBe(0);
      expect(`${io.stderr()}\n`).toBe(await readFile(expectedFile, 'utf8'));
      expect(io.stderr()).toContain('(warning)');

      const refusedBy = has(name, 'refused-by.txt')
        ? (await readFile(path.join(FIXTURES, name, 'refused-by.txt'), 'utf8')).trim()
        : '--strict';
      const strict = captureIo(dir);
      const strictCode = await main(['check', '--strict', '--content', 'content'], strict);
      if (refusedBy === '--strict') {
        expect(strictCode).toBe(1);
        expect(strict.stderr()).not.toContain('(warning)');
        expect(strict.stderr()).toContain('a strict build (the deploy) refuses');
      } else {
        expect(strictCode).toBe(0);
        expect(strict.stderr()).toBe(io.stderr());
        const refused = captureIo(dir);
        expect(await main(['check', '--strict', refusedBy, '--content', 'content'], refused)).toBe(1);
        expect(refused.stderr()).not.toContain('(warning)');
        expect(refused.stderr()).toContain(`${refusedBy} refuses`);
      }
    });
  }
});
