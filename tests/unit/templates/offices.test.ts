import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.js';
import { contentWithFixture } from '../../helpers/content.js';
import {
  accessibleName,
  cardOf,
  closeParser,
  contentinfo,
  heading,
  linksNamed,
  main,
  parseHtml,
  squash,
  textOf,
} from '../../helpers/dom.js';

/**
 * A company with a second office (tests/fixtures/two-offices: the sample with a Kozhikode branch
 * of its own phone, hours and map): each office on the contact page with its own map and
 * directions, in the footer of every page, and in the structured data, in both languages.
 */

const NOW = new Date('2031-05-01T12:00:00Z');
let built: BuildResult;
let dir: string;

beforeAll(async () => {
  dir = await contentWithFixture('two-offices');
  built = await build({ contentDir: path.join(dir, 'content'), now: NOW });
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeParser();
});

const page = (file: string) => parseHtml(String(built.files.find((f) => f.path === file)!.contents));

const EDITIONS = [
  {
    language: 'English',
    prefix: '',
    main: 'Head office, Kochi',
    branch: 'Kozhikode branch',
    branchHours: 'Mon-Fri 9AM-6PM IST (India time)',
    directions: 'Get Directions',
    show: 'Show the map',
  },
  {
    language: 'Malayalam',
    prefix: 'ml/',
    main: 'ഹെഡ് ഓഫീസ്, കൊച്ചി',
    branch: 'കോഴിക്കോട് ബ്രാഞ്ച്',
    branchHours: 'തിങ്കൾ–വെള്ളി, രാവിലെ 9 മുതൽ വൈകിട്ട് 6 വരെ (ഇന്ത്യൻ സമയം, IST)',
    directions: 'വഴി കാണുക',
    show: 'മാപ്പ് കാണിക്കുക',
  },
];

describe.each(EDITIONS)('two offices in $language', (edition) => {
  test('the contact page has a card for each office with its address, phone, hours, map and directions', () => {
    const doc = page(`${edition.prefix}contact/index.html`);
    const mainCard = cardOf(heading(main(doc), edition.main, 3));
    const branchCard = cardOf(heading(main(doc), edition.branch, 3));
    expect(squash(textOf(mainCard))).toContain('12 Example Road, Edappally, Kochi, Kerala 682024');
    expect(squash(textOf(branchCard))).toContain('4 Beach Road, Vellayil, Kozhikode, Kerala 673032');
    expect(linksNamed(branchCard, '+91 94470 12345')[0]!.getAttribute('href')).toBe('tel:+919447012345');
    expect(linksNamed(mainCard, '+91 90000 00000')[0]!.getAttribute('href')).toBe('tel:+919000000000');
    expect(squash(textOf(branchCard))).toContain(edition.branchHours);

    // Each map and each directions link leads to its own office, and says which office it is for.
    const branchDirections = linksNamed(branchCard, `${edition.directions} (${edition.branch})`);
    expect(branchDirections.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.openstreetmap.org/?mlat=11.26543&mlon=75.77012',
    ]);
    expect(linksNamed(mainCard, `${edition.directions} (${edition.main})`)[0]!.getAttribute('href')).toContain('Edappally');
    const branchMap = branchCard.querySelector('[data-map]')!;
    expect(branchMap.getAttribute('data-map-src')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
    expect(branchMap.getAttribute('data-map-title')).toContain(edition.branch);
    expect(accessibleName(branchMap.querySelector('[data-map-show]')!)).toBe(`${edition.show} (${edition.branch})`);
    expect(mainCard.querySelector('[data-map]')!.getAttribute('data-map-src')).toMatch(/^https:\/\/www\.google\.com\/maps/);
  });

  test('the visit card names both offices and leads to their maps', () => {
    const doc = page(`${edition.prefix}contact/index.html`);
    const visit = main(doc).querySelector('a[href="#map"]')!.closest('li');
    expect(squash(textOf(visit))).toContain(`${edition.main} · ${edition.branch}`);
  });

  test('the contact page may frame both maps, and no other page frames any', () => {
    const policy = (file: string) => page(file).querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')!;
    expect(policy(`${edition.prefix}contact/index.html`)).toContain('frame-src https://www.google.com https://www.openstreetmap.org;');
    expect(policy(`${edition.prefix}index.html`)).toContain("frame-src 'none'");
  });

  test('every page’s footer gives each office with its address, and the branch’s own phone and hours', () => {
    for (const file of ['index.html', 'about/index.html', 'services/index.html', 'contact/index.html']) {
      const footer = squash(textOf(contentinfo(page(`${edition.prefix}${file}`))));
      expect(footer).toContain(`${edition.main}: 12 Example Road, Edappally, Kochi, Kerala 682024`);
      expect(footer).toContain(
        `${edition.branch}: 4 Beach Road, Vellayil, Kozhikode, Kerala 673032 · +91 94470 12345 · ${edition.branchHours}`,
      );
    }
  });

  test('the structured data gives the first office as the company’s address and the branch as a department', () => {
    const data = JSON.parse(
      page(`${edition.prefix}contact/index.html`).querySelector('script[type="application/ld+json"]')!.textContent!,
    ) as {
      address: { addressLocality: string };
      department: Array<{
        '@type': string;
        name: string;
        telephone: string;
        address: { streetAddress: string; addressLocality: string; postalCode: string };
        geo: { latitude: number };
        openingHoursSpecification: { opens: string; dayOfWeek: string[] };
      }>;
    };
    expect(data.address.addressLocality).toBe('Kochi');
    expect(data.department).toHaveLength(1);
    const [branch] = data.department;
    expect(branch).toMatchObject({
      '@type': 'MovingCompany',
      name: `Example Movers & Packers (${edition.branch})`,
      telephone: '+91 94470 12345',
      address: { streetAddress: '4 Beach Road, Vellayil', addressLocality: 'Kozhikode', postalCode: '673032' },
      geo: { latitude: 11.26543 },
      openingHoursSpecification: { opens: '09:00' },
    });
    expect(branch!.openingHoursSpecification.dayOfWeek).toHaveLength(5);
  });

  test('the home page names the main city of its own language', () => {
    const home = squash(textOf(main(page(`${edition.prefix}index.html`))));
    expect(home).toContain(edition.language === 'English' ? 'A Kochi family firm' : 'കൊച്ചി ആസ്ഥാനമായ');
  });
});
