import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Document, type Alternate, type Assets, type PageProps } from '../../templates/index.js';
import { ClosedDocument } from '../../templates/Closed.js';
import { WhatsAppPopup } from '../../templates/parts/WhatsApp.js';
import type { OutputFile } from '../contract/output.js';
import type { Photos } from '../contract/photo.js';
import type { IconFiles } from '../../templates/types.js';
import type { Site, Translation } from '../schema/index.js';
import { pageAddress } from '../contract/routes.js';
import { PAGES, fileIn, type Page } from '../contract/pages.js';
import { ENGLISH, type Language } from '../contract/languages.js';
import { markEnglishText } from '../translations/fallback-html.js';
import { markFallbacks } from '../translations/fallback.js';
import { withoutIconLibraryClasses, withoutSvgNamespace } from './icon-classes.js';

/** The pages are listed in the contract; bench/peer-spa.js takes them, and localizedFile, from here. */
export { PAGES } from '../contract/pages.js';

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
  /** Every page is the closed page (templates/Closed.tsx): the texts are still the sample's. */
  closed?: boolean;
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

/** The file a page is written to in a language (fileIn, for callers that hold only the file). */
export function localizedFile(file: string, language: Language): string {
  return fileIn({ file }, language);
}

/** Where a page is published in every edition; the 404 page has no address of its own, so it points at each home page. */
export function alternatesOf(page: Page, editions: readonly Edition[]): Alternate[] {
  const route = page.addressed ? page.path : '/';
  return editions.map(({ language, site }) => ({ language, path: pageAddress(route, language), name: site.layout.languageName }));
}

/** Renders every page in every language to a complete HTML document. */
export function renderPages(site: Site, options: RenderOptions): OutputFile[] {
  const editions = editionsOf(site);
  return editions.flatMap(({ language, site: edition, inEnglish }) => {
    const shown = shownEdition(edition, inEnglish);
    const { whatsappPopups, ...rest } = options;
    return PAGES.map((page) => {
      const path = page.addressed ? pageAddress(page.path, language) : page.path;
      try {
        const props = {
          ...rest,
          site: shown,
          page: page.id,
          path,
          language,
          alternates: alternatesOf(page, editions),
          whatsappPopup: whatsappPopups?.get(language.code),
        };
        return {
          path: fileIn(page, language),
          contents: `<!doctype html>${finishMarkup(renderToStaticMarkup(createElement(options.closed ? ClosedDocument : Document, props)))}`,
        };
      } catch (error) {
        throw new Error(`Rendering the page ${path}${language.folder ? ` (${language.englishName})` : ''} failed in a template`, {
          cause: error,
        });
      }
    });
  });
}

/** The WhatsApp popup's contents in every language, as the pages would carry them. */
export function renderWhatsAppPopups(site: Site): Array<{ language: Language; markup: string }> {
  return editionsOf(site).map(({ language, site: edition, inEnglish }) => {
    try {
      return {
        language,
        markup: finishMarkup(renderToStaticMarkup(createElement(WhatsAppPopup, { site: shownEdition(edition, inEnglish) }))),
      };
    } catch (error) {
      throw new Error(`Rendering the WhatsApp popup${language.folder ? ` (${language.englishName})` : ''} failed in a template`, {
        cause: error,
      });
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
