import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.js';
import type { Site } from '../../../generator/schema/index.js';
import { SAMPLE_PALETTE as PALETTE } from '../../../generator/contract/palette.js';
import { contentWithFixture, SAMPLE_CONTENT } from '../../helpers/content.js';
import { rupeesText } from '../../helpers/content-rules.js';
import {
  accessibleName,
  banner,
  buttonNamed,
  cardOf,
  closeParser,
  contentinfo,
  controlLabelled,
  digitsOf,
  heading,
  HEADINGS,
  headings,
  headingTexts,
  itemTexts,
  linkNamed,
  linksNamed,
  listAfter,
  main,
  meta,
  parseHtml,
  parseXml,
  region,
  regionOf,
  relHas,
  fillWhatsAppPopup,
  squash,
  statItems,
  textOf,
} from '../../helpers/dom.js';

/**
 * What a visitor gets on each page of the shipped site, read from the
 * rendered HTML the way a person or a screen reader meets it: headings, link and button names,
 * labels, landmarks and attributes, never CSS classes. Expected values come from the validated
 * content where that is natural, and from the spec's literal wording where the spec names it.
 */

const SITE_URL = 'https://movers.example.in';
const NOW = new Date('2031-05-01T12:00:00Z');
const BUILD_YEAR = '2031';

type PageKey = 'home' | 'about' | 'services' | 'contact' | 'privacy';
/** Each page with the address it is published at: a folder's address ends in a slash. */
const ROUTES: ReadonlyArray<{ key: PageKey; route: string; file: string }> = [
  { key: 'home', route: '/', file: 'index.html' },
  { key: 'about', route: '/about/', file: 'about/index.html' },
  { key: 'services', route: '/services/', file: 'services/index.html' },
  { key: 'contact', route: '/contact/', file: 'contact/index.html' },
  { key: 'privacy', route: '/privacy/', file: 'privacy/index.html' },
];
const NOT_FOUND_FILE = '404.html';
const ALL_PAGES = [...ROUTES.map((r) => r.file), NOT_FOUND_FILE];

/** SPEC §9: starting prices in rupees, keyed by the service titles used on the services page. */
const STARTING_PRICES: Record<string, { number: number; shown: string }> = {
  'Residential Moving': { number: 8999, shown: '₹8,999' },
  'Office/Commercial Moving': { number: 15999, shown: '₹15,999' },
  'Packing & Unpacking': { number: 4999, shown: '₹4,999' },
  'Storage Solutions': { number: 2999, shown: '₹2,999' },
  'Long Distance Moving': { number: 25999, shown: '₹25,999' },
  'Pet Shifting': { number: 3999, shown: '₹3,999' },
};
const SERVICES_PAGE_TITLES = Object.keys(STARTING_PRICES);
const HOME_GRID_TITLES = [
  'Residential Moving',
  'Office/Commercial Moving',
  'Packing & Unpacking',
  'Storage Solutions',
  'Long Distance Moving',
  'Vehicle Transport',
];
const FORM_SERVICE_OPTIONS = [
  'Residential Moving',
  'Office / Commercial Moving',
  'Packing & Unpacking',
  'Storage Solutions',
  'Long Distance Moving',
  'Pet Shifting',
];
// The first wording, "15+ years (founded 2008)", was true when it was written: the sample counts its years
// from its founding year to the build's date (${years}+), so on NOW's date it says 23+.
const MARKETING_FIGURES = ['5000+', '99%', '4.9/5', '1500+', `${NOW.getFullYear() - 2008}+`, '50+'];
const SUCCESS_MESSAGE = "Thank you! We'll contact you within 24 hours with your free quote.";
const ERROR_MESSAGE = 'Sorry, something went wrong. Please try again or contact us directly.';

// ---------------------------------------------------------------------------------------------
// Building and parsing

let built: BuildResult;
let site: Site;
const raw = new Map<string, string>();
const docs = new Map<string, Document>();

beforeAll(async () => {
  built = await build({ contentDir: SAMPLE_CONTENT, siteUrl: SITE_URL, now: NOW });
  site = built.site;
  for (const file of built.files) {
    if (file.path.endsWith('.html') || /\.(xml|txt|svg)$/.test(file.path)) raw.set(file.path, String(file.contents));
  }
  for (const file of ALL_PAGES) {
    const html = raw.get(file);
    if (html === undefined) throw new Error(`The build has no ${file}; it has ${built.files.map((f) => f.path).join(', ')}`);
    docs.set(file, parseHtml(html));
  }
});

afterAll(async () => {
  await closeParser();
});

function page(file: string): Document {
  const doc = docs.get(file);
  if (!doc) throw new Error(`No parsed page ${file}`);
  return doc;
}

function fileOf(key: PageKey): string {
  return ROUTES.find((r) => r.key === key)!.file;
}

/** The page's one JSON-LD block, parsed. */
function jsonLd(doc: Document): Record<string, any> {
  const scripts = Array.from(doc.querySelectorAll('script[type="application/ld+json"]'));
  if (scripts.length !== 1) throw new Error(`Expected one JSON-LD script, found ${scripts.length}`);
  return JSON.parse(scripts[0]!.textContent ?? '') as Record<string, any>;
}

// ---------------------------------------------------------------------------------------------
// Home

