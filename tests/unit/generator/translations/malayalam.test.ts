import { readFile, rm, writeFile } from 'node:fs/promises';
import { parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { z } from 'zod';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, checkContent, type BuildResult } from '../../../../generator/build.js';
import { CONTENT_FILES } from '../../../../generator/schema/index.js';
import { translationSchema } from '../../../../generator/schema/derived/translation-schema.js';
import { contentWithFixture, SAMPLE_CONTENT } from '../../../helpers/content.js';
import {
  banner,
  closeParser,
  controlLabelled,
  fillWhatsAppPopup,
  headings,
  main,
  parseHtml,
  parseXml,
  textOf,
} from '../../../helpers/dom.js';

/**
 * The Malayalam edition, read from the built HTML of the frozen sample: every page in both
 * languages names the other (hreflang both ways, x-default English), carries its language, and
 * has a switch to the same page in the other language; the Malayalam pages show the sample's
 * Malayalam text with the English prices, phone and email.
 */

const SITE_URL = 'https://movers.example.in';
/** Each page by its published address in both languages (with the slash, see generator/contract/routes.ts). */
const PAGES = [
  { route: '/', en: 'index.html', ml: 'ml/index.html', mlPath: '/ml/' },
  { route: '/about/', en: 'about/index.html', ml: 'ml/about/index.html', mlPath: '/ml/about/' },
  { route: '/services/', en: 'services/index.html', ml: 'ml/services/index.html', mlPath: '/ml/services/' },
  { route: '/contact/', en: 'contact/index.html', ml: 'ml/contact/index.html', mlPath: '/ml/contact/' },
  { route: '/privacy/', en: 'privacy/index.html', ml: 'ml/privacy/index.html', mlPath: '/ml/privacy/' },
];

let built: BuildResult;
const html = new Map<string, string>();
const doc = (file: string) => parseHtml(html.get(file) ?? '');

beforeAll(async () => {
  built = await build({ contentDir: SAMPLE_CONTENT, siteUrl: SITE_URL, now: new Date('2031-05-01T12:00:00Z') });
  for (const file of built.files) if (/\.(html|xml)$/.test(file.path)) html.set(file.path, String(file.contents));
});

afterAll(async () => {
  await closeParser();
});

