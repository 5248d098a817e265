import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument, type YAMLSeq } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, checkContent, type BuildResult } from '../../../../generator/build.js';
import { contentWithFixture } from '../../../helpers/content.js';
import { closeParser, heading, headingTexts, main, parseHtml, regionOf, textOf } from '../../../helpers/dom.js';

/**
 * A company of its own (Anantha Packers & Movers, Thiruvananthapuram: tests/fixtures/translation-anantha)
 * with part of its site in Malayalam and the record of the English each Malayalam text was made
 * from. Its English then moves on without the Malayalam: the main office moves to Kollam, the
 * hours change, a review is rewritten in place, an area is put in second and the steps of "How It
 * Works" are turned round. No Malayalam page may go on saying what the English no longer does.
 */

const NOW = new Date('2031-05-01T12:00:00Z');
const OLD_CITY = 'തിരുവനന്തപുരം';
const OLD_HOURS = 'രാവിലെ 9 മുതൽ വൈകിട്ട് 7 വരെ';
const NEW_HOURS = 'Mon-Sat 8AM-6PM IST (India time)';
const REWRITTEN = {
  name: 'Meera Nair',
  location: 'Kowdiar to Kochi',
  comment: 'They moved my mother’s flat to Kochi in one day and set up her kitchen before they left.',
};
const OLD_REVIEW = 'കഴക്കൂട്ടത്ത് നിന്ന് ചെന്നൈയിലേക്ക്';
const STEPS = ['ക്വട്ടേഷൻ ചോദിക്കൂ', 'സൗജന്യ എസ്റ്റിമേറ്റ് നേടൂ', 'ദിവസം നിശ്ചയിക്കൂ', 'ബാക്കിയെല്ലാം ഞങ്ങൾക്ക് വിട്ടേക്കൂ'];

let dir: string;
let before: BuildResult;
let after: BuildResult;

const pages = (result: BuildResult) =>
  result.files.filter((file) => /^ml\/.*\.html$/.test(file.path)).map((file) => ({ path: file.path, html: String(file.contents) }));
const page = (result: BuildResult, file: string) => parseHtml(String(result.files.find((f) => f.path === file)!.contents));
const structuredData = (result: BuildResult, file: string) =>
  JSON.parse(page(result, file).querySelector('script[type="application/ld+json"]')!.textContent ?? '') as Record<string, any>;
const steps = (result: BuildResult) => headingTexts(regionOf(heading(main(page(result, 'ml/index.html')), 'ഇങ്ങനെയാണ് ഞങ്ങൾ ചെയ്യുന്നത്', 2)), 3);

async function edit(file: string, change: (doc: ReturnType<typeof parseDocument>) => void): Promise<void> {
  const at = path.join(dir, 'content', file);
  const doc = parseDocument(await readFile(at, 'utf8'));
  change(doc);
  await writeFile(at, String(doc));
}

beforeAll(async () => {
  dir = await contentWithFixture('translation-anantha');
  const content = path.join(dir, 'content');
  before = await build({ contentDir: content, now: NOW });
  await edit('site.yaml', (doc) => {
    doc.setIn(['contact', 'cityName'], 'Kollam');
    doc.setIn(['contact', 'address', 'city'], 'Kollam');
    doc.setIn(['contact', 'hours'], NEW_HOURS);
    (doc.getIn(['company', 'areaServed']) as YAMLSeq).items.splice(1, 0, doc.createNode('Tamil Nadu'));
  });
  await edit('testimonials.yaml', (doc) => {
    for (const [key, value] of Object.entries(REWRITTEN)) doc.setIn(['testimonials', 1, key], value);
  });
  await edit('pages/home.yaml', (doc) => {
    (doc.getIn(['howItWorks', 'steps']) as YAMLSeq).items.reverse();
  });
  after = await build({ contentDir: content, now: NOW });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeParser();
});

