import path from 'node:path';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.js';
import { isMovePrice } from '../../../templates/move-prices.js';
import { contentWithFixture } from '../../helpers/content.js';
import { closeParser, parseHtml, textOf } from '../../helpers/dom.js';

const note = (text: string) => ({ pricing: { starting: 1000, note: text } });

describe('a price is a move’s', () => {
  it('unless its note gives a span of time or a quantity, in English or Malayalam', () => {
    for (const text of [
      'per month',
      'Per Month, for a room of boxes',
      '₹/day',
      'a week',
      'per km beyond 100 km',
      'per box',
      'monthly',
      'പ്രതിമാസം',
      'ഓരോ മാസവും',
      'ഒരു ദിവസത്തിന്',
    ])
      expect(isMovePrice(note(text)), text).toBe(false);
    for (const text of [
      'for a 1 BHK move within the same city',
      'per pet, for a move within Kerala',
      'for a small office',
      'done in a day',
      'ഒരേ നഗരത്തിനുള്ളിൽ 1 BHK ഷിഫ്റ്റിംഗിന്',
      'ഒരു മൃഗത്തിന്, കേരളത്തിനുള്ളിലെ യാത്രയ്ക്ക്',
    ])
      expect(isMovePrice(note(text)), text).toBe(true);
  });
});

/** tests/fixtures/storage-cheapest: storage at ₹1,999 per month, below every move's starting price. */
describe('a site whose storage per month costs less than any move', () => {
  let dir: string;
  let built: BuildResult;
  beforeAll(async () => {
    dir = await contentWithFixture('storage-cheapest');
    built = await build({ contentDir: path.join(dir, 'content'), now: new Date('2026-06-01T00:00:00Z') });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await closeParser();
  });
  const html = (file: string) => String(built.files.find((f) => f.path === file)!.contents);
  const jsonLd = (file: string) =>
    JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html(file))![1]!) as { priceRange: string };

  it('quotes the lowest price of a move on the home page, not the month of storage (regression: "Moves from ₹1,999")', () => {
    for (const file of ['index.html', 'ml/index.html']) {
      const price = textOf(parseHtml(html(file)).querySelector('.hero-price')!);
      expect(price, file).toContain('₹3,999');
      expect(price, file).not.toContain('₹1,999');
    }
  });

  it('gives search engines the moves’ range, and the storage price apart with its unit', () => {
    expect(jsonLd('index.html').priceRange).toBe('₹3,999 - ₹25,999; Storage Solutions: ₹1,999 per month');
    expect(jsonLd('ml/index.html').priceRange).toMatch(/^₹3,999 - ₹25,999; .+: ₹1,999 പ്രതിമാസം$/);
  });
});
