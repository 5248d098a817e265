import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isSeq, parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.js';
import { rupeesText } from '../../helpers/content-rules.js';
import { contentWithFixture } from '../../helpers/content.js';
import { closeParser, heading, main, parseHtml, textOf } from '../../helpers/dom.js';

/**
 * A service's price bands and what changes its price: optional, and shown as a small table and a
 * list right under its price when the content gives them.
 */
let dir: string;
let built: BuildResult;
const BANDS = [
  { label: 'A room of boxes, for a month', from: 2999 },
  { label: 'A 2 BHK household, for a month', from: 8999 },
];
const FACTORS = ['How long you store', 'Pickup from an upper floor without a lift'];

beforeAll(async () => {
  dir = await contentWithFixture();
  const file = path.join(dir, 'content/services.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  const services = doc.get('services', true);
  if (!isSeq(services)) throw new Error('services.yaml has no list of services');
  const storage = services.items.find((item) => isMap(item) && item.get('id') === 'storage');
  if (!isMap(storage)) throw new Error('the sample has no storage service');
  storage.setIn(['pricing', 'bands'], doc.createNode(BANDS));
  storage.setIn(['pricing', 'factors'], doc.createNode(FACTORS));
  await writeFile(file, String(doc));
  built = await build({ contentDir: path.join(dir, 'content') });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeParser();
});

const page = (file: string) => parseHtml(String(built.files.find((f) => f.path === file)!.contents));

describe('price bands on /services', () => {
  test('show as a table of starting prices under the service’s price, with what changes the price', () => {
    const card = heading(main(page('services/index.html')), 'Storage Solutions', 2).closest('article')!;
    const table = card.querySelector('table')!;
    expect(textOf(table.querySelector('caption'))).toBe('Starting prices');
    const rows = Array.from(table.querySelectorAll('tr')).map((row) => [textOf(row.querySelector('th')), textOf(row.querySelector('td'))]);
    expect(rows).toEqual(BANDS.map((band) => [band.label, rupeesText(band.from)]));
    expect(
      Array.from(heading(card, 'What changes the price', 3).nextElementSibling!.querySelectorAll('li')).map((li) => textOf(li)),
    ).toEqual(FACTORS);
    // Right under the title: the price, then the bands, then the description.
    const price = Array.from(card.querySelectorAll('p')).find(
      (p) => textOf(p).includes(rupeesText(2999)) && textOf(p).startsWith('Starting from'),
    )!;
    const description = Array.from(card.querySelectorAll('p')).find((p) => textOf(p).length > 200)!;
    expect(price.compareDocumentPosition(table) & 4).toBeTruthy(); // DOCUMENT_POSITION_FOLLOWING
    expect(table.compareDocumentPosition(description) & 4).toBeTruthy(); // DOCUMENT_POSITION_FOLLOWING
  });

  test('a service without them shows neither', () => {
    const card = heading(main(page('services/index.html')), 'Residential Moving', 2).closest('article')!;
    expect(card.querySelector('table')).toBeNull();
    expect(textOf(card)).not.toContain('What changes the price');
  });

  test('the Malayalam page shows the bands, in English until they are translated', () => {
    const card = main(page('ml/services/index.html')).querySelector('#storage')!;
    const labels = Array.from(card.querySelectorAll('th span[lang="en"]')).map((span) => textOf(span));
    expect(labels).toEqual(BANDS.map((band) => band.label));
    expect(textOf(card.querySelector('caption'))).toBe('തുടക്ക നിരക്കുകൾ');
  });
});