describe('/ (home)', () => {
  const home = () => page('index.html');

  test('the hero has the one h1 and the company tagline', () => {
    const h1 = heading(main(home()), site.pages.home.hero.title, 1);
    const hero = regionOf(h1);
    expect(textOf(hero)).toContain(site.settings.company.tagline);
    expect(textOf(hero)).toContain('Trusted packers and movers in Kerala since 2008');
  });

  test("the hero offers 'Get Free Quote' straight to the form and 'Read More' to /services, and the lowest starting price of a move", () => {
    const hero = regionOf(heading(home(), site.pages.home.hero.title, 1));
    expect(linkNamed(hero, 'Get Free Quote').getAttribute('href')).toBe('/contact/#quote');
    // Storage's ₹2,999 is a month's price, not a move's.
    const lowest = Math.min(...site.services.filter((service) => service.id !== 'storage').map((service) => service.pricing.starting));
    expect(linkNamed(hero, `Moves from ${rupeesText(lowest)}`).getAttribute('href')).toBe('/services/');
    expect(linkNamed(hero, /^Read More\b/).getAttribute('href')).toBe('/services/');
  });

  test('the sections come in the order of the spec', () => {
    const h = site.pages.home;
    const order = [
      h.about.heading.title,
      h.services.heading.title,
      h.whyChooseUs.heading.title,
      h.howItWorks.heading.title,
      h.testimonials.heading.title,
      h.cta.title,
    ];
    const mainHeadings = headingTexts(main(home()), 2);
    expect(mainHeadings).toEqual(order);
  });

  test('has an about section with its text and a link to /about', () => {
    const about = region(home(), site.pages.home.about.heading.title, 2);
    for (const paragraph of site.pages.home.about.paragraphs) expect(textOf(about)).toContain(squash(paragraph));
    expect(linkNamed(about, site.pages.home.about.link.label).getAttribute('href')).toBe('/about/');
  });

  test('the services grid has six cards, with Vehicle Transport and without Pet Shifting', () => {
    const grid = region(home(), site.pages.home.services.heading.title, 2);
    const titles = headingTexts(grid, 3);
    expect(titles).toEqual(HOME_GRID_TITLES);
    expect(textOf(grid)).not.toContain('Pet Shifting');
    for (const item of site.pages.home.services.items) {
      const service = site.services.find((s) => s.id === item.service);
      const title = item.title ?? service!.title;
      expect(textOf(cardOf(heading(grid, title, 3)))).toContain(squash(item.desc ?? service!.shortDesc));
    }
  });

  test('a card that names a service takes its title from it, shows its starting price and links to it on /services; Vehicle Transport leads to the form', () => {
    const grid = region(home(), site.pages.home.services.heading.title, 2);
    expect(linkNamed(grid, 'Residential Moving').getAttribute('href')).toBe('/services/#residential');
    expect(linkNamed(grid, 'Long Distance Moving').getAttribute('href')).toBe('/services/#long-distance');
    const residential = site.services.find((service) => service.id === 'residential')!;
    expect(textOf(heading(grid, 'Residential Moving', 3).closest('li'))).toContain(`From ${rupeesText(residential.pricing.starting)}`);
    expect(linkNamed(grid, 'Vehicle Transport').getAttribute('href')).toBe('/contact/#quote');
    expect(textOf(heading(grid, 'Vehicle Transport', 3).closest('li'))).not.toContain('₹');
    expect(site.pages.home.services.items[0]).toEqual({ service: 'residential', desc: expect.any(String) });
  });

  test("'Why Choose Us' has four steps", () => {
    const why = region(home(), 'Why Choose Us', 2);
    const steps = site.pages.home.whyChooseUs.steps;
    expect(steps).toHaveLength(4);
    expect(headingTexts(why, 3)).toEqual(steps.map((s) => s.title));
    for (const step of steps) expect(textOf(cardOf(heading(why, step.title, 3)))).toContain(squash(step.desc));
  });

  test("'How It Works' lists its four steps in order, as an ordered list", () => {
    const how = region(home(), 'How It Works', 2);
    const expected = ['Request a Quote', 'Get a Free Estimate', 'Schedule Your Move', 'Relax While We Handle Everything'];
    expect(headingTexts(how, 3)).toEqual(expected);
    const list = heading(how, 'Request a Quote', 3).closest('ol');
    expect(list, 'the steps are an <ol>').not.toBeNull();
    expect(Array.from(list!.children).map((li) => textOf(li.querySelector(HEADINGS)))).toEqual(expected);
  });

  test('three testimonial cards, each with its rating, name, location, comment, initials and month', () => {
    const section = region(home(), site.pages.home.testimonials.heading.title, 2);
    const cards = Array.from(section.querySelectorAll('figure'));
    expect(cards).toHaveLength(3);
    expect(site.testimonials).toHaveLength(3);
    site.testimonials.forEach((review, i) => {
      const card = cards[i]!;
      const rating = card.querySelectorAll('[role="img"]');
      expect(rating, `${review.name}: one rating image`).toHaveLength(1);
      expect(accessibleName(rating[0]!)).toBe('Rated 5 out of 5');
      expect(rating[0]!.querySelectorAll('path:not([fill="none"])'), `${review.name}: five filled stars`).toHaveLength(5);
      expect(review.rating).toBe(5);
      expect(textOf(card.querySelector('blockquote'))).toBe(squash(review.comment));
      const caption = textOf(card.querySelector('figcaption'));
      expect(caption).toContain(review.name);
      expect(caption).toContain(review.location);
      expect(caption).toContain(['September 2026', 'August 2026', 'September 2026'][i]);
      expect(card.querySelector('time')!.getAttribute('datetime')).toBe(review.date);
      expect(caption).not.toMatch(/\bago\b/);
      expect(review.avatar).toMatch(/^[A-Z]{1,3}$/);
      const initials = Array.from(card.querySelectorAll('figcaption *')).filter((el) => textOf(el) === review.avatar);
      expect(initials, `${review.name}: the avatar initials ${review.avatar}`).toHaveLength(1);
    });
  });

  test('the stats strip shows every marketing figure with its label', () => {
    const section = region(home(), site.pages.home.testimonials.heading.title, 2);
    const items = statItems(section);
    for (const figure of MARKETING_FIGURES) {
      const stat = site.settings.stats.find((s) => s.value === figure);
      expect(stat, `content has the figure ${figure}`).toBeDefined();
      expect(items).toContainEqual([figure, stat!.label]);
    }
  });

  test('ends with a call to action linking to the form', () => {
    const cta = region(home(), site.pages.home.cta.title, 2);
    expect(textOf(cta)).toContain(squash(site.pages.home.cta.text));
    expect(linkNamed(cta, 'Get Free Quote').getAttribute('href')).toBe('/contact/#quote');
    expect(linkNamed(cta, /^Call Now\b/).getAttribute('href')).toBe(`tel:+${digitsOf(site.settings.contact.phone)}`);
    const regions = Array.from(main(home()).querySelectorAll(':scope > section'));
    expect(regions.at(-1)).toBe(cta);
  });
});

