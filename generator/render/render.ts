import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Document, type Alternate, type Assets, type PageId, type PageProps } from '../../templates/index.js';
import { WhatsAppPopup } from '../../templates/parts/WhatsApp.js';
import type { OutputFile } from '../contract/output.js';
import type { Photos } from '../contract/photo.js';
import type { IconFiles } from '../../templates/types.js';
import type { Site, Translation } from '../schema/index.js';
import { pageAddress, pageFile } from '../contract/routes.js';
import { ENGLISH, type Language } from '../contract/languages.js';
import { markEnglishText } from '../translations/fallback-html.js';
import { markFallbacks } from '../translations/fallback.js';
import { withoutIconLibraryClasses, withoutSvgNamespace } from './icon-classes.js';

/**
 * Every page the site has: its template, its route and the file it is written to (in English).
 * The page is published at pageAddress(path); the not-found page has no address of its own.
 */
export const PAGES: readonly { id: PageId; path: string; file: string }[] = [
  { id: 'home', path: '/', file: pageFile('/') },
  { id: 'about', path: '/about', file: pageFile('/about') },
  { id: 'services', path: '/services', file: pageFile('/services') },
  { id: 'contact', path: '/contact', file: pageFile('/contact') },
  { id: 'privacy', path: '/privacy', file: pageFile('/privacy') },
  { id: 'notFound', path: '/404', file: '404.html' },
];

export interface RenderOptions {
  assets: Assets;
  siteUrl: string;
  buildYear: number;
  /** Encoded photos by photoKey(slot, src); templates look each one up where the content names it. */
  photos: Photos;
  /** Icons served as files of their own; without it, templates draw every icon into the page. */
  icons?: IconFiles;
  /** Where each language's WhatsApp popup is served, by language code; without it, pages carry it. */
  whatsappPopups?: ReadonlyMap<string, string>;
  /** The content's logo as a picture for the header; without it, the drawn mark. */
  logo?: PageProps['logo'];
}

export interface Edition {
  language: Language;
  site: Site;
  /** Paths into `site` of texts shown in English for lack of a translation. */
  inEnglish?: Translation['inEnglish'];
}

/** The site in English, then in each language it is translated into. */
export function editionsOf(site: Site): Edition[] {
  return [{ language: ENGLISH, site }, ...(site.translations ?? [])];
}

/**
 * The file a page is written to in a language: a translation's pages sit in its folder, its 404
 * page included (ml/404.html), for the hosts that serve the nearest 404.html to a missing address.
 */
export function localizedFile(file: string, language: Language): string {
  return language.folder ? `${language.folder}/${file}` : file;
}

/** Where a page is published in every edition; the 404 page has no address of its own, so it points at each home page. */
export function alternatesOf(page: (typeof PAGES)[number], editions: readonly Edition[]): Alternate[] {
  const route = page.id === 'notFound' ? '/' : page.path;
  return editions.map(({ language, site }) => ({ language, path: pageAddress(route, language), name: site.layout.languageName }));
}

/** Renders every page in every language to a complete HTML document. */
export function renderPages(site: Site, options: RenderOptions): OutputFile[] {
  const editions = editionsOf(site);
  return editions.flatMap(({ language, site: edition, inEnglish }) => {
    const shown = shownEdition(edition, inEnglish);
    const { whatsappPopups, ...rest } = options;
    return PAGES.map((page) => {
      const path = page.id === 'notFound' ? page.path : pageAddress(page.path, language);
      try {
        const props = { ...rest, site: shown, page: page.id, path, language, alternates: alternatesOf(page, editions), whatsappPopup: whatsappPopups?.get(language.code) };
        return { path: localizedFile(page.file, language), contents: `<!doctype html>${finishMarkup(renderToStaticMarkup(createElement(Document, props)))}` };
      } catch (error) {
        throw new Error(`Rendering the page ${path}${language.folder ? ` (${language.englishName})` : ''} failed in a template`, { cause: error });
      }
    });
  });
}

/** The WhatsApp popup's contents in every language, as the pages would carry them. */
export function renderWhatsAppPopups(site: Site): Array<{ language: Language; markup: string }> {
  return editionsOf(site).map(({ language, site: edition, inEnglish }) => {
    try {
      return { language, markup: finishMarkup(renderToStaticMarkup(createElement(WhatsAppPopup, { site: shownEdition(edition, inEnglish) }))) };
    } catch (error) {
      throw new Error(`Rendering the WhatsApp popup${language.folder ? ` (${language.englishName})` : ''} failed in a template`, { cause: error });
    }
  });
}

/** The texts shown in English travel to the page marked, for markEnglishText to say so. */
function shownEdition(edition: Site, inEnglish: Edition['inEnglish']): Site {
  return inEnglish?.length ? (markFallbacks(edition, inEnglish) as Site) : edition;
}

/** Rendered markup as it is published: English fallbacks marked, icon markup trimmed. */
function finishMarkup(rendered: string): string {
  const markup = withoutSvgNamespace(withoutIconLibraryClasses(markEnglishText(rendered)));
  if (/[\uFDD0\uFDD1]/.test(markup)) throw new Error('A text marked as English was left where no language can be given');
  return markup;
}
