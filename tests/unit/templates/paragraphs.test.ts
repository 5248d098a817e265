import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isSeq, parseDocument } from 'yaml';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.js';
import { contentWithFixture } from '../../helpers/content.js';
import { closeParser, parseHtml, textOf } from '../../helpers/dom.js';

/**
 * A long text written in paragraphs (a blank line between them, as the editor's box lets an owner
 * type it) is shown in paragraphs: a service's full description, an FAQ answer, the mission and the
 * vision; a single line break stays within one.
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
  await rewrite(path.join(dir, 'content/pages/contact.yaml'), (page) => page.setIn(['faq', 'items', 0, 'answer'], WRITTEN));
  await rewrite(path.join(dir, 'content/pages/about.yaml'), (page) => {
    page.setIn(['story', 'mission', 'text'], WRITTEN);
    page.setIn(['story', 'vision', 'text'], WRITTEN);
  });
  built = await build({ contentDir: path.join(dir, 'content') });
});
async function rewrite(file: string, change: (doc: ReturnType<typeof parseDocument>) => void): Promise<void> {
  const doc = parseDocument(await readFile(file, 'utf8'));
  change(doc);
  await writeFile(file, String(doc));
}

const page = (file: string) => parseHtml(String(built.files.find((f) => f.path === file)!.contents));
const SHOWN = ['We pack every room. Then we load the truck.', 'On the day, we unpack too.', 'And we take the boxes away.'];

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeParser();
});

test('a full description written in paragraphs is shown in as many paragraphs', () => {
  const card = page('services/index.html').querySelector('.service-main')!;
  expect([...card.querySelectorAll(':scope > p')].map(textOf)).toEqual(SHOWN);
});

test('an FAQ answer written in paragraphs is shown in as many paragraphs', () => {
  const answer = page('contact/index.html').querySelector('.faq-item')!;
  expect([...answer.querySelectorAll(':scope > p')].map(textOf)).toEqual(SHOWN);
});

test('the mission and the vision written in paragraphs are shown in as many paragraphs', () => {
  const cards = [...page('about/index.html').querySelectorAll('.mission-card')];
  expect(cards.map((card) => [...card.querySelectorAll(':scope > p')].map(textOf))).toEqual([SHOWN, SHOWN]);
});
