import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { main as cli } from '../../../../bin/cli.js';
import { build, checkContent, type BuildResult } from '../../../../generator/build.js';
import { factsOf, fillFacts, resolveFacts } from '../../../../generator/schema/facts.js';
import { removeSamples, sampleWith } from '../../../helpers/edited-sample.js';
import type { Site } from '../../../../generator/schema/index.js';
import { parseDocument } from 'yaml';
import { captureIo, contentWithFixture, SAMPLE_CONTENT } from '../../../helpers/content.js';
import { closeParser, main, parseHtml, squash, statItems, textOf } from '../../../helpers/dom.js';

/**
 * Facts written once in site.yaml and named in texts as ${name}: the sample names its founding
 * year, years in business, figures and city so; the pages say what site.yaml says on the build's date.
 */

const NOW = new Date('2031-05-01T12:00:00Z');
let built: BuildResult;

beforeAll(async () => {
  built = await build({ contentDir: SAMPLE_CONTENT, now: NOW });
}, 120_000);
afterAll(closeParser);

const html = (file: string) => String(built.files.find((f) => f.path === file)!.contents);

describe('texts that name facts, on the built sample', () => {
  test('no page shows a fact’s name instead of its value', () => {
    const pages = built.files.filter((file) => file.path.endsWith('.html') || file.path.endsWith('.xml'));
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) expect(String(file.contents), file.path).not.toContain('${');
  });

  test('years in business are counted from the founding year to the build’s date, in both languages', () => {
    const home = parseHtml(html('index.html'));
    expect(squash(textOf(main(home)))).toContain('23 years of moving experience');
    expect(statItems(home)).toContainEqual(['23+', 'Years Experience']);
    expect(squash(textOf(main(parseHtml(html('ml/index.html')))))).toContain('ഷിഫ്റ്റിംഗിൽ 23 വർഷത്തെ പരിചയം');
  });

  test('the founding year, the figures and the city read as site.yaml has them', () => {
    const about = squash(textOf(main(parseHtml(html('about/index.html')))));
    expect(about).toContain('We started in Kochi in 2008 with a small crew');
    expect(about).toContain('5000+ moves to 50+ cities');
    const aboutMl = squash(textOf(main(parseHtml(html('ml/about/index.html')))));
    expect(aboutMl).toContain('2008-ൽ ഒരു ചെറിയ ടീമും');
    expect(aboutMl).toContain('കൊച്ചി നഗരത്തിൽ ഞങ്ങൾ തുടങ്ങിയത്');
  });
});

describe('fillFacts and factsOf', () => {
  const settings = {
    company: { name: 'Malabar Relocations', foundedYear: 2012 },
    contact: { cityName: 'Kozhikode', address: { city: 'Kozhikode' } },
    stats: [
      { id: 'years', value: '${years}+' },
      { id: 'moves', value: '8000+' },
    ],
  } as unknown as Site['settings'];

  test('a figure may name a fact, and a text naming the figure gets its value', () => {
    const facts = factsOf(settings, NOW);
    expect(fillFacts('${company}, ${city}, since ${founded}: ${years} years, ${stats.years} years, ${stats.moves} moves', facts)).toBe(
      'Malabar Relocations, Kozhikode, since 2012: 19 years, 19+ years, 8000+ moves',
    );
    expect(fillFacts('${nothing} stays', facts)).toBe('${nothing} stays');
  });

  test('a fact may name a fact that names another; facts naming each other are found, and filling them ends', () => {
    const { facts, cycles } = resolveFacts([
      { name: 'company', value: 'Movers of ${city}', path: ['company', 'name'] },
      { name: 'city', value: '${stats.hub}', path: ['contact', 'cityName'] },
      { name: 'stats.hub', value: 'Kochi', path: ['stats', 0, 'value'] },
      { name: 'stats.a', value: '${stats.b}+', path: ['stats', 1, 'value'] },
      { name: 'stats.b', value: '${ stats.a }', path: ['stats', 2, 'value'] },
    ]);
    expect(facts.get('company')).toBe('Movers of Kochi');
    expect(cycles).toEqual([['stats.a', 'stats.b']]);
  });
});

