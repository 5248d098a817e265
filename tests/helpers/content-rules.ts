/**
 * What any valid content must give visitors, with every expectation read from the content
 * itself: each service on /services with its price formatted from its number, each review and
 * figure on the home page, the phone on every page, links that lead somewhere, structured data
 * that matches. These rules run on the operator's live content/ and on edited copies of it, so
 * they never name a price, a company or a count.
 */
import type { BuildResult } from '../../generator/build.js';
import type { Site } from '../../generator/schema/index.js';
import { ENGLISH, type Language } from '../../generator/contract/languages.js';
import { banner, contentinfo, controlLabelled, digitsOf, headings, main, parseHtml, statItems, squash, textOf } from './dom.js';

const PAGES = {
  home: 'index.html',
  about: 'about/index.html',
  services: 'services/index.html',
  contact: 'contact/index.html',
  notFound: '404.html',
};

/** ₹ and the digits grouped the Indian way (₹1,25,000), computed here rather than by the generator. */
export function rupeesText(amount: number): string {
  return `₹${new Intl.NumberFormat('en-IN').format(amount)}`;
}

/**
 * Every rule the built site breaks, as sentences; an empty list means the content is fine. The
 * rules run on every edition the content has (English, and Malayalam when content/ml/ exists),
 * each against its own text.
 */
export function brokenRules(built: BuildResult): string[] {
  const files = new Map(built.files.map((file) => [file.path, file.contents]));
  const editions = [{ language: ENGLISH, site: built.site }, ...(built.site.translations ?? [])];
  const docs = new Map<string, Document>();
  const failures: string[] = [];
  for (const { language } of editions) {
    for (const [key, file] of Object.entries(pagesIn(language))) {
      const html = files.get(file);
      if (html === undefined) failures.push(`The build has no ${file} (the ${language.englishName} ${key} page).`);
      else docs.set(file, parseHtml(String(html)));
    }
  }
  if (failures.length > 0) return failures;
  for (const { language, site } of editions) failures.push(...editionRules(site, language, pagesIn(language), docs, editions));
  failures.push(...brokenLinks(files, docs));
  failures.push(...structuredDataProblems(built, docs));
  return failures;
}

/** The page files of one language: English at the root, a translation in its folder. */
function pagesIn(language: Language): typeof PAGES {
  const prefix = language.folder ? `${language.folder}/` : '';
  return Object.fromEntries(Object.entries(PAGES).map(([key, file]) => [key, prefix + file])) as typeof PAGES;
}

