import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isSeq, parseDocument, type Document, type YAMLMap } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { main as cli } from '../../../../bin/cli.js';
import { build, checkContent, type BuildResult } from '../../../../generator/build.js';
import { columnsFor } from '../../../../templates/parts/Cards.js';
import { captureIo, contentWithFixture, replacePlaceholders } from '../../../helpers/content.js';
import {
  accessibleName,
  contentinfo,
  controlLabelled,
  heading,
  headings,
  main,
  parseHtml,
  region,
  statItems,
  textOf,
} from '../../../helpers/dom.js';

/**
 * The content model an operator can get right: service lists that follow services.yaml, home
 * cards that borrow from a service, reviews of any rating with real dates or none at all, and
 * files saved with a byte order mark or Windows line ends. Runs on the frozen sample.
 */

const temporary: string[] = [];
afterEach(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * The sample in English alone: these tests are about the English content model. With a Malayalam
 * edition, each new English text needs its Malayalam too, which site check asks for by name
 * (tests/unit/generator/translations/malayalam.test.ts, tests/fixtures/translation-*).
 */
async function sample(): Promise<string> {
  const dir = await contentWithFixture();
  temporary.push(dir);
  await rm(path.join(dir, 'content', 'ml'), { recursive: true });
  return dir;
}

async function edit(dir: string, file: string, change: (doc: Document) => void): Promise<void> {
  const full = path.join(dir, 'content', file);
  const doc = parseDocument(await readFile(full, 'utf8'));
  change(doc);
  await writeFile(full, String(doc));
}

function page(built: BuildResult, file: string): Document & globalThis.Document {
  return parseHtml(String(built.files.find((f) => f.path === file)!.contents)) as Document & globalThis.Document;
}

const PAGES = ['index.html', 'about/index.html', 'services/index.html', 'contact/index.html', '404.html'];

/** Adds a copy of the first service under a new id and title, at the end of services.yaml. */
function addService(id: string, title: string) {
  return (doc: Document) => {
    const services = doc.get('services', true);
    if (!isSeq(services)) throw new Error('services.yaml has no list');
    const copy = (services.items[0] as YAMLMap).clone() as YAMLMap;
    copy.set('id', id);
    copy.set('title', title);
    services.items.push(copy);
  };
}

function formOptions(built: BuildResult): string[] {
  const contact = page(built, 'contact/index.html');
  const select = controlLabelled(contact, built.site.pages.contact.form.fields.service.label);
  return Array.from(select.querySelectorAll('option'))
    .slice(1)
    .map((option) => textOf(option));
}

function footerServices(built: BuildResult, file: string): string[] {
  const footer = contentinfo(page(built, file));
  return Array.from(footer.querySelectorAll('a[href="/services/"]'))
    .map((a) => textOf(a))
    .slice(1);
}

describe('lists of services', () => {
  it('a seventh service added to services.yaml alone shows in the quote form, the footer of every page, /services and the structured data', async () => {
    const dir = await sample();
    const before = await readdir(path.join(dir, 'content'), { recursive: true });
    await edit(dir, 'services.yaml', addService('two-wheeler', 'Two-Wheeler Shifting'));
    const checked = await checkContent(path.join(dir, 'content'));
    expect(checked.problems).toEqual([]);
    expect(checked.warnings.filter((w) => w.code !== 'placeholder')).toEqual([]);

    const built = await build({ contentDir: path.join(dir, 'content') });
    expect(formOptions(built)).toEqual([
      'Residential Moving',
      'Office / Commercial Moving',
      'Packing & Unpacking',
      'Storage Solutions',
      'Long Distance Moving',
      'Pet Shifting',
      'Two-Wheeler Shifting',
    ]);
    for (const file of PAGES) expect(footerServices(built, file), file).toContain('Two-Wheeler Shifting');
    expect(footerServices(built, 'index.html')).toHaveLength(7);
    expect(headings(main(page(built, 'services/index.html'))).map((h) => textOf(h))).toContain('Two-Wheeler Shifting');
    expect(String(built.files.find((f) => f.path === 'services/index.html')!.contents)).toMatch(/"name":"Two-Wheeler Shifting"/);
    expect(await readdir(path.join(dir, 'content'), { recursive: true })).toEqual(before);
  });

  it('a form list that names its services offers only those, in its order, and warns about each one left out, located', async () => {
    const dir = await sample();
    await edit(dir, 'pages/contact.yaml', (doc) => doc.setIn(['form', 'services'], ['pet', 'office']));
    const checked = await checkContent(path.join(dir, 'content'));
    const notOffered = checked.warnings.filter((w) => w.code === 'service-not-offered');
    expect(notOffered.map((w) => w.message.match(/\((\S+)\)/)?.[1])).toEqual(['residential', 'packing', 'storage', 'long-distance']);
    for (const warning of notOffered)
      expect(warning).toMatchObject({ severity: 'warning', path: 'form.services', line: expect.any(Number) });
    const built = await build({ contentDir: path.join(dir, 'content') });
    expect(formOptions(built)).toEqual(['Pet Shifting', 'Office / Commercial Moving']);
  });

  it('leftOut says a service is left out on purpose: no warning, a strict check passes, and without a list the form offers the rest', async () => {
    const dir = await sample();
    await replacePlaceholders(dir);
    await edit(dir, 'pages/contact.yaml', (doc) => doc.setIn(['form', 'leftOut'], ['pet', 'storage']));
    const io = captureIo(dir);
    expect(await cli(['check', '--strict'], io)).toBe(0);
    expect(io.stderr()).toBe('');
    const built = await build({ contentDir: path.join(dir, 'content') });
    expect(formOptions(built)).toEqual(['Residential Moving', 'Office / Commercial Moving', 'Packing & Unpacking', 'Long Distance Moving']);
    expect(footerServices(built, 'index.html')).toContain('Pet Shifting');
  });

  it('an id both offered and under leftOut is refused, and so is an unknown id under leftOut', async () => {
    const dir = await sample();
    await edit(dir, 'pages/contact.yaml', (doc) => {
      doc.setIn(['form', 'services'], ['residential', 'pet']);
      doc.setIn(['form', 'leftOut'], ['pet', 'ofice']);
    });
    const checked = await checkContent(path.join(dir, 'content'));
    expect(checked.problems.map((p) => [p.path, p.message])).toEqual([
      ['form.leftOut[1]', expect.stringContaining('"pet" is both in the form\'s list of services and under leftOut')],
      ['form.leftOut[2]', expect.stringMatching(/^There is no service with the id "ofice".*Did you mean "office"\?$/)],
    ]);
  });

  it('a footer list that names its services shows only those', async () => {
    const dir = await sample();
    await edit(dir, 'layout.yaml', (doc) => doc.setIn(['footer', 'services'], ['storage', 'residential']));
    const built = await build({ contentDir: path.join(dir, 'content') });
    expect(footerServices(built, 'about/index.html')).toEqual(['Storage Solutions', 'Residential Moving']);
  });

  it('a home card that names a service takes its title, icon and words from it unless it writes its own', async () => {
    const dir = await sample();
    await edit(dir, 'pages/home.yaml', (doc) => {
      const items = doc.getIn(['services', 'items'], true);
      if (!isSeq(items)) throw new Error('no cards');
      items.items.splice(0, items.items.length);
      items.add(doc.createNode({ service: 'pet' }));
      items.add(doc.createNode({ service: 'storage', title: 'Safe Storage' }));
    });
    const built = await build({ contentDir: path.join(dir, 'content') });
    const grid = region(page(built, 'index.html'), built.site.pages.home.services.heading.title, 2);
    const pet = built.site.services.find((s) => s.id === 'pet')!;
    const card = heading(grid, 'Pet Shifting', 3).closest('li')!;
    expect(textOf(card)).toContain(pet.shortDesc);
    expect(card.querySelector('h3 a')!.getAttribute('href')).toBe('/services/#pet');
    expect(page(built, 'services/index.html').getElementById('pet')).not.toBeNull();
    expect(heading(grid, 'Safe Storage', 3).querySelector('a')!.getAttribute('href')).toBe('/services/#storage');
  });
});

describe('grids with any number of cards', () => {
  it('use three or four columns, whichever fills the last row best', () => {
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10].map(columnsFor)).toEqual([3, 3, 4, 3, 3, 4, 4, 3, 3]);
  });

  it('the home grid gets the columns for its cards: 7 services and Vehicle Transport make 8, in fours', async () => {
    const dir = await sample();
    await edit(dir, 'services.yaml', addService('two-wheeler', 'Two-Wheeler Shifting'));
    await edit(dir, 'pages/home.yaml', (doc) => {
      const items = doc.getIn(['services', 'items'], true);
      if (isSeq(items))
        items.items.splice(items.items.length - 1, 0, doc.createNode({ service: 'pet' }), doc.createNode({ service: 'two-wheeler' }));
    });
    const built = await build({ contentDir: path.join(dir, 'content') });
    const grid = region(page(built, 'index.html'), built.site.pages.home.services.heading.title, 2).querySelector('ul')!;
    expect(grid.children).toHaveLength(8);
    expect(grid.getAttribute('class')).toContain('cols-4');
  });
});

