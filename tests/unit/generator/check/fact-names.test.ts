import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { removeSamples, runSite, sampleWith, type SampleEdit } from '../../../helpers/edited-sample.js';

/**
 * Where a `${fact}` is filled in: only in texts a visitor reads, never in a path, an address or an
 * id (there it is a located refusal); a fact whose value names another fact reads through it; a
 * fact that names itself, directly or through others, is refused where it does.
 */
afterEach(removeSamples);

type Edit = SampleEdit;
const run = runSite;

/** Where `needle` is written in a content file, as site check prints it (line:column). */
async function whereIs(dir: string, file: string, needle: string, nth = 0): Promise<string> {
  const source = await readFile(path.join(dir, 'content', file), 'utf8');
  let at = -1;
  for (let seen = 0; seen <= nth; seen++) at = source.indexOf(needle, at + 1);
  expect(at, `${needle} in ${file}`).toBeGreaterThanOrEqual(0);
  const before = source.slice(0, at).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe('a fact is filled in only where visitors read it', () => {
  it('images/${city}.jpg with a file of that name is refused at its place, not filled in ("The photo images/Kochi.jpg (story) was not processed")', async () => {
    const dir = await sampleWith([
      ['pages/about.yaml', ['story', 'image'], { src: 'images/${city}.jpg', alt: 'Our crew outside the ${city} office' }],
    ]);
    await mkdir(path.join(dir, 'content/images'), { recursive: true });
    await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toFile(path.join(dir, 'content/images/${city}.jpg'));

    const checked = await run(dir, ['check', '--content', 'content']);
    expect(checked.code, checked.out).toBe(1);
    const at = await whereIs(dir, 'pages/about.yaml', '${city}.jpg');
    expect(checked.out).toContain(
      `content/pages/about.yaml:${at}  story.image.src\n  "\${city}" is written in a field that holds the path of a photo`,
    );
    expect(checked.out).toContain('facts are filled in only in texts visitors read');
    expect(checked.out).toMatch(/hint: write the value itself here/);

    const built = await run(dir, ['build', '--content', 'content', '--out', 'dist']);
    expect(built.code, built.out).toBe(1);
    expect(built.out).not.toContain('this is a bug');
  }, 60_000);

  it.each<[string, Edit, string, string]>([
    [
      'a web address',
      ['site.yaml', ['social', 0, 'url'], 'https://www.facebook.com/${company}'],
      'social[1].url',
      'https://www.facebook.com/${company}',
    ],
    ['the form’s email', ['site.yaml', ['form', 'recipient'], 'quotes@${city}.example.in'], 'form.recipient', 'quotes@${city}'],
    ['a phone number', ['site.yaml', ['contact', 'whatsapp'], '+91 ${city}'], 'contact.whatsapp', '+91 ${city}'],
    ['a link to a page', ['layout.yaml', ['header', 'cta', 'href'], '/${city}'], 'header.cta.href', '/${city}'],
    ['an id', ['site.yaml', ['stats', 1, 'id'], '${city}-count'], 'stats[2].id', '${city}-count'],
  ])(
    'a fact in %s is refused at its place, saying what to write',
    async (_what, edit, field, written) => {
      const dir = await sampleWith([edit]);
      const { code, out } = await run(dir, ['check', '--content', 'content']);
      expect(code, out).toBe(1);
      // Located at the fact's name within the value.
      const [line, column] = (await whereIs(dir, edit[0], written)).split(':').map(Number);
      const at = `${line}:${column! + written.indexOf('${')}`;
      expect(out).toMatch(
        new RegExp(
          `^content/${edit[0].replace('.', '\\.')}:${at}  ${field.replace(/[[\].]/g, '\\$&')}\\n  "\\$\\{\\w+\\}" is written in `,
          'm',
        ),
      );
      expect(out).not.toMatch(new RegExp(`:${at}  .*\\n.*names no fact`));
    },
    30_000,
  );

  it('a fact in a text visitors read beside the photo is filled in as before', async () => {
    const dir = await sampleWith([['pages/home.yaml', ['hero', 'title'], 'Welcome to ${company}']]);
    const built = await run(dir, ['build', '--content', 'content', '--out', 'dist']);
    expect(built.code, built.out).toBe(0);
    expect(await readFile(path.join(dir, 'dist/index.html'), 'utf8')).toContain('Welcome to Example Movers &amp; Packers');
  }, 60_000);
});

describe('a ${ that opens no fact', () => {
  it.each([['${${city}}'], ['${stats.${city}}'], ['Moves from ${city']])(
    '"%s" is refused where it is written, not shown to visitors',
    async (written) => {
      const dir = await sampleWith([['pages/home.yaml', ['hero', 'title'], `Welcome ${written} home`]]);
      const { code, out } = await run(dir, ['check', '--content', 'content']);
      expect(code, out).toBe(1);
      const [line, column] = (await whereIs(dir, 'pages/home.yaml', written)).split(':').map(Number);
      expect(out).toContain(`content/pages/home.yaml:${line}:${column! + written.indexOf('${')}  hero.title\n  This "\${" starts no fact`);
    },
    30_000,
  );
});

describe('a fact whose value names another fact', () => {
  it('name: "Movers of ${city}" reads "Welcome to Movers of Kochi", not "Welcome to Movers of ${city}"', async () => {
    const dir = await sampleWith([
      ['site.yaml', ['company', 'name'], 'Movers of ${city}'],
      ['pages/home.yaml', ['hero', 'title'], 'Welcome to ${company}'],
    ]);
    const built = await run(dir, ['build', '--content', 'content', '--out', 'dist']);
    expect(built.code, built.out).toBe(0);
    const home = await readFile(path.join(dir, 'dist/index.html'), 'utf8');
    expect(home).toContain('Welcome to Movers of Kochi');
    expect(home).not.toContain('${');
    expect(await readFile(path.join(dir, 'dist/ml/index.html'), 'utf8')).toContain('Movers of Kochi');
  }, 60_000);

  it('a figure "${stats.cities}" reads "we have completed 50+ moves", not "completed ${stats.cities} moves", through any number of facts', async () => {
    const dir = await sampleWith([
      ['site.yaml', ['stats', 1, 'value'], '${stats.reviews}'],
      ['site.yaml', ['stats', 4, 'value'], '${stats.cities}'],
    ]);
    const built = await run(dir, ['build', '--content', 'content', '--out', 'dist']);
    expect(built.code, built.out).toBe(0);
    const about = await readFile(path.join(dir, 'dist/about/index.html'), 'utf8');
    expect(about).toContain('Today we have completed 50+ moves to 50+ cities');
    for (const page of ['index.html', 'about/index.html', 'ml/about/index.html'])
      expect(await readFile(path.join(dir, 'dist', page), 'utf8'), page).not.toContain('${');
  }, 60_000);

  it('two facts naming each other are refused, each at its own line', async () => {
    const dir = await sampleWith([
      ['site.yaml', ['company', 'name'], '${city} Movers'],
      ['site.yaml', ['contact', 'cityName'], 'Town of ${company}'],
    ]);
    const { code, out } = await run(dir, ['check', '--content', 'content']);
    expect(code, out).toBe(1);
    expect(out).toContain(
      `content/site.yaml:${await whereIs(dir, 'site.yaml', '${city} Movers')}  company.name\n  "\${city}" makes the company’s name (company.name) depend on itself: \${company} names \${city}, which names \${company}.`,
    );
    expect(out).toContain(
      `content/site.yaml:${await whereIs(dir, 'site.yaml', '${company}', 0)}  contact.cityName\n  "\${company}" makes the city`,
    );
    expect(out).toMatch(/hint: write the words themselves in one of them/);
  }, 30_000);

  it('a fact naming itself is refused at its line, in a translation too', async () => {
    const english = await sampleWith([['site.yaml', ['stats', 0, 'value'], '${stats.years}+']]);
    const own = await run(english, ['check', '--content', 'content']);
    expect(own.code, own.out).toBe(1);
    expect(own.out).toContain(
      `content/site.yaml:${await whereIs(english, 'site.yaml', '${stats.years}+')}  stats[years].value\n  "\${stats.years}" makes the figure "years" (stats[years].value) depend on itself: \${stats.years} names \${stats.years}.`,
    );

    const malayalam = await sampleWith([['ml/site.yaml', ['contact', 'cityName'], '${city} നഗരം']]);
    const ml = await run(malayalam, ['check', '--content', 'content']);
    expect(ml.code, ml.out).toBe(1);
    expect(ml.out).toMatch(
      new RegExp(
        `^content/ml/site\\.yaml:${await whereIs(malayalam, 'ml/site.yaml', '${city} നഗരം')}  contact\\.cityName\\n  "\\$\\{city\\}" makes the city`,
        'm',
      ),
    );
    const built = await run(malayalam, ['build', '--content', 'content', '--out', 'dist']);
    expect(built.code).toBe(1);
    expect(built.out).not.toContain('this is a bug');
  }, 30_000);
});

describe('figures are not called unknown while site.yaml cannot be read', () => {
  it.each([
    ['a YAML mistake', (source: string) => `${source}company: [\n`],
    ['its stats written under another key', (source: string) => source.replace(/^stats:/m, 'statsX:')],
  ])(
    'site.yaml with %s is the one problem shown, not every ${stats.cities} of every language ("Only this Malayalam file needs mending")',
    async (_, edit) => {
      const dir = await sampleWith([]);
      const file = path.join(dir, 'content/site.yaml');
      await writeFile(file, edit(await readFile(file, 'utf8')));
      const { code, out } = await run(dir, ['check', '--content', 'content']);
      expect(code, out).toBe(1);
      expect(out).toMatch(/^content\/site\.yaml/m);
      expect(out).not.toContain('names no fact');
      expect(out).not.toContain('Only this Malayalam file needs mending');
    },
    30_000,
  );
});

describe('a figure whose id names a fact', () => {
  it('is not offered as a fact to name ("A text can name … ${stats.${years}}"), which no text can write', async () => {
    const dir = await sampleWith([['site.yaml', ['stats', 1, 'id'], '${years}']]);
    const { code, out } = await run(dir, ['check', '--content', 'content']);
    expect(code, out).toBe(1);
    expect(out).toMatch(/^content\/site\.yaml:\d+:\d+  stats\[2\]\.id\n  "\$\{years\}" is written in /m);
    expect(out).not.toContain('${stats.${years}}');
  }, 30_000);
});
