import type { Photos } from '../generator/images/types.js';
import type { Site } from '../generator/schema/index.js';

/** The pages the generator renders; each becomes one HTML document. */
export type PageId = 'home' | 'about' | 'services' | 'contact' | 'notFound';

/** The bundled assets: the script's root-relative, content-hashed URL and the stylesheet. */
export interface Assets {
  js: string;
  /**
   * The stylesheet: its text, written into <head> so nothing blocks the first paint (the CSP
   * allows it by its hash), or, for `site dev`, the root-relative URL of its file.
   */
  styles: { inline: string } | { href: string };
}

export interface PageProps {
  page: PageId;
  /** The page's route: '/', '/about', … or '/404' for the not-found page; pageAddress() gives its address. */
  path: string;
  site: Site;
  assets: Assets;
  /** Absolute origin for canonical and share links, without a trailing slash. */
  siteUrl: string;
  /** The year at build time; the client replaces it with the visitor's year. */
  buildYear: number;
  /** The site's photos, encoded, by photoKey(slot, src). */
  photos: Photos;
}
