import { readFile, rm, writeFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.js';
import type { Site } from '../../../generator/schema/index.js';
import { contentWithFixture, SAMPLE_CONTENT } from '../../helpers/content.js';
import { closeParser, contentinfo, heading, linkNamed, main, meta, parseHtml, region, textOf } from '../../helpers/dom.js';

/**
 * What lets a visitor check the company before paying a deposit, on the sample content (every
 * field filled) and on the same content with every optional trust field left out.
 */

const SITE_URL = 'https://movers.example.in';
const NOW = new Date('2031-05-01T12:00:00Z');
const EDITIONS = [
  { folder: '', files: ['index.html', 'about/index.html', 'services/index.html', 'contact/index.html', 'privacy/index.html', '404.html'] },
  {
    folder: 'ml',
    files: [
      'ml/index.html',
      'ml/about/index.html',
      'ml/services/index.html',
      'ml/contact/index.html',
      'ml/privacy/index.html',
      'ml/404.html',
    ],
  },
] as const;
const ALL_FILES = EDITIONS.flatMap((edition) => edition.files);

const temporary: string[] = [];

async function pagesOf(result: BuildResult): Promise<Map<string, Document>> {
  return new Map(result.files.filter((file) => file.path.endsWith('.html')).map((file) => [file.path, parseHtml(String(file.contents))]));
}

function jsonLd(doc: Document): Record<string, any> {
  return JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent ?? '') as Record<string, any>;
}

/** The footer's last line, with the copyright and the link to the privacy notice. */
function copyrightLine(footer: Element): Element {
  return Array.from(footer.querySelectorAll('p')).find((p) => textOf(p).includes('©'))!;
}

/** The site in a page's language: the English site, or its translation. */
function siteFor(site: Site, file: string): Site {
  return file.startsWith('ml/') ? site.translations![0]!.site : site;
}

let full: BuildResult;
let pages: Map<string, Document>;
const page = (file: string) => pages.get(file)!;

beforeAll(async () => {
  full = await build({ contentDir: SAMPLE_CONTENT, siteUrl: SITE_URL, now: NOW });
  pages = await pagesOf(full);
});

afterAll(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  await closeParser();
});