function editionRules(
  site: Site,
  language: Language,
  pages: typeof PAGES,
  allDocs: ReadonlyMap<string, Document>,
  editions: ReadonlyArray<{ language: Language }>,
): string[] {
  const failures: string[] = [];
  const docs = new Map([...allDocs].filter(([file]) => Object.values(pages).includes(file)));
  const page = (file: string) => docs.get(file)!;
  const PAGES = pages;
  const fail = (message: string) => failures.push(message);
  const contains = (where: string, root: ParentNode, text: string) => {
    if (!textOf(root as Node).includes(squash(text))) fail(`${where} does not show "${squash(text)}".`);
  };

  // Every page: in its language, linking to itself in the others (hreflang and the language switch).
  for (const [file, doc] of docs) {
    if (doc.documentElement.getAttribute('lang') !== language.htmlLang) fail(`${file} is not marked lang="${language.htmlLang}".`);
    for (const other of editions) {
      if (editions.length < 2) break;
      if (file !== PAGES.notFound && !doc.querySelector(`link[rel="alternate"][hreflang="${other.language.hreflang}"]`)) {
        fail(
          `${file} does not name its ${other.language.englishName} version (link rel="alternate" hreflang="${other.language.hreflang}").`,
        );
      }
      if (
        other.language.code !== language.code &&
        !banner(doc).querySelector(`a[hreflang="${other.language.hreflang}"][lang="${other.language.htmlLang}"]`)
      ) {
        fail(`${file}'s header has no link to the ${other.language.englishName} pages.`);
      }
    }
  }

  // Every page: one h1, the company in the title and footer, the phone as a link.
  const company = site.settings.company.name;
  const phoneHref = `tel:+${digitsOf(site.settings.contact.phone)}`;
  for (const [file, doc] of docs) {
    const h1 = doc.querySelectorAll('h1').length;
    if (h1 !== 1) fail(`${file} has ${h1} h1 headings instead of one.`);
    if (squash(doc.title) === '') fail(`${file} has no title.`);
    contains(`${file}'s header`, banner(doc), company);
    contains(`${file}'s footer`, contentinfo(doc), company);
    if (!doc.querySelector(`a[href="${phoneHref}"]`)) fail(`${file} has no link calling ${site.settings.contact.phone} (${phoneHref}).`);
    for (const leftover of ['undefined', '[object Object]', 'NaN']) {
      if (textOf(doc.body).includes(leftover)) fail(`${file} shows the word "${leftover}", a value that did not reach the page.`);
    }
  }

  // /services: every service, with its price and every list it has.
  const servicesPage = main(page(PAGES.services));
  for (const service of site.services) {
    // Found by its id (the card's anchor, #id), not its title: two services may share a title.
    const anchored = Array.from(servicesPage.querySelectorAll('article[id]')).find((article) => article.id === service.id);
    const title = (anchored ? headings(anchored) : []).find((h) => textOf(h) === squash(service.title));
    if (!anchored || !title) {
      fail(`/services has no card #${service.id} with the heading "${service.title}".`);
      continue;
    }
    const card = anchored;
    const where = `/services, the ${service.id} card,`;
    contains(where, card, rupeesText(service.pricing.starting));
    for (const text of [service.fullDescription, service.pricing.note, ...service.process, ...service.whatsIncluded, ...service.idealFor])
      contains(where, card, text);
    for (const feature of service.keyFeatures) contains(where, card, `${feature.title}`);
  }

  // Home: every review, every figure, every card.
  const home = main(page(PAGES.home));
  for (const review of site.testimonials) {
    for (const text of [review.name, review.comment, review.location]) contains(`The home page (review ${review.id})`, home, text);
  }
  const figures = statItems(home);
  for (const stat of site.settings.stats) {
    if (!figures.some(([value, label]) => value === squash(stat.value) && label === squash(stat.label))) {
      fail(`The home page has no figure "${stat.value}" labelled "${stat.label}" (stat ${stat.id}).`);
    }
  }
  for (const item of site.pages.home.services.items) {
    const service = site.services.find((s) => s.id === item.service);
    contains('The home page services grid', home, item.title ?? service?.title ?? `the card for ${item.service}`);
  }

  // About: the story and the values.
  const about = main(page(PAGES.about));
  for (const text of [...site.pages.about.story.paragraphs, ...site.pages.about.values.items.map((v) => v.title)])
    contains('/about', about, text);

  // Contact: the quote form offers exactly the services the content lists, in its order; with no
  // list, every service in services.yaml order but those under leftOut.
  const contact = page(PAGES.contact);
  const select = controlLabelled(contact, site.pages.contact.form.fields.service.label);
  const offered = Array.from(select.querySelectorAll('option'))
    .slice(1)
    .map((option) => textOf(option));
  const byId = new Map(site.services.map((service) => [service.id, service]));
  const { services: formIds, leftOut = [] } = site.pages.contact.form;
  const offeredIds = formIds ?? site.services.map((service) => service.id).filter((id) => !leftOut.includes(id));
  const listed = offeredIds.map((id) => squash(byId.get(id)?.formLabel ?? byId.get(id)?.title ?? id));
  if (JSON.stringify(offered) !== JSON.stringify(listed))
    fail(`The quote form offers ${JSON.stringify(offered)}, but the content lists ${JSON.stringify(listed)}.`);

  // The footer's service links, on every page.
  for (const [file, doc] of docs) {
    const footer = contentinfo(doc);
    for (const id of site.layout.footer.services ?? site.services.map((service) => service.id)) {
      const title = squash(byId.get(id)?.title ?? id);
      const link = Array.from(footer.querySelectorAll('a')).find((a) => textOf(a) === title);
      if (!link) fail(`${file}'s footer has no link "${title}".`);
      else if (!new RegExp(`^${language.folder ? `/${language.folder}` : ''}/services/?(#.*)?$`).test(link.getAttribute('href') ?? '')) {
        fail(`${file}'s footer link "${title}" goes to ${link.getAttribute('href')}, not to the services page in its language.`);
      }
    }
  }
  return failures;
}

