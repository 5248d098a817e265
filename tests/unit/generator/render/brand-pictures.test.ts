import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '../../../../generator/schema/fields.js';
import { removeSamples, runSite, sampleWith, type SampleEdit } from '../../../helpers/edited-sample.js';

/**
 * The share picture holds whatever text the schema accepts: a long name or tagline is set smaller,
 * wrapped, and past what the picture can hold cut short with an ellipsis, so `site build` never
 * fails where `site check` said the content is valid.
 */
afterEach(removeSamples);

type Edit = SampleEdit;
const run = runSite;

async function expectShareCards(dir: string) {
  for (const file of ['share.png', 'share-ml.png']) {
    const meta = await sharp(await readFile(path.join(dir, 'dist', file))).metadata();
    expect([meta.width, meta.height], file).toEqual([1200, 630]);
  }
}

const SAMPLE_STATS = [
  { id: 'years', value: '${years}+', label: 'Years Experience' },
  { id: 'moves', value: '5000+', label: 'Happy Moves' },
  { id: 'satisfaction', value: '99%', label: 'Satisfaction' },
  { id: 'rating', value: '4.9/5', label: 'Average Rating' },
  { id: 'reviews', value: '1500+', label: 'Reviews' },
  { id: 'cities', value: '50+', label: 'Cities Served' },
];

/** `length` characters of words, as a long text is written. */
const words = (length: number, word = 'Packers') =>
  Array.from({ length }, () => word)
    .join(' ')
    .slice(0, length)
    .trim();

describe('the share picture fits any text the schema accepts', () => {
  it('a company name of 200 characters builds ("Image to composite must have same dimensions or smaller")', async () => {
    const dir = await sampleWith([['site.yaml', ['company', 'name'], 'A'.repeat(200)]]);
    expect((await run(dir, ['check', '--content', 'content'])).code).toBe(0);
    const built = await run(dir, ['build', '--content', 'content', '--out', 'dist']);
    expect(built.code, built.out).toBe(0);
    await expectShareCards(dir);
  }, 60_000);

  it('every text it shows at the schema’s limit, as one word or many, builds in both languages', async () => {
    const dir = await sampleWith([
      ['site.yaml', ['company', 'name'], words(MAX_TEXT_LENGTH, 'Movers')],
      ['site.yaml', ['company', 'tagline'], 'W'.repeat(MAX_TEXT_LENGTH)],
      // The picture shows the first two figures; the sample's texts name the others.
      [
        'site.yaml',
        ['stats'],
        [
          { id: 'long-value', value: '9'.repeat(MAX_TEXT_LENGTH), label: words(MAX_TEXT_LENGTH, 'years') },
          { id: 'long-words', value: words(MAX_TEXT_LENGTH, 'moves'), label: 'Moves' },
          ...SAMPLE_STATS,
        ],
      ],
      ['pages/home.yaml', ['hero', 'primary', 'label'], words(MAX_TEXT_LENGTH, 'Quote')],
      ['ml/site.yaml', ['company', 'tagline'], words(MAX_TEXT_LENGTH, 'പാക്കേഴ്സ്')],
      ['ml/pages/home.yaml', ['hero', 'primary', 'label'], 'ക'.repeat(MAX_TEXT_LENGTH)],
    ]);
    const checked = await run(dir, ['check', '--content', 'content']);
    expect(checked.code, checked.out).toBe(0);
    const built = await run(dir, ['build', '--content', 'content', '--out', 'dist']);
    expect(built.code, built.out).toBe(0);
    await expectShareCards(dir);
  }, 60_000);

  it('a tagline of ${company} written 27 times is refused by site check and site build alike, never "this is a bug"', async () => {
    const dir = await sampleWith([['site.yaml', ['company', 'tagline'], '${company}'.repeat(27)]]);
    const checked = await run(dir, ['check', '--content', 'content']);
    const built = await run(dir, ['build', '--content', 'content', '--out', 'dist']);
    expect(checked.code, checked.out).toBe(1);
    expect(built.code, built.out).toBe(1);
    expect(built.out).not.toContain('this is a bug');
    expect(built.out).toContain('company.tagline');
  }, 60_000);
});