describe('with every trust field filled in', () => {
  test.each(ALL_FILES)('%s: the footer names the legal entity, its GSTIN and registered office, and links the privacy notice', (file) => {
    const { business } = siteFor(full.site, file).settings;
    const footer = contentinfo(page(file));
    const { legal, privacyLink } = siteFor(full.site, file).layout.footer;
    expect(textOf(footer)).toContain(business!.legalName!);
    expect(textOf(footer)).toContain(`${legal.gstin} ${business!.gstin}`);
    expect(textOf(footer)).toContain(`${legal.registeredOffice}: ${business!.registeredAddress}`);
    expect(linkNamed(copyrightLine(footer), privacyLink).getAttribute('href')).toBe(file.startsWith('ml/') ? '/ml/privacy/' : '/privacy/');
  });

  test.each(ALL_FILES)('%s: the newsletter box says in one sentence what happens to the address, with the link', (file) => {
    const { newsletter } = siteFor(full.site, file).layout.footer;
    const form = page(file).querySelector('form[data-newsletter]')!;
    const link = linkNamed(form, newsletter.privacyLink);
    expect(textOf(link.parentElement)).toBe(`${newsletter.privacy} ${newsletter.privacyLink}`);
    expect(link.getAttribute('href')).toMatch(/^(\/ml)?\/privacy\/$/);
  });

  test.each(['contact/index.html', 'ml/contact/index.html'])(
    '%s: the quote form says who receives the details through which relay, with the link',
    (file) => {
      const { form } = siteFor(full.site, file).pages.contact;
      const quote = page(file).querySelector('form[data-quote-form]')!;
      const link = linkNamed(quote, form.privacyLink);
      expect(textOf(link.parentElement)).toBe(`${form.privacy} ${form.privacyLink}`);
      expect(form.privacy).toContain('FormSubmit');
      expect(link.getAttribute('href')).toBe(file.startsWith('ml/') ? '/ml/privacy/' : '/privacy/');
      // The phone field says a number from any country is fine, read out with the field.
      const phone = quote.querySelector('input[name="phone"]')!;
      const help = page(file).getElementById(phone.getAttribute('aria-describedby')!)!;
      expect(textOf(help)).toBe(form.fields.phone.help);
    },
  );

  test.each(['index.html', 'ml/index.html', 'about/index.html', 'ml/about/index.html'])(
    '%s: the "licensed and insured" line and the source of the figures',
    (file) => {
      const { business, reviews } = siteFor(full.site, file).settings;
      const doc = page(file);
      const hero = doc.getElementById('page-title')!.closest('section')!;
      expect(textOf(hero)).toContain(business!.assurance!);
      const source = linkNamed(main(doc), reviews!.label);
      expect(source.getAttribute('href')).toBe(reviews!.url);
      expect(source.getAttribute('rel')).toBe('noopener noreferrer');
    },
  );

  test('each review names where it was posted', () => {
    const { testimonials, pages: content } = full.site;
    const reviews = region(page('index.html'), content.home.testimonials.heading.title, 2);
    for (const review of testimonials) expect(textOf(reviews)).toContain(`${content.home.testimonials.sourceLabel} ${review.source!.name}`);
  });

  test.each(['about/index.html', 'ml/about/index.html'])(
    '%s: registration, insurance, payment, cancellation and claims, each with what it means',
    (file) => {
      const site = siteFor(full.site, file);
      const facts = region(page(file), site.pages.about.facts!.heading.title, 2);
      const terms = Array.from(facts.querySelectorAll('dt')).map(textOf);
      expect(terms).toEqual(site.settings.business!.facts!.map((fact) => fact.title));
      expect(Array.from(facts.querySelectorAll('dd')).map(textOf)).toEqual(site.settings.business!.facts!.map((fact) => fact.text));
    },
  );

  test.each(['contact/index.html', 'ml/contact/index.html'])(
    '%s: the questions and answers are in the HTML, each answer under its question without a script',
    (file) => {
      const { faq } = siteFor(full.site, file).pages.contact;
      const section = region(page(file), faq!.heading.title, 2);
      const items = Array.from(section.querySelectorAll('details'));
      expect(items.map((item) => textOf(item.querySelector('summary')))).toEqual(faq!.items.map((item) => item.question));
      expect(items.map((item) => textOf(item.querySelector('p')))).toEqual(faq!.items.map((item) => item.answer));
    },
  );

  test.each(['contact/index.html', 'ml/contact/index.html'])(
    '%s: the same questions as FAQPage structured data, in the page’s language',
    (file) => {
      const site = siteFor(full.site, file);
      const faq = jsonLd(page(file)).mainEntityOfPage.hasPart;
      expect(faq['@type']).toBe('FAQPage');
      expect(faq.inLanguage).toBe(file.startsWith('ml/') ? 'ml' : 'en');
      expect(faq.mainEntity).toEqual(
        site.pages.contact.faq!.items.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      );
      for (const other of ['index.html', 'services/index.html', 'privacy/index.html'])
        expect(jsonLd(page(other)).mainEntityOfPage).not.toHaveProperty('hasPart');
    },
  );

  test.each(['contact/index.html', 'ml/contact/index.html'])(
    '%s: the districts and routes served, and the districts in areaServed',
    (file) => {
      const site = siteFor(full.site, file);
      const areas = site.pages.contact.areas!;
      const section = region(page(file), areas.heading.title, 2);
      for (const group of [areas.districts, areas.routes!]) {
        const title = heading(section, group.title, 3);
        expect(Array.from(title.parentElement!.querySelectorAll('li')).map(textOf)).toEqual(group.items);
      }
      const served = jsonLd(page(file)).areaServed.map((area: { name: string }) => area.name);
      expect(served).toEqual([...site.settings.company.areaServed, ...areas.districts.items]);
    },
  );

  test('the company in structured data carries its legal name and GSTIN where it is described: the home and about pages', () => {
    const { business } = full.site.settings;
    for (const file of ALL_FILES) {
      const data = jsonLd(page(file));
      if (/^(ml\/)?(index|about\/index)\.html$/.test(file))
        expect(data, file).toMatchObject({ legalName: business!.legalName, taxID: business!.gstin });
      else for (const key of ['legalName', 'taxID']) expect(data, `${file} ${key}`).not.toHaveProperty(key);
    }
  });

  test.each(['privacy/index.html', 'ml/privacy/index.html'])('%s: the notice, item by item, with whom to contact', (file) => {
    const site = siteFor(full.site, file);
    const doc = page(file);
    const content = site.pages.privacy;
    expect(textOf(heading(doc, content.hero.title, 1))).toBe(content.hero.title);
    for (const section of content.sections) {
      const part = region(doc, section.title, 2);
      for (const paragraph of section.paragraphs) expect(textOf(part)).toContain(paragraph);
      for (const point of section.points ?? []) expect(textOf(part)).toContain(point);
    }
    const contact = region(doc, content.contact.title, 2);
    expect(linkNamed(contact, site.settings.contact.email).getAttribute('href')).toBe(`mailto:${site.settings.contact.email}`);
    // Like every page: its own canonical address, and the other language's as an alternate.
    const other = file.startsWith('ml/') ? '/privacy/' : '/ml/privacy/';
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`${SITE_URL}/${file.replace('index.html', '')}`);
    expect(Array.from(doc.querySelectorAll('link[rel="alternate"]')).map((link) => link.getAttribute('href'))).toContain(
      `${SITE_URL}${other}`,
    );
  });

  test('each language shares its own card, described in its language', () => {
    for (const edition of EDITIONS) {
      const doc = page(edition.files[0]);
      const site = siteFor(full.site, edition.files[0]);
      expect(meta(doc, 'property', 'og:image')).toBe(`${SITE_URL}/${edition.folder ? `share-${edition.folder}.png` : 'share.png'}`);
      expect(meta(doc, 'property', 'og:image:alt')).toBe(site.settings.seo.shareImageAlt);
      expect(full.files.some((file) => file.path === (edition.folder ? `share-${edition.folder}.png` : 'share.png'))).toBe(true);
    }
  });

  test('social networks are icon links; one without an address is left out, never promised', () => {
    const footer = contentinfo(page('index.html'));
    const links = full.site.settings.social.map((entry) => linkNamed(footer, entry.label));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(full.site.settings.social.map((entry) => entry.url));
    expect(textOf(footer)).not.toMatch(/coming soon/i);
  });
});

