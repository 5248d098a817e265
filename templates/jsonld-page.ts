import type { FAQPage, WebPage } from 'schema-dts';
import type { Site } from '../generator/schema/index.js';
import type { Language } from '../generator/contract/languages.js';
import type { Alternate, PageId } from './types.js';

/**
 * The page itself for search engines: its address, title and the language it is written in,
 * with its translations, so an engine pairs /about with /ml/about instead of seeing two
 * unrelated pages. It travels as the company's `mainEntityOfPage`, in the page's one JSON-LD block.
 */
export function webPageJsonLd(options: {
  site: Site;
  page: PageId;
  url: string;
  language: Language;
  alternates: Alternate[];
  siteUrl: string;
}): WebPage {
  const { site, page, url, language, alternates, siteUrl } = options;
  const ref = (alternate: Alternate) => ({
    '@type': 'WebPage' as const,
    url: `${siteUrl}${alternate.path}`,
    inLanguage: alternate.language.hreflang,
  });
  const others = alternates.filter((alternate) => alternate.language.code !== language.code);
  const original = alternates[0];
  // English is the original; each other language's page is its translation.
  const links = language.folder
    ? original && original.language.code !== language.code
      ? { translationOfWork: ref(original) }
      : {}
    : others.length > 0
      ? { workTranslation: others.map(ref) }
      : {};
  const faq = page === 'contact' ? site.pages.contact.faq : undefined;
  return {
    '@type': 'WebPage',
    url,
    name: site.pages[page].seo.title,
    description: site.pages[page].seo.description,
    inLanguage: language.hreflang,
    ...links,
    // The page's questions and answers, as the part of it a search engine may show as such.
    ...(faq ? { hasPart: faqJsonLd(faq.items, `${url}#faq`, language.hreflang) } : {}),
  };
}

function faqJsonLd(items: readonly { question: string; answer: string }[], id: string, inLanguage: string): FAQPage {
  return {
    '@type': 'FAQPage',
    '@id': id,
    inLanguage,
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
