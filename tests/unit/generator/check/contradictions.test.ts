import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkContent } from '../../../../generator/build.js';
import { formatPath } from '../../../../generator/problems/locate.js';
import { MAX_PROBLEMS_PER_FILE } from '../../../../generator/problems/problem.js';
import { locateWords } from '../../../../generator/check/texts.js';
import { contentWithFixture } from '../../../helpers/content.js';

// Both wrap the real functions, counted: locating a warning and naming its place were done once
// per pair of warnings of a file, which is what made a long file take minutes.
vi.mock('../../../../generator/problems/locate.js', async (actual) => {
  const real = await actual<typeof import('../../../../generator/problems/locate.js')>();
  return { ...real, formatPath: vi.fn(real.formatPath) };
});
vi.mock('../../../../generator/check/texts.js', async (actual) => {
  const real = await actual<typeof import('../../../../generator/check/texts.js')>();
  return { ...real, locateWords: vi.fn(real.locateWords) };
});

const NOW = new Date('2031-05-01T12:00:00Z');
const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A paragraph of about 5,000 characters that gives a founding year 270 times, each one another than the sample's 2008. */
function paragraph(): string {
  const sentences: string[] = [];
  for (let year = 0; sentences.join(' ').length < 4_900; year++)
    sentences.push(`${year % 400 < 200 ? 'Since' : 'since'} ${1900 + (year % 200)} we moved.`.replace('2008', '2009'));
  return sentences.join(' ');
}

/** The sample content with its story told in `count` such paragraphs. */
async function storyOf(count: number): Promise<string> {
  const dir = await contentWithFixture();
  temporary.push(dir);
  const file = path.join(dir, 'content/pages/about.yaml');
  const lines = Array.from({ length: count }, () => `    - ${paragraph()}`).join('\n');
  await writeFile(file, (await readFile(file, 'utf8')).replace(/ {2}paragraphs:\n( {4}- .*\n)+/, `  paragraphs:\n${lines}\n`));
  return path.join(dir, 'content');
}

describe('a file stating a fact otherwise in thousands of places (64 paragraphs of years took two minutes and 2 GB)', () => {
  it('shows the first 50 of them and says how many were left out', async () => {
    const content = await storyOf(8);
    const { warnings } = await checkContent(content, { now: NOW });
    const about = warnings.filter((warning) => warning.file === path.join(content, 'pages/about.yaml'));
    const said = about.filter((warning) => warning.code === 'fact-contradicted');
    expect(said).toHaveLength(MAX_PROBLEMS_PER_FILE);
    expect(said[0]).toMatchObject({
      path: 'story.paragraphs[1]',
      line: 19,
      column: 7,
      message: expect.stringContaining('This text says "Since 1900"'),
    });
    const notice = about.find((warning) => warning.code === 'too-many-problems');
    // Each paragraph says each of its years once, however often it repeats one.
    const places = 8 * new Set(paragraph().match(/since \d{4}/gi)).size;
    expect(places).toBeGreaterThan(1_000);
    expect(notice).toMatchObject({
      severity: 'warning',
      more: 'fact-contradicted',
      message: expect.stringContaining(`in ${places} places`),
    });
  });

  it('is looked at once, not once per warning, in 128 paragraphs of 5,000 characters', async () => {
    const content = await storyOf(128);
    vi.mocked(formatPath).mockClear();
    vi.mocked(locateWords).mockClear();
    const { warnings } = await checkContent(content, { now: NOW });
    const about = warnings.filter((warning) => warning.file === path.join(content, 'pages/about.yaml'));
    expect(about.filter((warning) => warning.code === 'fact-contradicted')).toHaveLength(MAX_PROBLEMS_PER_FILE);
    const notice = about.find((warning) => warning.code === 'too-many-problems');
    expect(Number(/in (\d+) places/.exec(notice!.message)![1])).toBeGreaterThan(25_000);
    // Only the warnings shown are located, and places are named a few times per text of the
    // content: not once per stretch found (nor, as they were, once per pair of stretches).
    expect(vi.mocked(locateWords).mock.calls.length).toBeLessThanOrEqual(MAX_PROBLEMS_PER_FILE * 2);
    expect(vi.mocked(formatPath).mock.calls.length).toBeLessThan(10_000);
  }, 120_000);
});
