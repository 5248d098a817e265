import type { Photos } from '../generator/contract/photo.js';
import type { IconName, Site } from '../generator/schema/index.js';
import type { SocialNetwork } from '../generator/schema/site.js';
import type { Palette } from '../generator/contract/palette.js';
import type { Language } from '../generator/contract/languages.js';
import type { LogoPicture } from './palette.js';
import type { PageId } from '../generator/contract/pages.js';

/** The pages the generator renders (generator/contract/pages.ts lists them); each becomes one HTML document. */
export type { PageId };

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
  /** Drawings served as files of their own; a template draws an icon into the page when it has none. */
  icons?: IconFiles;
  /** The content's logo as a picture for the header; without it the drawn mark. */
  logo?: LogoPicture;
  /** Where the WhatsApp popup's contents are served; without it they are drawn into the page. */
  whatsappPopup?: string;
  /** The language this page is written in; `site` holds that language's text. */
  language: Language;
  /** The same page in every language the site is published in, this one included, English first. */
  alternates: Alternate[];
}

/** One language's version of a page. */
export interface Alternate {
  language: Language;
  /** Root-relative address of the page in that language (for the 404 page: that language's home). */
  path: string;
  /** The language's name in its own words, from its layout.yaml (languageName). */
  name: string;
}

/** The site colour an icon file is drawn in: a picture does not take the colour of the text around it. */
export type IconTone = keyof Pick<Palette, 'primary' | 'accentLight'>;

/** Where an icon's drawing is served as a file of its own (generator/render/icon-files.ts). */
export interface IconFiles {
  /** A content icon in one of the site's colours: the primary colour unless named. */
  get(name: IconName, tone?: IconTone): string | undefined;
  /** A social network's mark, white, for the footer's dark band. */
  social(network: SocialNetwork): string | undefined;
}