describe('with every trust field left out', () => {
  let pagesWithout: Map<string, Document>;
  let sample: Site;

  beforeAll(async () => {
    const dir = await contentWithFixture();
    temporary.push(dir);
    const edit = async (file: string, paths: (string | number)[][]) => {
      const at = path.join(dir, 'content', file);
      const doc = parseDocument(await readFile(at, 'utf8'));
      for (const key of paths) doc.deleteIn(key);
      await writeFile(at, String(doc));
    };
    await edit('site.yaml', [['business'], ['reviews'], ...[0, 1, 2, 3].map((i) => ['social', i, 'url'])]);
    await edit('ml/site.yaml', [['business'], ['reviews']]);
    await edit(
      'testimonials.yaml',
      [0, 1, 2].map((i) => ['testimonials', i, 'source']),
    );
    await edit('pages/contact.yaml', [['faq'], ['areas'], ['form', 'fields', 'phone', 'help']]);
    await edit('ml/pages/contact.yaml', [['faq'], ['areas'], ['form', 'fields', 'phone', 'help']]);
    await edit('pages/about.yaml', [['facts']]);
    await edit('ml/pages/about.yaml', [['facts']]);
    await edit('pages/home.yaml', [['testimonials', 'sourceLabel']]);
    await edit('ml/pages/home.yaml', [['testimonials', 'sourceLabel']]);
    const result = await build({ contentDir: path.join(dir, 'content'), siteUrl: SITE_URL, now: NOW });
    expect(result.warnings.filter((warning) => warning.code !== 'placeholder')).toEqual([]);
    sample = result.site;
    pagesWithout = await pagesOf(result);
  });

  test.each(ALL_FILES)('%s shows nothing of them, and no empty element stands in their place', (file) => {
    const doc = pagesWithout.get(file)!;
    const text = textOf(doc.body);
    for (const word of [
      'GSTIN',
      'ജിഎസ്ടിഐഎൻ',
      'Licensed and insured',
      'Posted on',
      'Read all our reviews',
      'Follow Us',
      'Before You Book',
      'Areas We Serve',
    ]) {
      expect(text, word).not.toContain(word);
    }
    expect(
      doc.querySelector('.assurance, .footer-legal, .stats-source, .review-source, .social-list, #faq, #areas, #business, .field-help'),
    ).toBeNull();
    for (const element of Array.from(doc.body.querySelectorAll('p, li, ul, dl, h2, h3, section'))) {
      expect(
        textOf(element) !== '' || element.querySelector('img, svg, iframe, input') !== null,
        `an empty <${element.tagName.toLowerCase()}> in ${file}`,
      ).toBe(true);
    }
    // The privacy notice stays: the forms and the footer still link to it.
    expect(linkNamed(copyrightLine(contentinfo(doc)), siteFor(sample, file).layout.footer.privacyLink).getAttribute('href')).toMatch(
      /\/privacy\/$/,
    );
  });

  test.each(ALL_FILES)('%s claims none of them in its structured data', (file) => {
    const data = jsonLd(pagesWithout.get(file)!);
    for (const key of ['legalName', 'taxID', 'sameAs']) expect(data, key).not.toHaveProperty(key);
    expect(data.mainEntityOfPage ?? {}).not.toHaveProperty('hasPart');
    if (/^(ml\/)?(index|about\/index)\.html$/.test(file))
      expect(data.areaServed.map((area: { name: string }) => area.name)).toEqual(siteFor(sample, file).settings.company.areaServed);
  });
});