describe('reviews', () => {
  it('a four-star review draws four filled stars of five and reads "Rated 4 out of 5"', async () => {
    const dir = await sample();
    await edit(dir, 'testimonials.yaml', (doc) => doc.setIn(['testimonials', 1, 'rating'], 4));
    const built = await build({ contentDir: path.join(dir, 'content') });
    const section = region(page(built, 'index.html'), built.site.pages.home.testimonials.heading.title, 2);
    const stars = Array.from(section.querySelectorAll('figure [role="img"]'));
    expect(stars.map((s) => accessibleName(s))).toEqual(['Rated 5 out of 5', 'Rated 4 out of 5', 'Rated 5 out of 5']);
    expect(stars[1]!.querySelectorAll('path')).toHaveLength(5);
    expect(stars[1]!.querySelectorAll('path[fill="none"]')).toHaveLength(1);
  });

  it('show the month and year of the date the content holds, never how long ago', async () => {
    const dir = await sample();
    await edit(dir, 'testimonials.yaml', (doc) => doc.setIn(['testimonials', 0, 'date'], '2026-10-12'));
    const built = await build({ contentDir: path.join(dir, 'content'), now: new Date('2031-01-01T00:00:00Z') });
    const time = page(built, 'index.html').querySelector('figure time')!;
    expect(textOf(time)).toBe('October 2026');
    expect(time.getAttribute('datetime')).toBe('2026-10-12');
  });

  for (const empty of ['testimonials: []', 'testimonials:']) {
    it(`none yet ("${empty}"): the reviews section is left out and the figures stay`, async () => {
      const dir = await sample();
      await writeFile(path.join(dir, 'content/testimonials.yaml'), `${empty}\n`);
      const built = await build({ contentDir: path.join(dir, 'content') });
      const home = main(page(built, 'index.html'));
      expect(headings(home).map((h) => textOf(h))).not.toContain(built.site.pages.home.testimonials.heading.title);
      expect(home.querySelector('figure, blockquote')).toBeNull();
      expect(statItems(home)).toHaveLength(built.site.settings.stats.length);
      expect(home.querySelector('a[href="#testimonials"]')).toBeNull();
    });
  }

  it('a rating label without {rating} is refused, since it would say the wrong number', async () => {
    const dir = await sample();
    await edit(dir, 'pages/home.yaml', (doc) => doc.setIn(['testimonials', 'ratingLabel'], 'Rated 5 out of 5'));
    const checked = await checkContent(path.join(dir, 'content'));
    expect(checked.problems).toMatchObject([{ path: 'testimonials.ratingLabel', message: expect.stringContaining('{rating}') }]);
  });
});

