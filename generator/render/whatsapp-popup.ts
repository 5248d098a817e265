import { createHash } from 'node:crypto';
import type { OutputFile } from '../contract/output.js';
import type { Language } from '../contract/languages.js';
import { classesOf, stylesOnlyFor } from './page-styles.js';

/**
 * The WhatsApp popup's contents as a file per language, fetched by the client once the page has
 * loaded (client/whatsapp.ts). Without JavaScript the popup never shows, and with it nobody sees
 * it before tapping the button; yet written into every page it cost each page about 750 bytes
 * compressed (Malayalam messages and the popup's style rules), which kept /ml/services/ out of
 * the first round trip of a new connection. As a file it is fetched once and cached for a year.
 *
 * The file is the popup's markup after a <style> holding the rules only the popup uses; each
 * page's policy allows that <style> by its hash.
 */
export interface Popup {
  language: Language;
  markup: string;
}

/**
 * Where each language's popup is served: named by a hash of its markup and of the stylesheet
 * its rules come from, so a change to either is a new address, and a cache never serves an old one.
 * The address has no `.html`: Cloudflare answers a file's name with a redirect to the name without
 * it, which would cost every visitor who opens the popup a round trip; GitHub Pages and
 * `site preview` serve `<address>.html` at it too.
 */
export function popupAddresses(popups: readonly Popup[], stylesheet: string): Map<string, string> {
  return new Map(
    popups.map(({ language, markup }) => {
      const hash = createHash('sha256').update(markup).update('\0').update(stylesheet).digest('hex').slice(0, 10);
      return [language.code, `/assets/whatsapp/${language.code}.${hash}`];
    }),
  );
}

export interface PopupFiles {
  files: OutputFile[];
  /** Each file's style text, by its address. */
  styles: Map<string, string>;
  /** Classes the popups share with the pages (e.g. `button`): every page keeps their rules. */
  shared: Set<string>;
}

/**
 * The popup files, given the rendered pages: a popup's own rules are those that need a class no
 * page has; the rules for classes it shares with pages stay in the pages.
 */
export function popupFiles(
  popups: readonly Popup[],
  addresses: ReadonlyMap<string, string>,
  stylesheet: string,
  pages: readonly OutputFile[],
): PopupFiles {
  const onPages = new Set<string>();
  for (const page of pages) for (const name of classesOf(String(page.contents))) onPages.add(name);
  const result: PopupFiles = { files: [], styles: new Map(), shared: new Set() };
  for (const { language, markup } of popups) {
    const address = addresses.get(language.code)!;
    const classes = classesOf(markup);
    const own = new Set([...classes].filter((name) => !onPages.has(name)));
    for (const name of classes) if (onPages.has(name)) result.shared.add(name);
    const styles = stylesOnlyFor(stylesheet, own, onPages);
    result.styles.set(address, styles);
    result.files.push({ path: popupFile(address), contents: `${styles ? `<style>${styles}</style>` : ''}${markup}` });
  }
  return result;
}

/** The address of the popup a rendered page fetches, if it fetches one. */
export function popupAddressOf(html: string): string | undefined {
  return /\sdata-whatsapp-src="([^"]+)"/.exec(html)?.[1];
}

/** The file that serves a popup's address, from the site folder (no leading slash). */
export function popupFile(address: string): string {
  return `${address.slice(1)}.html`;
}
