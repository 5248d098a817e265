import type { OutputFile } from './output.js';
import { faviconSvg } from '../templates/favicon.js';
import { PAGES } from './render.js';
import { pageAddress } from './schema/routes.js';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** sitemap.xml with every public page (not the 404 page), as absolute URLs. */
export function sitemap(siteUrl: string): OutputFile {
  const urls = PAGES.filter((page) => page.id !== 'notFound')
    .map((page) => `  <url><loc>${escapeXml(siteUrl + pageAddress(page.path))}</loc></url>`)
    .join('\n');
  return {
    path: 'sitemap.xml',
    contents: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  };
}

export function robots(siteUrl: string): OutputFile {
  return { path: 'robots.txt', contents: `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n` };
}

/** The browser tab icon, drawn by the templates in the site's colours. */
export function favicon(): OutputFile {
  return { path: 'favicon.svg', contents: faviconSvg() };
}
