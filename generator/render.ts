import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Document, type Assets, type PageId } from '../templates/index.js';
import type { OutputFile } from './output.js';
import type { Photos } from './images/types.js';
import type { Site } from './schema/index.js';
import { pageFile } from './schema/routes.js';

/**
 * Every page the site has: its template, its route and the file it is written to. The page is
 * published at pageAddress(path); the not-found page has no address of its own.
 */
export const PAGES: readonly { id: PageId; path: string; file: string }[] = [
  { id: 'home', path: '/', file: pageFile('/') },
  { id: 'about', path: '/about', file: pageFile('/about') },
  { id: 'services', path: '/services', file: pageFile('/services') },
  { id: 'contact', path: '/contact', file: pageFile('/contact') },
  { id: 'notFound', path: '/404', file: '404.html' },
];

export interface RenderOptions {
  assets: Assets;
  siteUrl: string;
  buildYear: number;
  /** Encoded photos by photoKey(slot, src); templates look each one up where the content names it. */
  photos: Photos;
}

/** Renders every page to a complete HTML document. */
export function renderPages(site: Site, options: RenderOptions): OutputFile[] {
  return PAGES.map((page) => {
    try {
      const markup = renderToStaticMarkup(createElement(Document, { ...options, site, page: page.id, path: page.path }));
      return { path: page.file, contents: `<!doctype html>${markup}` };
    } catch (error) {
      throw new Error(`Rendering the page ${page.path} failed in a template`, { cause: error });
    }
  });
}
