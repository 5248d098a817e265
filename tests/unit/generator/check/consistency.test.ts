import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { build, checkContent } from '../../../../generator/build.js';
import { initialsFit, initialsOf } from '../../../../generator/contract/initials.js';
import { contentWithFixture } from '../../../helpers/content.js';

/** Review initials from the name, and home cards that name a service: what shows, and what is questioned. */
const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function edited(file: string, edit: (doc: ReturnType<typeof parseDocument>) => void): Promise<string> {
  const dir = await contentWithFixture();
  temporary.push(dir);
  const at = path.join(dir, 'content', file);
  const doc = parseDocument(await readFile(at, 'utf8'));
  edit(doc);
  await writeFile(at, String(doc));
  return path.join(dir, 'content');
}

describe('initials', () => {
  it('are the first letters of the first and last words of a name', () => {
    expect(initialsOf('Arun Prakash')).toBe('AP');
    expect(initialsOf('Fathima')).toBe('F');
    expect(initialsOf('K. Lakshmi Nair')).toBe('KN');
    expect(initialsOf('anjali menon')).toBe('AM');
  });

  it('written by hand fit a name when each letter starts one of its words, in order', () => {
    expect(initialsFit('AP', 'Arun Prakash')).toBe(true);
    expect(initialsFit('APN', 'Arun Prakash Nair')).toBe(true);
    expect(initialsFit('AM', 'Arun Prakash')).toBe(false);
    expect(initialsFit('PA', 'Arun Prakash')).toBe(false);
  });
});

describe('a review', () => {
  it('without initials shows those of its writer’s name', async () => {
    const content = await edited('testimonials.yaml', (doc) => {
      doc.setIn(['testimonials', 0, 'name'], 'Arun Prakash');
      doc.deleteIn(['testimonials', 0, 'avatar']);
    });
    const built = await build({ contentDir: content, now: new Date('2026-06-01T00:00:00Z') });
    const home = String(built.files.find((file) => file.path === 'index.html')!.contents);
    expect(home).toContain('<span class="avatar" aria-hidden="true">AP</span>');
    expect(built.warnings.filter((warning) => warning.code === 'initials-not-name')).toEqual([]);
  });

  it('whose initials are not its writer’s is a located warning saying which they would be', async () => {
    const content = await edited('testimonials.yaml', (doc) => doc.setIn(['testimonials', 0, 'name'], 'Arun Prakash'));
    const { warnings, site } = await checkContent(content);
    expect(site).toBeDefined();
    const warning = warnings.find((found) => found.code === 'initials-not-name')!;
    expect(warning).toMatchObject({
      severity: 'warning',
      file: path.join(content, 'testimonials.yaml'),
      path: 'testimonials[anjali-menon].avatar',
      line: 17,
      column: 13,
    });
    expect(warning.message).toBe('The initials "AM" are not those of Arun Prakash, whose review they stand beside.');
    expect(warning.hint).toContain('avatar: AP');
  });
});

describe('a home card that names a service', () => {
  it('shows the service’s title and leads to it, unless it gives its own, which is questioned where it stands', async () => {
    // The sample's card that names no service (Vehicle Transport), wherever it stands in the list.
    const vehicle = (doc: ReturnType<typeof parseDocument>) =>
      (doc.getIn(['services', 'items']) as { items: unknown[] }).items.findIndex(
        (_, i) => doc.getIn(['services', 'items', i, 'title']) === 'Vehicle Transport',
      );
    const content = await edited('pages/home.yaml', (doc) => doc.setIn(['services', 'items', vehicle(doc), 'service'], 'residential'));
    const { warnings } = await checkContent(content);
    const found = warnings.filter((warning) => warning.code === 'disagrees');
    const source = (await readFile(path.join(content, 'pages/home.yaml'), 'utf8')).split('\n');
    expect(found.map((warning) => [warning.path.replace(/\[\d+\]/, '[n]'), source[warning.line! - 1]!.trim()])).toEqual([
      ['services.items[n].title', 'title: Vehicle Transport'],
      ['services.items[n].href', 'href: /contact#quote'],
    ]);
    expect(found[0]!.message).toContain('keeps its own title "Vehicle Transport"');

    const plain = await edited('pages/home.yaml', (doc) => {
      const at = vehicle(doc);
      doc.setIn(['services', 'items', at, 'service'], 'residential');
      for (const field of ['title', 'href', 'icon', 'desc']) doc.deleteIn(['services', 'items', at, field]);
    });
    const built = await build({ contentDir: plain, now: new Date('2026-06-01T00:00:00Z') });
    expect(built.warnings.filter((warning) => warning.code === 'disagrees')).toEqual([]);
    const home = String(built.files.find((file) => file.path === 'index.html')!.contents);
    const titles = [...home.matchAll(/<h3[^>]*><a href="\/services\/#residential"[^>]*>([^<]*)<\/a>/g)].map((match) => match[1]);
    expect(titles.length, 'both residential cards link to the service').toBe(2);
    expect(new Set(titles).size).toBe(1);
    expect(home).not.toContain('Vehicle Transport');
  });
});

describe('a service’s prices', () => {
  it('starting above a price of its own list is questioned at the starting price, saying both', async () => {
    const content = await edited('services.yaml', (doc) => {
      doc.setIn(['services', 0, 'pricing', 'starting'], 9499);
      doc.setIn(['services', 0, 'pricing', 'bands', 0], doc.createNode({ label: '1 BHK within the city', from: 8999 }));
    });
    const { warnings } = await checkContent(content);
    const price = warnings.filter((warning) => warning.code === 'disagrees');
    expect(price).toHaveLength(1);
    expect(price[0]).toMatchObject({ path: 'services[residential].pricing.starting', severity: 'warning' });
    expect(price[0]!.message).toMatch(/starts at 9499 rupees, but its price list below says "1 BHK within the city" from 8999/);
    expect(price[0]!.hint).toBe('make the starting price 8999 (the lowest in the list), or change the price of "1 BHK within the city"');
  });

  it('starting at or below every price of its list is not questioned', async () => {
    const content = await edited('services.yaml', (doc) => {
      doc.setIn(['services', 0, 'pricing', 'starting'], 7999);
    });
    const { warnings } = await checkContent(content);
    expect(warnings.filter((warning) => warning.code === 'disagrees')).toEqual([]);
  });
});
