/**
 * The pages of the phone's preview, rendered by the build's own renderer (render/render.ts, the
 * site's templates through react-dom/server), and made inert for a sandboxed frame: no script at
 * all (the visitor's enhancements, the structured data) and no stylesheet of its own (the frame is
 * given the site's stylesheet by the editor, see preview.ts: the editor's page allows no inline style).
 */
import { fileIn, PAGES } from '../../generator/contract/pages.js';
import type { Photos } from '../../generator/contract/photo.js';
import { paletteOf, type Palette } from '../../generator/contract/palette.js';
import { withBrandTokens } from '../../generator/render/brand-css.js';
import { renderPages } from '../../generator/render/render.js';
import type { Site } from '../../generator/schema/index.js';
import type { LogoPicture } from '../../templates/palette.js';

export interface PreviewRender {
  /** Each page's HTML, by the address it is published at ('/services/', '/ml/services/'; '/404.html'). */
  pages: Map<string, string>;
  palette: Palette;
}

/** Every page of `site` in every language, as the build renders them, without scripts or styles. */
export function renderPreview(site: Site, photos: Photos, logo: LogoPicture | undefined, now: Date): PreviewRender {
  const files = renderPages(site, {
    // Both are taken out again below (inert): the frame runs no script and is styled by the editor.
    assets: { js: 'data:,', styles: { inline: '' } },
    siteUrl: site.settings.seo.siteUrl.replace(/\/+$/, ''),
    buildYear: now.getFullYear(),
    photos,
    ...(logo ? { logo } : {}),
  });
  const pages = new Map(files.map((file) => [addressOf(file.path), inert(String(file.contents))]));
  return { pages, palette: paletteOf(site.settings.brand) };
}

/** The address a page file is published at: services/index.html → /services/, ml/404.html → /ml/404.html. */
function addressOf(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}

/** The address of a page in a language: ('/services/', 'ml') → '/ml/services/'. */
export function addressIn(address: string, folder: string): string {
  const page = PAGES.find((one) => addressOf(one.file) === address.replace(/^\/[a-z]{2}\//, '/'));
  return page ? addressOf(fileIn(page, { folder })) : address;
}

/** A page's HTML with nothing that would run or load a stylesheet: scripts, the (empty) style element. */
function inert(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<style><\/style>/g, '');
}

/** The site's stylesheet in the company's colours, as each built page carries it. */
export function brandStyles(css: string, palette: Palette): string {
  return withBrandTokens(css, palette);
}