test('a share photo from content is what a shared link shows, described by its own alt text', async () => {
  const dir = await contentWithFixture();
  temporary.push(dir);
  await mkdir(path.join(dir, 'content/images'), { recursive: true });
  const photo = await sharp({ create: { width: 1600, height: 840, channels: 3, background: '#0b5563' } })
    .jpeg()
    .toBuffer();
  await writeFile(path.join(dir, 'content/images/crew.jpg'), photo);
  const at = path.join(dir, 'content/site.yaml');
  const doc = parseDocument(await readFile(at, 'utf8'));
  doc.setIn(['seo', 'shareImage'], doc.createNode({ src: 'images/crew.jpg', alt: 'Our crew beside the truck outside the Kochi office' }));
  await writeFile(at, String(doc));
  const mlAt = path.join(dir, 'content/ml/site.yaml');
  const ml = parseDocument(await readFile(mlAt, 'utf8'));
  ml.setIn(['seo', 'shareImage'], ml.createNode({ alt: 'കൊച്ചി ഓഫീസിനു മുന്നിൽ ട്രക്കിനരികെ ഞങ്ങളുടെ ടീം' }));
  await writeFile(mlAt, String(ml));

  const result = await build({ contentDir: path.join(dir, 'content'), siteUrl: SITE_URL, now: NOW });
  const built = await pagesOf(result);
  const image = meta(built.get('index.html')!, 'property', 'og:image')!;
  expect(image).toMatch(new RegExp(`^${SITE_URL}/assets/photos/crew-1200\\.[0-9a-f]{10}\\.jpg$`));
  expect(result.files.some((file) => `${SITE_URL}/${file.path}` === image)).toBe(true);
  expect(meta(built.get('index.html')!, 'property', 'og:image:alt')).toBe('Our crew beside the truck outside the Kochi office');
  expect(meta(built.get('ml/index.html')!, 'property', 'og:image')).toBe(image);
  expect(meta(built.get('ml/index.html')!, 'property', 'og:image:alt')).toBe('കൊച്ചി ഓഫീസിനു മുന്നിൽ ട്രക്കിനരികെ ഞങ്ങളുടെ ടീം');
});
