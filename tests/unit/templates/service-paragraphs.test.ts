import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isSeq, parseDocument } from 'yaml';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.js';
import { contentWithFixture } from '../../helpers/content.js';
import { closeParser, parseHtml, textOf } from '../../helpers/dom.js';

/**
 * A service's full description written in paragraphs (a blank line between them, as the editor's
 * box lets an owner type it) is shown in paragraphs; a single line break stays within one.
 */
let dir: string;
let built: BuildResult;
const WRITTEN = 'We pack every room.\nThen we load the truck.\n\nOn the day, we unpack too.\n\n\n  And we take the boxes away.  ';

beforeAll(async () => {
  dir = await contentWithFixture();
  const file = path.join(dir, 'content/services.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  const services = doc.get('services', true);
  if (!isSeq(services) || !isMap(services.items[0])) throw new Error('services.yaml has no list of services');
  services.items[0].set('fullDescription', WRITTEN);
  await writeFile(file, String(doc));
  built = await build({ contentDir: path.join(dir, 'content') });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeParser();
});

test('a full description written in paragraphs is shown in as many paragraphs', () => {
  const html = String(built.files.find((f) => f.path === 'services/index.html')!.contents);
  const card = parseHtml(html).querySelector('.service-main')!;
  const paragraphs = [...card.querySelectorAll(':scope > p')].map(textOf);
  expect(paragraphs).toEqual(['We pack every room. Then we load the truck.', 'On the day, we unpack too.', 'And we take the boxes away.']);
});