// ---------------------------------------------------------------------------------------------
// About

describe('/about', () => {
  const about = () => page('about/index.html');

  test('has a hero with the h1 and its text', () => {
    const hero = regionOf(heading(main(about()), site.pages.about.hero.title, 1));
    expect(textOf(hero)).toContain(squash(site.pages.about.hero.text));
  });

  test('tells the story, with mission, vision and the stats', () => {
    const story = site.pages.about.story;
    const section = region(about(), story.heading.title, 2);
    for (const paragraph of story.paragraphs) expect(textOf(section)).toContain(squash(paragraph));
    for (const part of [story.mission, story.vision]) {
      expect(textOf(cardOf(heading(section, part.title)))).toContain(squash(part.text));
    }
    expect(headingTexts(section, 3)).toEqual(expect.arrayContaining(['Our Mission', 'Our Vision']));
    const items = statItems(section);
    for (const stat of site.settings.stats) expect(items).toContainEqual([stat.value, stat.label]);
    for (const figure of MARKETING_FIGURES) expect(items.map(([value]) => value)).toContain(figure);
  });

  test('shows the four core values', () => {
    const values = region(about(), site.pages.about.values.heading.title, 2);
    const expected = ['Safety First', 'Trust & Reliability', 'Customer Satisfaction', 'Professional Excellence'];
    expect(headingTexts(values, 3)).toEqual(expected);
    for (const value of site.pages.about.values.items)
      expect(textOf(cardOf(heading(values, value.title, 3)))).toContain(squash(value.desc));
  });

  test('has a why-choose feature grid', () => {
    const why = region(about(), site.pages.about.whyChoose.heading.title, 2);
    const items = site.pages.about.whyChoose.items;
    expect(items.length).toBeGreaterThan(0);
    expect(headingTexts(why, 3)).toEqual(items.map((item) => item.title));
    for (const item of items) expect(textOf(cardOf(heading(why, item.title, 3)))).toContain(squash(item.desc));
  });
});

// ---------------------------------------------------------------------------------------------
// Services

describe('/services', () => {
  const services = () => page('services/index.html');
  const labels = () => site.pages.services.labels;

  function serviceCard(title: string): Element {
    return regionOf(heading(main(services()), title, 2));
  }

  test('has a hero with the h1', () => {
    const hero = regionOf(heading(main(services()), site.pages.services.hero.title, 1));
    expect(textOf(hero)).toContain(squash(site.pages.services.hero.text));
  });

  test('shows six detailed service cards in the order of the spec', () => {
    const cards = Array.from(main(services()).querySelectorAll('article'));
    expect(cards).toHaveLength(6);
    expect(cards.map(accessibleName)).toEqual(SERVICES_PAGE_TITLES);
    expect(site.services.map((s) => s.title)).toEqual(SERVICES_PAGE_TITLES);
  });

  test.each(SERVICES_PAGE_TITLES)('%s: description, tagline and starting price in rupees', (title) => {
    const service = site.services.find((s) => s.title === title)!;
    const card = serviceCard(title);
    const paragraphs = Array.from(card.querySelectorAll('p')).map(textOf);
    expect(paragraphs).toContain(squash(service.fullDescription));
    expect(paragraphs).toContain(squash(service.tagline));

    const { number, shown } = STARTING_PRICES[title]!;
    expect(service.pricing.starting).toBe(number);
    const price = Array.from(card.querySelectorAll('*')).filter((el) => el.children.length === 0 && textOf(el) === shown);
    expect(price, `${title}: the price ${shown}`).toHaveLength(1);
    const priceBox = textOf(price[0]!.parentElement);
    expect(priceBox).toContain(labels().startingFrom);
    expect(priceBox).toContain(squash(service.pricing.note));
    if (title === 'Storage Solutions') expect(priceBox).toMatch(/per month/i);
  });

  test.each(SERVICES_PAGE_TITLES)('%s: process steps as an ordered list', (title) => {
    const service = site.services.find((s) => s.title === title)!;
    const list = listAfter(heading(serviceCard(title), labels().process));
    expect(list.tagName).toBe('OL');
    expect(itemTexts(list)).toEqual(service.process.map(squash));
  });

  test.each(SERVICES_PAGE_TITLES)("%s: key features, what's included and ideal-for tags", (title) => {
    const service = site.services.find((s) => s.title === title)!;
    const card = serviceCard(title);

    const features = listAfter(heading(card, labels().keyFeatures));
    const featureItems = Array.from(features.children);
    expect(featureItems.map((li) => textOf(li.querySelector(HEADINGS)))).toEqual(service.keyFeatures.map((f) => f.title));
    service.keyFeatures.forEach((feature, i) => expect(textOf(featureItems[i])).toContain(squash(feature.desc)));

    expect(itemTexts(listAfter(heading(card, labels().whatsIncluded)))).toEqual(service.whatsIncluded.map(squash));
    expect(itemTexts(listAfter(heading(card, labels().idealFor)))).toEqual(service.idealFor.map(squash));
  });

  test.each(SERVICES_PAGE_TITLES)("%s: a 'Get Free Quote' link to the form, naming the service", (title) => {
    const id = site.services.find((service) => service.title === title)!.id;
    expect(linkNamed(serviceCard(title), 'Get Free Quote').getAttribute('href')).toBe(`/contact/?service=${id}#quote`);
  });

  test("ends with a call to action whose 'Call Now' link dials +91", () => {
    const cta = region(services(), site.pages.services.cta.title, 2);
    const call = linkNamed(cta, /^Call Now\b/);
    expect(call.getAttribute('href')).toMatch(/^tel:\+91\d+$/);
    expect(call.getAttribute('href')).toBe(`tel:+${digitsOf(site.settings.contact.phone)}`);
    expect(linkNamed(cta, 'Get Free Quote').getAttribute('href')).toBe('/contact/#quote');
    expect(Array.from(main(services()).querySelectorAll(':scope > section')).at(-1)).toBe(cta);
  });
});