describe('the Malayalam pages kept the sample city, hours and terms after the English changed', () => {
  test('while the Malayalam is current, the pages show it: the city in Malayalam, the hours, the steps', () => {
    expect(pages(before).filter((file) => file.html.includes(OLD_CITY)).length).toBeGreaterThan(3);
    expect(textOf(page(before, 'ml/index.html').body)).toContain(OLD_HOURS);
    expect(steps(before)).toEqual(STEPS);
  });

  test('once the English city changes, no Malayalam page names the old city: titles, descriptions, structured data and texts take the English city', () => {
    for (const file of pages(after)) expect(file.html, file.path).not.toContain(OLD_CITY);
    const about = page(after, 'ml/about/index.html');
    // A Malayalam text that names ${city} and was itself not changed stays Malayalam, with the city as the English says it now.
    expect(about.title).toContain('Kollam');
    expect(about.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('Kollam');
    expect(JSON.stringify(structuredData(after, 'ml/index.html'))).toContain('Kollam');
  });

  test('hours whose English changed show that English, marked lang="en", in place of the old Malayalam', () => {
    const home = page(after, 'ml/index.html');
    expect(textOf(home.body)).not.toContain(OLD_HOURS);
    const shown = Array.from(home.querySelectorAll('span[lang="en"]')).filter((span) => textOf(span) === NEW_HOURS);
    expect(shown.length).toBeGreaterThan(0);
  });

  test('each is a located warning saying what changed, and counted apart from the texts not translated yet', async () => {
    const checked = await checkContent(path.join(dir, 'content'), { now: NOW });
    const outdated = checked.warnings
      .filter((warning) => warning.code === 'outdated-translation')
      .map((warning) => `${path.basename(warning.file)} ${warning.path}`);
    expect(outdated).toEqual([
      'site.yaml contact.cityName',
      'site.yaml contact.hours',
      'testimonials.yaml testimonials[arun-kumar].location',
      'testimonials.yaml testimonials[arun-kumar].comment',
    ]);
    const [malayalam] = checked.translations;
    expect(malayalam!.outdated.get('ml/site.yaml')).toBe(2);
    expect(malayalam!.outdated.get('ml/testimonials.yaml')).toBe(2);
    expect(malayalam!.untranslated.get('ml/testimonials.yaml')).toBe(0);
  });
});

describe('a review rewritten in place showed the new name over the old Malayalam review', () => {
  test('the Malayalam home page shows the rewritten review in English, marked lang="en", and the other review in Malayalam', () => {
    const home = main(page(after, 'ml/index.html'));
    expect(textOf(home)).not.toContain(OLD_REVIEW);
    const comment = Array.from(home.querySelectorAll('span[lang="en"]')).find((span) => textOf(span) === REWRITTEN.comment);
    expect(comment).toBeDefined();
    const card = comment!.closest('li, article, figure, blockquote')!;
    expect(textOf(card)).not.toMatch(/[\u0D00-\u0D7F]{4}/);
    expect(textOf(home)).toContain('പട്ടത്ത് നിന്ന് കവടിയാറിലേക്ക്');
  });
});

describe('Malayalam list items were matched to the English by their place', () => {
  test('an area put in second: the Malayalam structured data lists Kerala, the new area in English, then India', () => {
    const names = (result: BuildResult) =>
      (structuredData(result, 'ml/index.html').areaServed as { name: string }[]).map((area) => area.name);
    expect(names(before)).toEqual(['കേരളം', 'ഇന്ത്യ']);
    expect(names(after)).toEqual(['കേരളം', 'Tamil Nadu', 'ഇന്ത്യ']);
  });

  test('steps turned round in English keep their Malayalam, in the new order', () => {
    expect(steps(after)).toEqual([...STEPS].reverse());
  });

  test('the new area is a warning that says where its Malayalam goes; written there, it stands second on the pages', async () => {
    const content = path.join(dir, 'content');
    const missing = (await checkContent(content, { now: NOW })).warnings.find(
      (warning) => warning.code === 'missing-translation' && warning.path === 'company.areaServed[2]',
    );
    expect(missing?.message).toBe('The English item 2 has no Malayalam item yet; it translates "Tamil Nadu".');
    expect(missing?.hint).toMatch(/^add its Malayalam as a new item at the end of this list/);
    await edit('ml/site.yaml', (doc) => (doc.getIn(['company', 'areaServed']) as YAMLSeq).items.push(doc.createNode('തമിഴ്നാട്')));
    const checked = await checkContent(content, { now: NOW });
    expect(checked.site!.translations![0]!.site.settings.company.areaServed).toEqual(['കേരളം', 'തമിഴ്നാട്', 'ഇന്ത്യ']);
  });
});