describe('every page in both languages', () => {
  for (const page of PAGES) {
    test(`${page.route} and ${page.mlPath} carry their language and name each other`, () => {
      const en = doc(page.en);
      const ml = doc(page.ml);
      expect(en.documentElement.getAttribute('lang')).toBe('en-IN');
      expect(ml.documentElement.getAttribute('lang')).toBe('ml');
      const alternates = (d: Document) =>
        Array.from(d.querySelectorAll('link[rel="alternate"][hreflang]')).map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]);
      const expected = [
        ['en', SITE_URL + page.route],
        ['ml', SITE_URL + page.mlPath],
        ['x-default', SITE_URL + page.route],
      ];
      expect(alternates(en)).toEqual(expected);
      expect(alternates(ml)).toEqual(expected);
      expect(ml.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(SITE_URL + page.mlPath);
      expect(ml.querySelector('meta[property="og:locale"]')?.getAttribute('content')).toBe('ml_IN');
      expect(ml.querySelector('meta[property="og:locale:alternate"]')?.getAttribute('content')).toBe('en_IN');
      expect(en.querySelector('meta[property="og:locale"]')?.getAttribute('content')).toBe('en_IN');
      expect(en.querySelector('meta[property="og:locale:alternate"]')?.getAttribute('content')).toBe('ml_IN');
    });

    test(`${page.route} and ${page.mlPath} switch to each other from the header and the menu, without JavaScript`, () => {
      const switches = (d: Document) =>
        Array.from(banner(d).querySelectorAll('a[hreflang]')).map((a) => ({
          href: a.getAttribute('href'),
          hreflang: a.getAttribute('hreflang'),
          lang: a.getAttribute('lang'),
          text: textOf(a),
        }));
      // One in the header bar, one inside the menu drawer (#site-menu).
      expect(switches(doc(page.en))).toEqual(Array(2).fill({ href: page.mlPath, hreflang: 'ml', lang: 'ml', text: 'മലയാളം' }));
      expect(switches(doc(page.ml))).toEqual(Array(2).fill({ href: page.route, hreflang: 'en', lang: 'en-IN', text: 'English' }));
      expect(doc(page.ml).querySelector('#site-menu a[hreflang="en"]')).not.toBeNull();
    });

    test(`${page.mlPath} says in its structured data that it is in Malayalam, a translation of ${page.route}`, () => {
      const data = JSON.parse(doc(page.ml).querySelector('script[type="application/ld+json"]')!.textContent ?? '') as Record<string, any>;
      expect(data['@type']).toBe('MovingCompany');
      expect(data.mainEntityOfPage).toMatchObject({ '@type': 'WebPage', url: SITE_URL + page.mlPath, inLanguage: 'ml' });
      expect(data.mainEntityOfPage.translationOfWork).toEqual({ '@type': 'WebPage', url: SITE_URL + page.route, inLanguage: 'en' });
      const english = JSON.parse(doc(page.en).querySelector('script[type="application/ld+json"]')!.textContent ?? '') as Record<
        string,
        any
      >;
      expect(english.mainEntityOfPage.inLanguage).toBe('en');
      expect(english.mainEntityOfPage.workTranslation).toEqual([{ '@type': 'WebPage', url: SITE_URL + page.mlPath, inLanguage: 'ml' }]);
    });

    test(`${page.mlPath} links only to Malayalam pages`, () => {
      const internal = Array.from(doc(page.ml).querySelectorAll('a[href^="/"]'))
        .filter((a) => !a.hasAttribute('hreflang'))
        .map((a) => a.getAttribute('href')!);
      expect(internal.length).toBeGreaterThan(5);
      expect(internal.filter((href) => !href.startsWith('/ml/'))).toEqual([]);
    });
  }

  test('the sitemap lists both editions, each with its alternates and x-default', () => {
    const sitemap = parseXml(html.get('sitemap.xml')!, 'application/xml');
    const entries = Array.from(sitemap.getElementsByTagName('url')).map((url) => ({
      loc: textOf(url.getElementsByTagName('loc')[0]),
      alternates: Array.from(url.getElementsByTagName('xhtml:link')).map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`),
    }));
    expect(entries.map((e) => e.loc)).toEqual(PAGES.flatMap((p) => [SITE_URL + p.route, SITE_URL + p.mlPath]));
    for (const page of PAGES) {
      const alternates = [`en ${SITE_URL}${page.route}`, `ml ${SITE_URL}${page.mlPath}`, `x-default ${SITE_URL}${page.route}`];
      for (const loc of [SITE_URL + page.route, SITE_URL + page.mlPath])
        expect(entries.find((e) => e.loc === loc)?.alternates, loc).toEqual(alternates);
    }
  });

  test('the Malayalam 404 page is in Malayalam, names no address of its own, and its switch leads to the English home page', () => {
    const notFound = doc('ml/404.html');
    expect(notFound.documentElement.getAttribute('lang')).toBe('ml');
    expect(notFound.querySelector('link[rel="canonical"]')).toBeNull();
    expect(textOf(notFound.querySelector('h1'))).toBe('ക്ഷമിക്കണം, ഈ പേജ് കണ്ടെത്താനായില്ല');
    expect(banner(notFound).querySelector('a[hreflang="en"]')?.getAttribute('href')).toBe('/');
    expect(doc('404.html').querySelector('a[hreflang="ml"]')?.getAttribute('href')).toBe('/ml/');
  });
});

describe('the Malayalam text of the sample', () => {
  test('the home page speaks Malayalam; the company name stays as written', () => {
    const home = doc('ml/index.html');
    expect(textOf(home.querySelector('h1'))).toBe('കേരളത്തിനകത്തും പുറത്തും സുരക്ഷിതമായ, ശ്രദ്ധയോടെയുള്ള ഷിഫ്റ്റിംഗ്');
    expect(textOf(banner(home))).toContain('Example Movers & Packers');
    expect(Array.from(banner(home).querySelectorAll('#site-menu ul a')).map(textOf).slice(0, 4)).toEqual([
      'ഹോം',
      'ഞങ്ങളെക്കുറിച്ച്',
      'സേവനങ്ങൾ',
      'ബന്ധപ്പെടുക',
    ]);
    // Review months in Malayalam, from the same dates as the English page.
    const months = Array.from(main(home).querySelectorAll('time')).map((t) => [t.getAttribute('datetime'), textOf(t)]);
    const english = Array.from(main(doc('index.html')).querySelectorAll('time')).map((t) => t.getAttribute('datetime'));
    expect(months.map(([date]) => date)).toEqual(english);
    for (const [, shown] of months) expect(shown).toMatch(/^\d{4} [\u0D00-\u0D7F\u200C\u200D]+$/);
  });

  test('/ml/services shows every service in Malayalam with its English price, ₹ and en-IN digits', () => {
    const services = main(doc('ml/services/index.html'));
    const titles = headings(services).map(textOf);
    for (const [title, price] of [
      ['വീട് ഷിഫ്റ്റിംഗ്', '₹8,999'],
      ['ഓഫീസ്/കൊമേഴ്സ്യൽ ഷിഫ്റ്റിംഗ്', '₹15,999'],
      ['പാക്കിംഗും അൺപാക്കിംഗും', '₹4,999'],
      ['സ്റ്റോറേജ് സൗകര്യം', '₹2,999'],
      ['ദീർഘദൂര ഷിഫ്റ്റിംഗ്', '₹25,999'],
      ['വളർത്തുമൃഗങ്ങളുടെ ഷിഫ്റ്റിംഗ്', '₹3,999'],
    ]) {
      expect(titles).toContain(title);
      const card = headings(services)
        .find((h) => textOf(h) === title)!
        .closest('article')!;
      expect(textOf(card)).toContain(price);
      expect(textOf(card)).toContain('തുടക്കനിരക്ക്');
    }
  });

  test('/ml/contact: the quote form in Malayalam, its email subject in English for the office, the relay brings the visitor back to /ml/contact', () => {
    const contact = doc('ml/contact/index.html');
    const name = controlLabelled(contact, 'മുഴുവൻ പേര് *');
    expect(name.getAttribute('placeholder')).toBe('നിങ്ങളുടെ മുഴുവൻ പേര്');
    const service = controlLabelled(contact, 'വേണ്ട സേവനം *');
    expect(Array.from(service.querySelectorAll('option')).map(textOf)).toEqual([
      'സേവനം തിരഞ്ഞെടുക്കൂ',
      'വീട് ഷിഫ്റ്റിംഗ്',
      'ഓഫീസ് / കൊമേഴ്സ്യൽ ഷിഫ്റ്റിംഗ്',
      'പാക്കിംഗും അൺപാക്കിംഗും',
      'സ്റ്റോറേജ് സൗകര്യം',
      'ദീർഘദൂര ഷിഫ്റ്റിംഗ്',
      'വളർത്തുമൃഗങ്ങളുടെ ഷിഫ്റ്റിംഗ്',
    ]);
    const form = contact.querySelector('form[data-quote-form]')!;
    expect(form.querySelector('[data-submit]')?.getAttribute('data-sending-label')).toBe('അയയ്ക്കുന്നു...');
    expect(textOf(form.querySelector('[data-submit-label]'))).toBe('സൗജന്യ ക്വട്ടേഷൻ നേടൂ');
    expect(textOf(form.querySelector('[data-form-success]'))).toBe('നന്ദി! 24 മണിക്കൂറിനുള്ളിൽ സൗജന്യ ക്വട്ടേഷനുമായി ഞങ്ങൾ നിങ്ങളെ ബന്ധപ്പെടും.');
    expect(textOf(form.querySelector('[data-form-error]'))).toMatch(/^ക്ഷമിക്കണം, എന്തോ പിശക് സംഭവിച്ചു\./);
    expect(form.getAttribute('data-subject-prefix')).toBe('New Moving Quote Request (Malayalam site) -');
    expect(form.querySelector('input[name="_next"]')?.getAttribute('value')).toBe(`${SITE_URL}/ml/contact/#quote-sent`);
    expect(textOf(main(contact))).toContain('hello@example.com');
  });

  test('the WhatsApp widget opens chats with Malayalam messages', () => {
    const page = doc('ml/index.html');
    fillWhatsAppPopup(page, (path) => html.get(path));
    const widget = page.querySelector('[data-whatsapp]')!;
    expect(widget.querySelector('[data-whatsapp-toggle]')?.getAttribute('aria-label')).toBe('വാട്സ്ആപ്പിൽ ഞങ്ങളോട് ചാറ്റ് ചെയ്യൂ');
    const messages = Array.from(widget.querySelectorAll('a[data-whatsapp-action]')).map((a) =>
      new URL(a.getAttribute('href')!).searchParams.get('text'),
    );
    expect(messages[0]).toBe('നമസ്കാരം! എന്റെ ഷിഫ്റ്റിംഗിന് ഒരു സൗജന്യ ക്വട്ടേഷൻ വേണം. എന്തൊക്കെ വിവരങ്ങൾ അറിയിക്കണമെന്ന് പറയാമോ?');
    expect(messages.at(-1)).toBe('നമസ്കാരം! ഞാൻ ഒരു ഷിഫ്റ്റിംഗ് പ്ലാൻ ചെയ്യുന്നുണ്ട്, കുറച്ച് സഹായം വേണം.');
  });

  test('each Malayalam page stays within the HTML budget (20 KB gzipped)', () => {
    for (const page of PAGES) expect(gzipSync(html.get(page.ml)!).length, page.ml).toBeLessThanOrEqual(20 * 1024);
  });
});

describe('the font', () => {
  test('Noto Sans Malayalam ships as two woff2 files of at most 60 KB together, with its licence', () => {
    const fonts = built.files.filter((f) => /\.(woff2?|ttf|otf)$/.test(f.path));
    expect(fonts.map((f) => f.path.replace(/\.[A-Z0-9]+\.woff2$/, '.woff2')).sort()).toEqual([
      'assets/noto-sans-malayalam-malayalam-400-normal.woff2',
      'assets/noto-sans-malayalam-malayalam-700-normal.woff2',
    ]);
    const total = fonts.reduce((sum, f) => sum + Buffer.byteLength(f.contents), 0);
    expect(total).toBeLessThanOrEqual(60 * 1024);
    const licence = built.files.find((f) => f.path === 'licences/noto-sans-malayalam.txt');
    expect(String(licence?.contents)).toContain('SIL Open Font License, Version 1.1');
  });

  test('the stylesheet names the system’s own font first, then the site’s copy (which tries a local file first), loads only for Malayalam letters, never swaps under painted text, and applies only to Malayalam pages', () => {
    // The stylesheet is written into every page.
    const css = textOf(doc('ml/index.html').querySelector('style'));
    expect(css).toBe(textOf(doc('index.html').querySelector('style')));
    const faces = css.match(/@font-face\{[^}]*\}/g) ?? [];
    expect(faces).toHaveLength(2);
    for (const face of faces) {
      expect(face).toMatch(/font-family:"?Noto Sans Malayalam Web"?;/);
      expect(face).toMatch(/src:local\(/);
      expect(face).toMatch(/url\("?\/assets\/noto-sans-malayalam-malayalam-[47]00-normal\.[A-Z0-9]+\.woff2"?\) format\("woff2"\)/);
      expect(face).toMatch(/unicode-range:U\+0?D00-0?D7F,U\+200C-200D/i);
      expect(face).toMatch(/font-display:optional/);
    }
    // The family is named only under html[lang=ml], so the "മലയാളം" link on English pages fetches nothing.
    const uses =
      css.match(/[^{}]*\{[^}]*font-family:[^;}]*Noto Sans Malayalam[^}]*\}/g)?.filter((rule) => !rule.includes('@font-face')) ?? [];
    const usesVariable = css.match(/[^{}]*\{[^}]*--font: ?"?Noto Sans Malayalam[^}]*\}/g) ?? [];
    expect(uses).toEqual([]);
    expect(usesVariable.map((rule) => rule.slice(0, rule.indexOf('{')))).toEqual(['html[lang=ml]']);
    // The system's font by its own name, before the site's family: text shaped through an
    // @font-face face took Chromium three to four times as long.
    expect(usesVariable[0]).toMatch(/--font: ?"Noto Sans Malayalam", ?"Noto Sans Malayalam Web",/);
  });

  test('no page asks for a font file from its <head>: a phone with the font downloads nothing and paints without waiting', () => {
    for (const file of [...PAGES.flatMap((page) => [page.en, page.ml]), '404.html', 'ml/404.html']) {
      expect(doc(file).head.querySelectorAll('link[rel="preload"][as="font"]'), file).toHaveLength(0);
    }
  });
});