// ---------------------------------------------------------------------------------------------
// Contact

describe('/contact', () => {
  const contact = () => page('contact/index.html');
  const form = () => {
    const forms = main(contact()).querySelectorAll('form');
    if (forms.length !== 1) throw new Error(`Expected one form in the main content of /contact, found ${forms.length}`);
    return forms[0] as HTMLFormElement;
  };

  test('has a hero with the h1', () => {
    const hero = regionOf(heading(main(contact()), site.pages.contact.hero.title, 1));
    expect(textOf(hero)).toContain(squash(site.pages.contact.hero.text));
  });

  test('offers four ways to get in touch: call, email, visit and live chat', () => {
    const methods = site.pages.contact.methods;
    expect(methods.map((m) => m.kind)).toEqual(['call', 'email', 'visit', 'chat']);
    const { phone, email, directionsUrl, whatsapp } = site.settings.contact;
    for (const method of methods) {
      const card = cardOf(heading(main(contact()), method.title));
      expect(textOf(card)).toContain(squash(method.text));
      const link = linkNamed(card, method.action);
      const href = link.getAttribute('href')!;
      switch (method.kind) {
        case 'call':
          expect(href).toBe(`tel:+${digitsOf(phone)}`);
          break;
        case 'email':
          expect(href).toBe(`mailto:${email}`);
          break;
        case 'visit':
          expect(href).toMatch(/^https:\/\//);
          expect(href).toBe(directionsUrl);
          break;
        case 'chat':
          expect(href).toMatch(/^https:\/\/wa\.me\//);
          expect(new URL(href).pathname).toBe(`/${digitsOf(whatsapp)}`);
          break;
      }
    }
  });

  test('the quote form posts to the plain relay address', () => {
    const quote = form();
    expect(quote.getAttribute('method')?.toLowerCase()).toBe('post');
    expect(quote.getAttribute('action')).toBe(site.settings.form.plainEndpoint);
    expect(quote.getAttribute('action')).toMatch(/^https:\/\//);
  });

  test('text fields carry the spec labels, names and input types', () => {
    const fields: Array<[label: string, name: string, type: string]> = [
      ['Full Name *', 'name', 'text'],
      ['Email Address *', 'email', 'email'],
      ['Phone Number *', 'phone', 'tel'],
      ['Moving From *', 'moveFrom', 'text'],
      ['Moving To *', 'moveTo', 'text'],
    ];
    for (const [label, name, type] of fields) {
      const control = controlLabelled(contact(), label);
      expect(control.tagName, label).toBe('INPUT');
      expect(control.getAttribute('name'), label).toBe(name);
      expect(control.getAttribute('type') ?? 'text', label).toBe(type);
      expect(control.hasAttribute('required'), `${label} is required`).toBe(true);
      expect(control.closest('form'), `${label} is in the quote form`).toBe(form());
    }
    expect(controlLabelled(contact(), 'Phone Number *').getAttribute('placeholder')).toBe('+91 XXXXX XXXXX');
  });

  test("'Service Required *' is a select of the six services after an empty 'Select a service'", () => {
    const select = controlLabelled(contact(), 'Service Required *') as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.getAttribute('name')).toBe('service');
    expect(select.hasAttribute('required')).toBe(true);
    const options = Array.from(select.querySelectorAll('option'));
    expect(options[0] && textOf(options[0])).toBe('Select a service');
    expect(options[0]!.getAttribute('value')).toBe('');
    const rest = options.slice(1);
    expect(rest.map(textOf)).toEqual(FORM_SERVICE_OPTIONS);
    for (const option of rest) expect(option.getAttribute('value'), textOf(option)).toBe(textOf(option));
  });

  test('the moving date and additional details are optional', () => {
    const date = controlLabelled(contact(), site.pages.contact.form.fields.moveDate.label);
    expect(date.getAttribute('type')).toBe('date');
    expect(date.getAttribute('name')).toBe('moveDate');
    expect(date.hasAttribute('required')).toBe(false);

    const details = controlLabelled(contact(), 'Additional Details');
    expect(details.tagName).toBe('TEXTAREA');
    expect(details.getAttribute('name')).toBe('message');
    // The message box has 4 rows.
    expect(details.getAttribute('rows')).toBe('4');
    expect(details.hasAttribute('required')).toBe(false);
  });

  test('exactly name, email, phone, service, moveFrom and moveTo are required', () => {
    const required = Array.from(form().querySelectorAll('[required]')).map((c) => c.getAttribute('name'));
    expect(required.sort()).toEqual(['email', 'moveFrom', 'moveTo', 'name', 'phone', 'service']);
    const visible = Array.from(form().querySelectorAll('input, select, textarea')).filter(
      (c) => c.getAttribute('type') !== 'hidden' && !c.hasAttribute('hidden'),
    );
    expect(visible.map((c) => c.getAttribute('name'))).toEqual([
      'name',
      'email',
      'phone',
      'service',
      'moveFrom',
      'moveTo',
      'moveDate',
      'message',
    ]);
  });

  test('the success and error messages wait, hidden, in a live region', () => {
    for (const message of [SUCCESS_MESSAGE, ERROR_MESSAGE]) {
      const found = Array.from(form().querySelectorAll('*')).filter((el) => textOf(el) === message && el.children.length === 0);
      expect(found, message).toHaveLength(1);
      expect(found[0]!.hasAttribute('hidden'), `${message} starts hidden`).toBe(true);
      expect(found[0]!.closest('[role="status"], [role="alert"], [aria-live]'), `${message} is announced`).not.toBeNull();
    }
    expect(site.pages.contact.form.success).toBe(SUCCESS_MESSAGE);
    expect(site.pages.contact.form.error).toBe(ERROR_MESSAGE);
  });

  test('the submit button is a real submit button', () => {
    const submit = buttonNamed(form(), site.pages.contact.form.submit);
    expect(submit.getAttribute('type')).toBe('submit');
    expect(submit.hasAttribute('disabled')).toBe(false);
  });

  test("has a 'why choose' card and a response-time card promising 24 hours", () => {
    const why = cardOf(heading(main(contact()), site.pages.contact.whyChoose.title, 2));
    expect(itemTexts(why.querySelector('ul')!)).toEqual(site.pages.contact.whyChoose.points.map(squash));
    const response = heading(main(contact()), site.pages.contact.responseTime.title).parentElement!;
    expect(textOf(response)).toMatch(/\b24 hours\b/);
  });

  test('holds the map back until asked: no frame, the address on a drawing and "Show the map", a link to the map without JavaScript', () => {
    expect(main(contact()).querySelectorAll('iframe')).toHaveLength(0);
    const box = main(contact()).querySelector<HTMLElement>('[data-map]')!;
    expect(box.getAttribute('data-map-src')).toBe(site.settings.contact.mapEmbedUrl);
    expect(box.getAttribute('data-map-src')).toMatch(/^https:\/\//);
    expect(squash(box.getAttribute('data-map-title'))).toBe(site.pages.contact.map.frameTitle);
    expect(box.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(textOf(box)).toContain(site.settings.contact.address.street);
    const show = linkNamed(box, 'Show the map');
    expect(show.hasAttribute('data-map-show')).toBe(true);
    expect(show.getAttribute('href')).toBe(site.settings.contact.directionsUrl);
    expect(relHas(show, 'noopener', 'noreferrer')).toBe(true);
  });

  test("has a 'Get Directions' link in a new tab under the map", () => {
    const directions = linkNamed(region(contact(), site.pages.contact.map.heading.title, 2), 'Get Directions');
    expect(directions.getAttribute('href')).toBe(site.settings.contact.directionsUrl);
    expect(directions.getAttribute('target')).toBe('_blank');
    expect(relHas(directions, 'noopener', 'noreferrer')).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Every page

describe.each(ALL_PAGES)('every page: %s', (file) => {
  const doc = () => page(file);
  const route = ROUTES.find((r) => r.file === file);

  test('starts with <!doctype html> and is in Indian English', () => {
    expect(raw.get(file)!.slice(0, 15).toLowerCase()).toBe('<!doctype html>');
    expect(doc().documentElement.getAttribute('lang')).toBe('en-IN');
  });

  test('has exactly one h1, and headings never skip a level going down', () => {
    const all = headings(doc());
    expect(all.filter((h) => h.tagName === 'H1')).toHaveLength(1);
    let previous = 0;
    for (const h of all) {
      const level = Number(h.tagName.slice(1));
      expect(level, `"${textOf(h)}" (h${level}) follows an h${previous}`).toBeLessThanOrEqual(previous + 1);
      previous = level;
    }
  });

  test('has the header, nav, main and footer landmarks', () => {
    const header = banner(doc());
    expect(header.querySelector('nav')).not.toBeNull();
    expect(main(doc()).contains(heading(doc(), /.+/, 1))).toBe(true);
    contentinfo(doc());
  });

  test('names every navigation region, each differently, from content', () => {
    const navs = Array.from(doc().querySelectorAll('nav'));
    expect(navs.length).toBeGreaterThanOrEqual(2);
    // A landmark is named only by aria-label or aria-labelledby, never by its contents.
    const names = navs.map((nav) => (nav.hasAttribute('aria-label') || nav.hasAttribute('aria-labelledby') ? accessibleName(nav) : ''));
    expect(
      names.every((name) => name !== ''),
      names.join(', '),
    ).toBe(true);
    expect(new Set(names).size, names.join(', ')).toBe(navs.length);
    expect(names[0]).toBe(site.layout.header.navLabel);
    expect(names).toContain(site.layout.footer.quickLinksTitle);
  });

  test('has no duplicate ids', () => {
    const ids = Array.from(doc().querySelectorAll('[id]')).map((el) => el.id);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicates).toEqual([]);
  });

  test('every id reference points at an element on the page', () => {
    for (const attr of ['aria-controls', 'aria-labelledby', 'aria-describedby', 'for']) {
      for (const el of Array.from(doc().querySelectorAll(`[${attr}]`))) {
        for (const id of el.getAttribute(attr)!.split(/\s+/)) {
          expect(doc().getElementById(id), `${attr}="${id}"`).not.toBeNull();
        }
      }
    }
    for (const a of Array.from(doc().querySelectorAll('a[href^="#"]'))) {
      expect(doc().getElementById(a.getAttribute('href')!.slice(1)), a.getAttribute('href')!).not.toBeNull();
    }
  });

  test('every image has a text alternative or is hidden from screen readers', () => {
    for (const img of Array.from(doc().querySelectorAll('img'))) expect(img.hasAttribute('alt'), img.outerHTML).toBe(true);
    for (const svg of Array.from(doc().querySelectorAll('svg'))) {
      const hidden = svg.getAttribute('aria-hidden') === 'true';
      const named = svg.getAttribute('role') === 'img' && squash(svg.getAttribute('aria-label')) !== '';
      expect(hidden || named, `an <svg> with neither aria-hidden nor a label: ${svg.outerHTML.slice(0, 120)}`).toBe(true);
    }
  });

  test('every visible form control has a label pointing at it', () => {
    const controls = Array.from(doc().querySelectorAll('input, select, textarea')).filter(
      (c) => c.getAttribute('type') !== 'hidden' && !c.hasAttribute('hidden'),
    );
    for (const control of controls) {
      expect(control.id, `${control.outerHTML} has an id`).not.toBe('');
      const labels = doc().querySelectorAll(`label[for="${control.id}"]`);
      expect(labels.length, `a label for #${control.id}`).toBe(1);
      expect(textOf(labels[0])).not.toBe('');
    }
  });

  test('links opening a new tab carry rel="noopener noreferrer"', () => {
    const blank = Array.from(doc().querySelectorAll('a[target="_blank"]'));
    expect(blank.length).toBeGreaterThan(0);
    for (const a of blank) expect(relHas(a, 'noopener', 'noreferrer'), a.getAttribute('href')!).toBe(true);
  });

  test('the header links to every page and marks only the current one', () => {
    const header = banner(doc());
    const nav = header.querySelector('nav')!;
    const expected: Array<[string, string]> = [
      ['Home', '/'],
      ['About', '/about/'],
      ['Services', '/services/'],
      ['Contact Us', '/contact/'],
    ];
    for (const [name, href] of expected) {
      const link = linkNamed(nav, name);
      expect(link.getAttribute('href'), name).toBe(href);
      expect(link.getAttribute('aria-current'), `${name} on ${file}`).toBe(href === route?.route ? 'page' : null);
    }
    expect(linkNamed(header, 'Get In Touch').getAttribute('href')).toBe('/contact/');
    // The privacy page is linked from the footer only: no header link is current there.
    const inNav = expected.some(([, href]) => href === route?.route);
    const current = Array.from(doc().querySelectorAll('[aria-current]'));
    expect(current).toHaveLength(inNav ? 1 : 0);
    if (inNav) expect(current[0]!.getAttribute('href')).toBe(route!.route);
  });

  test('the mobile menu toggle is a collapsed button controlling the menu', () => {
    const header = banner(doc());
    const toggles = Array.from(header.querySelectorAll('[aria-controls]'));
    expect(toggles).toHaveLength(1);
    const toggle = toggles[0]!;
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('type')).toBe('button');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(accessibleName(toggle)).toBe(site.layout.header.openMenuLabel);
    const menu = doc().getElementById(toggle.getAttribute('aria-controls')!);
    expect(menu).not.toBeNull();
    expect(linksNamed(menu!, 'Home')).toHaveLength(1);
    expect(linksNamed(menu!, 'Get In Touch')).toHaveLength(1);
  });

  test('the footer has the quick links and the service links', () => {
    const footer = contentinfo(doc());
    const quick: Array<[string, string]> = [
      ['Home', '/'],
      ['About Us', '/about/'],
      ['Services', '/services/'],
      ['Contact', '/contact/'],
    ];
    const quickRegion = region(footer, site.layout.footer.quickLinksTitle);
    expect(Array.from(quickRegion.querySelectorAll('a')).map((a) => [accessibleName(a), a.getAttribute('href')])).toEqual(quick);

    const servicesList = listAfter(heading(footer, site.layout.footer.servicesTitle));
    const serviceLinks = Array.from(servicesList.querySelectorAll('a'));
    expect(site.layout.footer.services, 'the sample lists no ids: the footer shows every service').toBeUndefined();
    expect(serviceLinks.map(accessibleName)).toEqual(site.services.map((s) => s.title));
    expect(serviceLinks.length).toBeGreaterThan(0);
    for (const link of serviceLinks) expect(link.getAttribute('href'), accessibleName(link)).toBe('/services/');
  });

  test('the newsletter box is a form posting the address to the plain relay, with its subject, back to this page', () => {
    const footer = contentinfo(doc());
    const { newsletter } = site.layout.footer;
    const input = controlLabelled(doc(), newsletter.inputLabel) as HTMLInputElement;
    expect(footer.contains(input)).toBe(true);
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('name')).toBe('email');
    expect(input.hasAttribute('required')).toBe(true);
    const box = input.closest('form')!;
    expect(box).not.toBeNull();
    expect(box.getAttribute('method')).toBe('post');
    expect(box.getAttribute('action')).toBe(site.settings.form.plainEndpoint);
    expect(buttonNamed(box, newsletter.button).getAttribute('type')).toBe('submit');
    const hidden = (name: string) => box.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.getAttribute('value');
    expect(hidden('_subject')).toBe(newsletter.subject);
    expect(hidden('_next')).toBe(`${SITE_URL}${route?.route ?? '/'}#newsletter-sent`);
    expect(hidden('_captcha')).toBe('false');
    for (const message of [newsletter.success, newsletter.error]) {
      const found = Array.from(box.querySelectorAll('p')).filter((p) => textOf(p) === message);
      expect(found, message).toHaveLength(1);
      expect(found[0]!.hasAttribute('hidden'), `${message} starts hidden`).toBe(true);
      expect(found[0]!.closest('[role="status"]'), `${message} is announced`).not.toBeNull();
    }
  });

  test('each social network with an address is an icon link named by the network', () => {
    const footer = contentinfo(doc());
    const withUrl = site.settings.social.filter((entry) => entry.url);
    expect(withUrl.length).toBeGreaterThan(0);
    for (const entry of withUrl) {
      const links = linksNamed(footer, new RegExp(`^${entry.label}$`));
      expect(links.map((a) => a.getAttribute('href'))).toEqual([entry.url]);
      // Its mark is a file of the build's own (a decorative picture), or drawn into the page.
      const picture = links[0]!.querySelector('img[alt=""]');
      if (picture) {
        const drawing = built.files.find((f) => `/${f.path}` === picture.getAttribute('src'));
        expect(String(drawing?.contents), `${entry.label}'s mark`).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s,
        );
      } else expect(links[0]!.querySelector('svg[aria-hidden="true"]'), `${entry.label} draws its icon`).not.toBeNull();
    }
  });

  test('the copyright line shows © and the build year', () => {
    const footer = contentinfo(doc());
    const lines = Array.from(footer.querySelectorAll('p'))
      .map(textOf)
      .filter((t) => t.includes('©'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`©\\s*${BUILD_YEAR}\\b`));
    expect(lines[0]).toContain(site.settings.company.name);
  });

  test('the floating WhatsApp link opens a chat with the default message in a new tab', () => {
    const toggle = linkNamed(doc(), site.whatsapp.openLabel);
    const href = toggle.getAttribute('href')!;
    expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=[^\s]+$/);
    expect(new URL(href).href).toBe(
      `https://wa.me/${digitsOf(site.settings.contact.whatsapp)}?text=${encodeURIComponent(site.whatsapp.startChat.message)}`,
    );
    expect(new URL(href).searchParams.get('text')).toBe(site.whatsapp.startChat.message);
    expect(toggle.getAttribute('target')).toBe('_blank');
  });

  test('the WhatsApp popup has the four quick actions and Start Chat', () => {
    const toggle = linkNamed(doc(), site.whatsapp.openLabel);
    const popup = doc().getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(popup, 'the toggle controls the popup').not.toBeNull();
    // The page names the file its contents come from; the client puts them in.
    expect(popup!.children).toHaveLength(0);
    fillWhatsAppPopup(doc(), (path) => raw.get(path));
    expect(popup!.hasAttribute('hidden')).toBe(true);
    const expected = ['Get a Quote', 'Packing Services', 'Call Back Request', 'General Inquiry', 'Start Chat'];
    const links = Array.from(popup!.querySelectorAll('a'));
    expect(links.map(accessibleName)).toEqual(expected);
    const messages = [...site.whatsapp.actions.map((a) => a.message), site.whatsapp.startChat.message];
    links.forEach((link, i) => {
      const url = new URL(link.getAttribute('href')!);
      expect(url.origin).toBe('https://wa.me');
      expect(url.pathname).toBe(`/${digitsOf(site.settings.contact.whatsapp)}`);
      expect(url.searchParams.get('text')).toBe(messages[i]);
      expect(link.getAttribute('target')).toBe('_blank');
    });
  });

  test('has its own title and description, and the share tags', () => {
    const seo = route ? site.pages[route.key].seo : site.pages.notFound.seo;
    expect(doc().title).toBe(seo.title);
    expect(meta(doc(), 'name', 'description')).toBe(squash(seo.description));
    expect(meta(doc(), 'property', 'og:locale')).toBe('en_IN');
    const image = meta(doc(), 'property', 'og:image');
    expect(image).toMatch(/^https:\/\//);
    expect(image).toBe(`${SITE_URL}/share.png`);
    expect(meta(doc(), 'name', 'twitter:card')).toMatch(/^summary(_large_image)?$/);
  });

  test(
    route
      ? 'its canonical address is the site address plus its path'
      : 'it claims no canonical address (hosts send it with status 404, which is never indexed)',
    () => {
      const canonical = Array.from(doc().head.querySelectorAll('link[rel="canonical"]')).map((l) => l.getAttribute('href'));
      if (route) {
        const expected = `${SITE_URL}${route.route}`;
        expect(canonical).toEqual([expected]);
        expect(meta(doc(), 'property', 'og:url')).toBe(expected);
        expect(meta(doc(), 'name', 'robots') ?? '').not.toMatch(/noindex/);
      } else {
        expect(canonical).toEqual([]);
        expect(meta(doc(), 'property', 'og:url')).toBeNull();
      }
    },
  );

  test('describes the company as a schema.org MovingCompany', () => {
    const scripts = Array.from(doc().querySelectorAll('script[type="application/ld+json"]'));
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0]!.textContent ?? '') as Record<string, any>;
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('MovingCompany');
    expect(data.name).toBe(site.settings.company.name);
    expect(data.telephone).toBe(site.settings.contact.phone);
    expect(data.url).toBe(`${SITE_URL}/`);
    expect(data.address).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: site.settings.contact.address.city,
      addressRegion: site.settings.contact.address.region,
      postalCode: site.settings.contact.address.postalCode,
      addressCountry: 'IN',
    });
    expect(data.address.streetAddress).toContain(site.settings.contact.address.street);
    // Storage's price is a month's, not a move's: it is given apart, with its unit.
    expect(data.priceRange).toBe('₹3,999 - ₹25,999; Storage Solutions: ₹2,999 per month');
    expect(data.logo).toBe(`${SITE_URL}/logo.png`);
  });

  test('claims no rating of the company by itself, since none is marked up on the page', () => {
    expect(raw.get(file)).not.toMatch(/aggregateRating|"Review"|ratingValue/);
  });

  test('names the company by one @id on every page', () => {
    const data = jsonLd(doc());
    expect(data['@id']).toBe(`${SITE_URL}/#company`);
    // The same @id on every page: the pages describe one business, and engines join what each says of it.
    for (const other of ALL_PAGES) expect(jsonLd(page(other))['@id'], other).toBe(data['@id']);
  });

  // Each page adds what it shows; the rest stays out, so the page keeps to its first round trip.
  const shows = {
    hours: ['index.html', 'contact/index.html'].includes(file),
    profile: ['index.html', 'about/index.html'].includes(file),
    offers: file === 'services/index.html',
  };

  test(
    shows.hours ? 'gives the office’s position and opening hours' : 'leaves the position and hours to the home and contact pages',
    () => {
      const data = jsonLd(doc());
      if (!shows.hours) {
        for (const key of ['geo', 'openingHoursSpecification', 'email']) expect(data, key).not.toHaveProperty(key);
        return;
      }
      expect(data.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 10.02581, longitude: 76.30832 });
      for (const value of [data.geo.latitude, data.geo.longitude]) expect(String(value).split('.')[1]!.length).toBeGreaterThanOrEqual(5);
      expect(data.openingHoursSpecification).toMatchObject({ opens: '08:00', closes: '20:00' });
      expect(data.openingHoursSpecification.dayOfWeek).toHaveLength(6);
      expect(data.email).toBe(site.settings.contact.email);
    },
  );

  test(shows.profile || shows.hours ? 'names the area served' : 'leaves the area served to the home, about and contact pages', () => {
    const data = jsonLd(doc());
    const areas = [
      { '@type': 'AdministrativeArea', name: 'Kerala' },
      { '@type': 'AdministrativeArea', name: 'India' },
    ];
    // The contact page, which lists the districts, adds them (tests/unit/templates/trust.test.ts).
    if (file === 'contact/index.html') expect(data.areaServed.slice(0, 2)).toEqual(areas);
    else if (shows.profile) expect(data.areaServed).toEqual(areas);
    else expect(data).not.toHaveProperty('areaServed');
  });

  test(
    shows.profile
      ? 'describes the company: what it does, since when, and its pages elsewhere'
      : 'leaves the company’s profile to the home and about pages',
    () => {
      const data = jsonLd(doc());
      if (!shows.profile) {
        for (const key of ['description', 'foundingDate', 'sameAs', 'image']) expect(data, key).not.toHaveProperty(key);
        return;
      }
      expect(data.description).toBe(site.settings.company.description);
      expect(data.foundingDate).toBe(String(site.settings.company.foundedYear));
      expect(data.sameAs).toEqual(site.settings.social.flatMap((entry) => (entry.url ? [entry.url] : [])));
    },
  );

  test(
    shows.offers ? 'offers each service from its starting price: a minimum price, not a price' : 'leaves the offers to the services page',
    () => {
      const offers = jsonLd(doc()).makesOffer as Array<Record<string, any>> | undefined;
      if (!shows.offers) {
        expect(offers).toBeUndefined();
        return;
      }
      expect(offers).toHaveLength(6);
      expect(Object.fromEntries(offers!.map((o) => [o.itemOffered.name, o.priceSpecification]))).toEqual(
        Object.fromEntries(
          Object.entries(STARTING_PRICES).map(([name, p]) => [
            name,
            { '@type': 'PriceSpecification', minPrice: p.number, priceCurrency: 'INR' },
          ]),
        ),
      );
      for (const offer of offers!) expect(offer, offer.itemOffered.name).not.toHaveProperty('price');
      // Each service is described by the tagline its card shows under its heading.
      const taglines = Array.from(doc().querySelectorAll('.service-tagline')).map(textOf);
      expect(offers!.map((o) => o.itemOffered.description)).toEqual(site.services.map((service) => squash(service.tagline)));
      expect(taglines).toEqual(site.services.map((service) => squash(service.tagline)));
    },
  );
});