describe('how files are saved', () => {
  it('UTF-8 with a byte order mark and Windows line ends builds the same site', async () => {
    const plain = await sample();
    const windows = await sample();
    for (const file of await readdir(path.join(windows, 'content'), { recursive: true })) {
      if (!file.endsWith('.yaml')) continue;
      const full = path.join(windows, 'content', file);
      await writeFile(full, `\ufeff${(await readFile(full, 'utf8')).replace(/\n/g, '\r\n')}`);
    }
    const now = new Date('2031-01-01T00:00:00Z');
    const a = await build({ contentDir: path.join(plain, 'content'), now });
    const b = await build({ contentDir: path.join(windows, 'content'), now });
    expect(b.files.map((f) => [f.path, String(f.contents)])).toEqual(a.files.map((f) => [f.path, String(f.contents)]));
    expect(b.warnings.map((w) => [w.path, w.line, w.column])).toEqual(a.warnings.map((w) => [w.path, w.line, w.column]));
  });

  it('a UTF-16 file is named as such and no NUL byte reaches the terminal', async () => {
    const dir = await sample();
    const file = path.join(dir, 'content/whatsapp.yaml');
    await writeFile(file, Buffer.from(`\ufeff${await readFile(file, 'utf8')}`, 'utf16le'));
    const io = captureIo(dir);
    expect(await cli(['check'], io)).toBe(1);
    expect(io.stderr()).toContain('The file whatsapp.yaml is saved as UTF-16');
    expect(io.stderr()).toContain('save it as UTF-8');
    expect(io.stderr()).not.toContain('\u0000');
  });
});

describe('YAML mistakes', () => {
  it('a block indented with tabs is one problem naming the lines, not one per line or parser jargon', async () => {
    const dir = await sample();
    const file = path.join(dir, 'content/whatsapp.yaml');
    const source = await readFile(file, 'utf8');
    await writeFile(file, source.replace(/^ {4}(icon|title|message): /gm, '\t$1: '));
    const checked = await checkContent(path.join(dir, 'content'));
    const problems = checked.problems.filter((p) => p.file === file);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.length).toBeLessThanOrEqual(4);
    for (const p of problems) {
      expect(p.message).toMatch(/^A tab is used for indentation here \(and on lines \d+ to \d+\)/);
      expect(p.message).not.toMatch(/implicit|compact|block sequence/i);
    }
  });

  it('text of a block (>-) may hold tabs, odd spaces and colons: only its shape is checked', async () => {
    const dir = await sample();
    await edit(dir, 'services.yaml', (doc) => {
      const first = doc.getIn(['services', 0], true);
      if (isMap(first)) first.set('fullDescription', 'Note:\u00a0we pack\tcarefully.');
    });
    const file = path.join(dir, 'content/services.yaml');
    const source = await readFile(file, 'utf8');
    await writeFile(
      file,
      source.replace(/fullDescription: .*\n/, 'fullDescription: >-\n      Note:\u00a0we pack\tcarefully.\n      \u00a0Still text.\n'),
    );
    const checked = await checkContent(path.join(dir, 'content'));
    expect(checked.problems).toEqual([]);
  });
});
