/**
 * The site's pages, each named once: rendering, the sitemap, the editor's previews, the byte
 * budgets, the bench and the browser tests all read this list, so a page added here is rendered,
 * budgeted and tested everywhere at once.
 *
 * Every page is written once per language (English at the root, a translation in its folder).
 * The not-found page is one of them: it has no address of its own (a host serves it at any
 * missing address), so it is not among the routes a link may name.
 */
import type { Language } from './languages.js';
import { pageAddress, pageFile } from './routes.js';

const REGISTRY = [
  { id: 'home', path: '/', inMenu: true, addressed: true },
  { id: 'about', path: '/about', inMenu: true, addressed: true },
  { id: 'services', path: '/services', inMenu: true, addressed: true },
  { id: 'contact', path: '/contact', inMenu: true, addressed: true },
  { id: 'privacy', path: '/privacy', inMenu: false, addressed: true },
  { id: 'notFound', path: '/404', inMenu: false, addressed: false },
] as const;

export type PageId = (typeof REGISTRY)[number]['id'];

export interface Page {
  id: PageId;
  /** The route in English, as content links name it: '/', '/about'; '/404' for the not-found page. */
  path: string;
  /** The file the English page is written to; fileIn() gives a language's. */
  file: string;
  /** Whether the header's menu links to it (the privacy notice is linked from the footer and the forms). */
  inMenu: boolean;
  /** False for the not-found page, which answers every missing address instead of one of its own. */
  addressed: boolean;
}

export const PAGES: readonly Page[] = REGISTRY.map((page) => ({ ...page, file: page.addressed ? pageFile(page.path) : '404.html' }));

type Addressed = Extract<(typeof REGISTRY)[number], { addressed: true }>;

/** The routes internal links may name: every page with an address of its own. */
export const ROUTES: readonly Route[] = REGISTRY.filter((page): page is Addressed => page.addressed).map((page) => page.path);
export type Route = Addressed['path'];

/** The page of that id. */
export function pageOf(id: PageId): Page {
  return PAGES.find((page) => page.id === id)!;
}

/**
 * The file a page is written to in a language: a translation's pages sit in its folder, its 404
 * page included (ml/404.html), for the hosts that serve the nearest 404.html to a missing address.
 */
export function fileIn(page: Pick<Page, 'file'>, language?: Pick<Language, 'folder'>): string {
  return language?.folder ? `${language.folder}/${page.file}` : page.file;
}

/**
 * Where a visitor opens a page in a language: its address ('/ml/about/'), or for the not-found
 * page its file ('/ml/404.html'), which hosts serve at a missing address.
 */
export function openedAt(page: Page, language?: Pick<Language, 'folder'>): string {
  return page.addressed ? pageAddress(page.path, language) : `/${fileIn(page, language)}`;
}