/** The built file an internal address is served from, if any (`/about` and `/about/` both count). */
function fileFor(address: string, files: ReadonlyMap<string, unknown>): string | undefined {
  const pathname = decodeURIComponent(address.replace(/[?#].*$/, '')).replace(/^\//, '');
  const candidates =
    pathname === '' ? ['index.html'] : pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}/index.html`];
  return candidates.find((candidate) => files.has(candidate));
}

/** Internal links, stylesheets, scripts and images that lead nowhere, and #fragments with no target. */
function brokenLinks(files: ReadonlyMap<string, unknown>, docs: ReadonlyMap<string, Document>): string[] {
  const failures: string[] = [];
  for (const [file, doc] of docs) {
    const addresses = [
      ...Array.from(doc.querySelectorAll('[href]')).map((el) => el.getAttribute('href')!),
      ...Array.from(doc.querySelectorAll('[src]')).map((el) => el.getAttribute('src')!),
      ...Array.from(doc.querySelectorAll('[srcset]')).flatMap((el) =>
        el
          .getAttribute('srcset')!
          .split(',')
          .map((part) => part.trim().split(/\s+/)[0]!),
      ),
    ];
    for (const address of addresses) {
      if (address.startsWith('#')) {
        if (address.length > 1 && !doc.getElementById(address.slice(1)))
          failures.push(`${file} links to ${address}, which is not on the page.`);
        continue;
      }
      if (!address.startsWith('/') || address.startsWith('//')) continue;
      const target = fileFor(address, files);
      if (!target) {
        failures.push(`${file} links to ${address}, which the build does not have.`);
        continue;
      }
      const fragment = address.includes('#') ? address.slice(address.indexOf('#') + 1) : '';
      const targetDoc = docs.get(target);
      if (fragment && targetDoc && !targetDoc.getElementById(fragment))
        failures.push(`${file} links to ${address}, but ${target} has no element with id "${fragment}".`);
    }
  }
  return failures;
}

/** JSON-LD that does not parse or does not match the content; the sitemap's pages. */
function structuredDataProblems(built: BuildResult, docs: ReadonlyMap<string, Document>): string[] {
  const failures: string[] = [];
  const { site } = built;
  for (const [file, doc] of docs) {
    for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
      let json: string;
      try {
        json = JSON.stringify(JSON.parse(script.textContent ?? ''));
      } catch {
        failures.push(`${file} has structured data (JSON-LD) that is not valid JSON.`);
        continue;
      }
      if (!json.includes(JSON.stringify(site.settings.company.name).slice(1, -1)))
        failures.push(`${file}'s structured data does not name ${site.settings.company.name}.`);
      if (!file.endsWith(PAGES.notFound) && !/"inLanguage":"[a-z]{2}"/.test(json))
        failures.push(`${file}'s structured data does not say which language the page is in.`);
      // The services page offers each service, named in its language; the English one is held to the English titles.
      if (file !== PAGES.services) continue;
      for (const service of site.services) {
        const price = new RegExp(`"(price|minPrice)":"?${service.pricing.starting}(\\.0+)?"?[,}]`);
        if (!json.includes(JSON.stringify(service.title).slice(1, -1)) || !price.test(json)) {
          failures.push(`${file}'s structured data lacks the service "${service.title}" from ${service.pricing.starting} rupees.`);
        }
      }
    }
  }
  const sitemap = String(built.files.find((f) => f.path === 'sitemap.xml')?.contents ?? '');
  const siteUrl = site.settings.seo.siteUrl.replace(/\/+$/, '');
  const prefixes = ['', ...(site.translations ?? []).map((t) => `/${t.language.folder}`)];
  for (const route of prefixes.flatMap((prefix) =>
    ['/', '/about', '/services', '/contact'].map((r) => (prefix && r === '/' ? `${prefix}/` : prefix + r)),
  )) {
    const pattern = new RegExp(`<loc>${escapeRegExp(siteUrl + route)}/?</loc>`);
    if (!pattern.test(sitemap)) failures.push(`sitemap.xml does not list ${siteUrl}${route}.`);
  }
  return failures;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