describe('a text shown in English on a translated page', () => {
  afterEach(removeSamples);

  test('gets the English facts, as it reads in English', async () => {
    const dir = await sampleWith([]);
    const file = path.join(dir, 'content/ml/pages/home.yaml');
    const doc = parseDocument(await readFile(file, 'utf8'));
    doc.deleteIn(['hero', 'eyebrow']);
    await writeFile(file, String(doc));
    const site = await build({ contentDir: path.join(dir, 'content'), now: NOW });
    const home = String(site.files.find((f) => f.path === 'ml/index.html')!.contents);
    expect(home).toContain('<p class="eyebrow"><span lang="en">Packers and movers in Kochi, Kerala</span></p>');
  }, 60_000);
});

describe('the build’s date', () => {
  const temporary: string[] = [];
  afterEach(async () => {
    await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** The sample with its experience written as a number again, as an owner might. */
  async function withWrittenYears(): Promise<string> {
    const dir = await contentWithFixture();
    temporary.push(dir);
    const file = path.join(dir, 'content/pages/home.yaml');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('- ${years} years of moving experience', '- 15+ years of moving experience'),
    );
    return dir;
  }

  const epoch = (iso: string) => String(Date.parse(iso) / 1000);

  test('SOURCE_DATE_EPOCH sets the date years are counted to', async () => {
    const dir = await withWrittenYears();
    const in2023 = { ...captureIo(dir), env: { SOURCE_DATE_EPOCH: epoch('2023-06-01T00:00:00Z') } };
    expect(await cli(['check', '--content', 'content'], in2023)).toBe(0);
    // No contradiction in 2023; the Malayalam of the edited text is only asked to be reviewed.
    expect(in2023.stderr()).not.toContain('This text says "15+ years"');

    const in2031 = { ...captureIo(dir), env: { SOURCE_DATE_EPOCH: epoch('2031-06-01T00:00:00Z') } };
    expect(await cli(['check', '--content', 'content'], in2031)).toBe(0);
    expect(in2031.stderr()).toContain(
      [
        'content/pages/home.yaml:33:7  about.points[1]  (warning)',
        '  This text says "15+ years", but site.yaml says otherwise: the company has been in business 23 years (from company.foundedYear to the build’s year).',
      ].join('\n'),
    );
    expect(in2031.stderr()).toContain('hint: write "${years}+ years" instead: the text then always says what site.yaml says');
  });

  test('a SOURCE_DATE_EPOCH that is not a number of seconds is refused with what to write', async () => {
    const dir = await withWrittenYears();
    const io = { ...captureIo(dir), env: { SOURCE_DATE_EPOCH: '2031-06-01' } };
    expect(await cli(['build', '--content', 'content', '--out', 'dist'], io)).toBe(1);
    expect(io.stderr()).toContain('SOURCE_DATE_EPOCH must be a whole number of seconds since 1 January 1970, got "2031-06-01".');
  });
});

describe('checking again after an edit', () => {
  const temporary: string[] = [];
  afterEach(async () => {
    await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const in2023 = new Date('2023-06-01T00:00:00Z');
  const saidOtherwise = async (dir: string) =>
    (await checkContent(path.join(dir, 'content'), { now: in2023 })).warnings
      .filter((warning) => warning.code === 'fact-contradicted')
      .map((warning) => `${path.basename(warning.file)}:${warning.line} ${warning.message}`);
  async function edit(dir: string, file: string, from: string, to: string): Promise<void> {
    const at = path.join(dir, 'content', file);
    const text = await readFile(at, 'utf8');
    expect(text).toContain(from);
    await writeFile(at, text.replace(from, to));
  }

  test('a text left as it was is held against the facts as they are now, and an edited text as it is now', async () => {
    const dir = await contentWithFixture();
    temporary.push(dir);
    await edit(dir, 'pages/home.yaml', '- ${years} years of moving experience', '- 15+ years of moving experience');
    // Founded in 2008: 15 years in 2023, as the text says.
    expect(await saidOtherwise(dir)).toEqual([]);

    // Only site.yaml changes: home.yaml's text now says otherwise.
    await edit(dir, 'site.yaml', 'foundedYear: 2008', 'foundedYear: 2010');
    expect(await saidOtherwise(dir)).toEqual([
      'home.yaml:33 This text says "15+ years", but site.yaml says otherwise: the company has been in business 13 years (from company.foundedYear to the build’s year).',
    ]);

    // Only home.yaml changes: the text names the fact again, and nothing is said.
    await edit(dir, 'pages/home.yaml', '- 15+ years of moving experience', '- ${years}+ years of moving experience');
    expect(await saidOtherwise(dir)).toEqual([]);
  });
});