// ---------------------------------------------------------------------------------------------
// The 404 page and the files for search engines

describe('the page for unknown addresses and the files for search engines', () => {
  test('the 404 page explains itself and links home', () => {
    const doc = page(NOT_FOUND_FILE);
    expect(textOf(heading(doc, /.+/, 1))).toBe(site.pages.notFound.heading.title);
    const home = linkNamed(main(doc), site.pages.notFound.home.label);
    expect(home.getAttribute('href')).toBe('/');
  });

  test('sitemap.xml lists the five pages, in English and Malayalam, at the given site address, and not the 404', () => {
    const xml = raw.get('sitemap.xml')!;
    expect(xml).toMatch(/^<\?xml /);
    const sitemap = parseXml(xml, 'application/xml') as unknown as Document;
    expect(sitemap.documentElement.tagName).toBe('urlset');
    const locs = Array.from(sitemap.getElementsByTagName('loc')).map(textOf);
    expect(locs).toEqual(
      ['/', '/ml/', '/about/', '/ml/about/', '/services/', '/ml/services/', '/contact/', '/ml/contact/', '/privacy/', '/ml/privacy/'].map(
        (p) => SITE_URL + p,
      ),
    );
    expect(xml).not.toMatch(/404/);
  });

  test('robots.txt points at the sitemap by its full address', () => {
    expect(raw.get('robots.txt')).toMatch(new RegExp(`^Sitemap: ${SITE_URL.replace(/\./g, '\\.')}/sitemap\\.xml$`, 'm'));
  });

  test('favicon.svg is an SVG picture', () => {
    const svg = raw.get('favicon.svg')!;
    expect(svg.trimStart()).toMatch(/^<svg\b/);
    const parsed = parseXml(svg, 'image/svg+xml') as unknown as Document;
    expect(parsed.documentElement.tagName.toLowerCase()).toBe('svg');
    expect(parsed.documentElement.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(built.files.some((f) => f.path === 'share.png')).toBe(true);
  });

  test('logo.png, the logo search engines show, is a square PNG of at least 112 pixels in the logo colours', async () => {
    const png = built.files.find((f) => f.path === 'logo.png')?.contents;
    expect(Buffer.isBuffer(png), 'logo.png is written').toBe(true);
    const bytes = png as Buffer;
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(112);
    // The left edge, half-way down, is the mark's background: the primary colour, fully opaque.
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (Math.floor(height / 2) * info.width + Math.floor(width / 10)) * 4;
    expect(`#${data.subarray(at, at + 3).toString('hex')}`).toBe(PALETTE.primary);
    expect(data[at + 3]).toBe(255);
  });
});

// ---------------------------------------------------------------------------------------------
// Escaping

describe('text from content', () => {
  const MARKUP = '<b>bold</b> & "quotes"';
  const SCRIPT = '</script><script>alert(1)</script>';
  let dir: string | undefined;
  let home: Document;
  let homeHtml: string;

  beforeAll(async () => {
    dir = await contentWithFixture();
    const file = path.join(dir, 'content', 'site.yaml');
    const doc = parseDocument(await readFile(file, 'utf8'));
    doc.setIn(['company', 'tagline'], `Trusted movers ${MARKUP}`);
    doc.setIn(['company', 'description'], `A moving company ${SCRIPT} from Kochi.`);
    await writeFile(file, doc.toString({ lineWidth: 0 }));
    const result = await build({ contentDir: path.join(dir, 'content'), siteUrl: SITE_URL, now: NOW });
    homeHtml = String(result.files.find((f) => f.path === 'index.html')!.contents);
    home = parseHtml(homeHtml);
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('renders as text, not markup', () => {
    const hero = regionOf(heading(home, /.+/, 1));
    expect(textOf(hero)).toContain(`Trusted movers ${MARKUP}`);
    expect(hero.querySelector('b')).toBeNull();
    expect(homeHtml).not.toContain('<b>bold</b>');
    expect(homeHtml).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });

  test('cannot close the JSON-LD script or add one', () => {
    // The module and the JSON-LD; the build's speculation rules are not content.
    expect(home.querySelectorAll('script:not([type="speculationrules"])')).toHaveLength(2);
    const data = JSON.parse(home.querySelector('script[type="application/ld+json"]')!.textContent ?? '') as { description: string };
    expect(data.description).toBe(`A moving company ${SCRIPT} from Kochi.`);
    expect(
      Array.from(home.querySelectorAll('script')).some(
        (s) => (s.textContent ?? '').includes('alert(1)') && s.getAttribute('type') !== 'application/ld+json',
      ),
    ).toBe(false);
    expect(textOf(contentinfo(home))).toContain(`A moving company ${SCRIPT} from Kochi.`);
  });
});
