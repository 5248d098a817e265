import type { Site } from '../generator/schema/index.js';

/** The pages the generator renders; each becomes one HTML document. */
export type PageId = 'home' | 'about' | 'services' | 'contact' | 'notFound';

/** Root-relative URLs of the bundled, content-hashed assets. */
export interface Assets {
  css: string;
  js: string;
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
}