describe('the translation schemas', () => {
  test('hold only text: no phone, price, id, icon or link, and the company name stays English', () => {
    const shape = (schema: unknown) =>
      JSON.stringify((schema as { _zod: { def: unknown } })._zod.def, (key, value) => (key === 'parent' ? undefined : value));
    const site = translationSchema(CONTENT_FILES['site.yaml'])!;
    const described = shape(site);
    for (const field of ['"phone"', '"email"', '"siteUrl"', '"foundedYear"', '"name"', '"value"', '"endpoint"'])
      expect(described).not.toContain(field);
    expect(described).toContain('"tagline"');
    const services = translationSchema(CONTENT_FILES['services.yaml'])!;
    for (const field of ['"icon"', '"starting"']) expect(shape(services)).not.toContain(field);
    expect(shape(services)).toContain('"note"');
    // The only id is the one a service's translation may name to say which service it translates.
    const item = z.toJSONSchema(services as z.ZodType, { io: 'input' }) as unknown as {
      properties: { services: { items: { properties: Record<string, unknown>; required: string[] } } };
    };
    expect(Object.keys(item.properties.services.items.properties)).toContain('id');
    expect(item.properties.services.items.required).not.toContain('id');
  });

  test('site check reads the translation files, and the record of their English, and counts them', async () => {
    const checked = await checkContent(SAMPLE_CONTENT);
    expect(checked.problems).toEqual([]);
    const read = [...checked.sources.keys()].filter((file) => file.includes('/ml/'));
    expect(read).toHaveLength(12);
    expect(read.filter((file) => file.endsWith('/ml/translated-from.yaml'))).toHaveLength(1);
  });

  test('a service added to services.yaml alone is a warning in ml/services.yaml, naming the English title to translate', async () => {
    const dir = await contentWithFixture();
    try {
      const file = `${dir}/content/services.yaml`;
      const doc = parseDocument(await readFile(file, 'utf8'));
      const services = doc.get('services', true) as YAMLSeq;
      const copy = (services.items[0] as YAMLMap).clone() as YAMLMap;
      copy.set('id', 'two-wheeler');
      copy.set('title', 'Two-Wheeler Shifting');
      services.items.push(copy);
      await writeFile(file, String(doc));
      const { problems, warnings } = await checkContent(`${dir}/content`);
      expect(problems).toEqual([]);
      expect(warnings.filter((p) => p.code !== 'placeholder').map((p) => [p.code, p.file.slice(dir.length), p.path, p.message])).toEqual([
        [
          'missing-translation',
          '/content/ml/services.yaml',
          'services[7]',
          'The English item 7 (id "two-wheeler") has no Malayalam item; it translates title "Two-Wheeler Shifting".',
        ],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a content folder without ml/ publishes the English site alone', async () => {
    const dir = await contentWithFixture();
    await rm(`${dir}/content/ml`, { recursive: true });
    try {
      const english = await build({ contentDir: `${dir}/content`, siteUrl: SITE_URL });
      expect(english.files.some((f) => f.path.startsWith('ml/'))).toBe(false);
      const home = parseHtml(String(english.files.find((f) => f.path === 'index.html')!.contents));
      expect(home.querySelectorAll('link[hreflang], a[hreflang]')).toHaveLength(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
