import type { OutputFile } from '../contract/output.js';
import { faviconSvg } from '../../templates/favicon.js';
import { paletteOf } from '../contract/palette.js';
import { PAGES } from '../contract/pages.js';
import { alternatesOf, editionsOf } from './render.js';
import type { Site } from '../schema/index.js';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * sitemap.xml with every public page (not the 404 pages) in every language, as absolute URLs.
 * When the site has translations, each entry lists the page in every language, itself included,
 * plus x-default (English), as search engines ask of hreflang in sitemaps.
 */
export function sitemap(site: Site, siteUrl: string): OutputFile {
  const editions = editionsOf(site);
  const urls = PAGES.filter((page) => page.addressed).flatMap((page) => {
    const alternates = alternatesOf(page, editions);
    const links =
      alternates.length < 2
        ? []
        : [
            ...alternates.map((alternate) => link(alternate.language.hreflang, siteUrl + alternate.path)),
            link('x-default', siteUrl + alternates[0]!.path),
          ];
    return alternates.map((alternate) =>
      [`  <url>`, `    <loc>${escapeXml(siteUrl + alternate.path)}</loc>`, ...links, `  </url>`].join('\n'),
    );
  });
  return {
    path: 'sitemap.xml',
    contents:
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
      `${urls.join('\n')}\n</urlset>\n`,
  };
}

function link(hreflang: string, href: string): string {
  return `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`;
}

export function robots(siteUrl: string, sitemap = true): OutputFile {
  return { path: 'robots.txt', contents: `User-agent: *\nAllow: /\n${sitemap ? `\nSitemap: ${siteUrl}/sitemap.xml\n` : ''}` };
}

/** The browser tab icon, drawn by the templates in the site's colours. */
export function favicon(site: Site): OutputFile {
  return { path: 'favicon.svg', contents: faviconSvg(paletteOf(site.settings.brand)) };
}
