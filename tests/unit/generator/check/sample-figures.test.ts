/**
 * The sample company's figures kept by another company (tests/fixtures/stranger: its own name,
 * phone and GSTIN, its own count of moves, the sample's rating, reviews, satisfaction and cities).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../../../generator/build.js';
import { SAMPLE_FIGURES } from '../../../../generator/check/sample-figures.js';
import { FIXTURES, SAMPLE_CONTENT } from '../../../helpers/content.js';

let dir: string;
let site: string;
let written: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-sample-figures-'));
  await cp(path.join(FIXTURES, 'stranger/content'), path.join(dir, 'content'), { recursive: true });
  site = path.join(dir, 'content/site.yaml');
  written = await readFile(site, 'utf8');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const figures = async (text: string, strict = false) => {
  await writeFile(site, text);
  const checked = await checkContent(path.join(dir, 'content'), { strict });
  // A strict check (the deploy's) refuses what it refuses: those are its problems, not its warnings.
  return (strict ? checked.problems : checked.warnings).filter(
    (problem) => problem.code === 'sample-claim' && problem.path.startsWith('stats'),
  );
};

describe('the sample company’s figures', () => {
  it('are the figures of the sample content, by id', async () => {
    const sample = parse(await readFile(path.join(SAMPLE_CONTENT, 'site.yaml'), 'utf8')) as { stats: { id: string; value: string }[] };
    expect(Object.fromEntries(sample.stats.filter((stat) => stat.id !== 'years').map((stat) => [stat.id, stat.value]))).toEqual(
      SAMPLE_FIGURES,
    );
  });

  it('kept by another company are refused by the deploy, each at its value, its own figures not', async () => {
    const theirs = written.replace(/^ {2}textsWrittenFor: .*\n/m, '');
    const claims = await figures(theirs, true);
    expect(claims.map((claim) => claim.path)).toEqual([
      'stats[satisfaction].value',
      'stats[rating].value',
      'stats[reviews].value',
      'stats[cities].value',
    ]);
    expect(claims[1]!.message).toBe(
      "This figure is still the sample company's (\"4.9/5\" Average Rating): visitors would read that company's record as this one's.",
    );
    expect(claims[1]!.line).toBe(theirs.split('\n').findIndex((line) => line.includes('"4.9/5"')) + 1);
  });

  it('are not questioned once the company says its texts were written for it, nor in the sample itself', async () => {
    expect(await figures(written)).toEqual([]);
    await writeFile(site, written);
    const sample = await checkContent(SAMPLE_CONTENT);
    expect(sample.warnings.filter((warning) => warning.code === 'sample-claim')).toEqual([]);
  });
});
