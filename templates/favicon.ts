import { SAMPLE_PALETTE, type Palette } from '../generator/contract/palette.js';

/**
 * The favicon as a data: address, written into each page so no request for it follows the page:
 * a browser fetches a linked icon while the page is still loading, on the connection the page's
 * script would otherwise reuse. Only the characters an address cannot carry as they are are escaped.
 */
export function faviconDataUrl(palette: Palette = SAMPLE_PALETTE): string {
  const svg = faviconSvg(palette).replace(/"/g, "'");
  return `data:image/svg+xml,${svg.replace(/[<>#% ]/g, (c) => encodeURIComponent(c))}`;
}

/** The drawn mark as SVG text (a roof over a packed box) on the primary colour: the favicon, and the logo when the content gives none. */
export function faviconSvg(palette: Palette = SAMPLE_PALETTE): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">',
    `<rect width="32" height="32" rx="8" fill="${palette.primary}"/>`,
    `<path d="M6 15 16 7l10 8" fill="none" stroke="${palette.accent}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<path d="M10 15h12v10H10z" fill="${palette.white}"/>`,
    `<path d="M10 19h12M16 15v4" stroke="${palette.primary}" stroke-width="1.6"/>`,
    '</svg>',
  ].join('');
}

/**
 * The icons the build draws as pictures at the root, from the logo (the content's or the drawn
 * mark): search engines' logo, a browser tab's icon when the logo is a picture, a phone's home screen.
 */
export const ICON_PICTURES = {
  /** Search engines' logo (JSON-LD `logo`): at least 112 px, square. */
  logo: { path: 'logo.png', size: 512 },
  tab: { path: 'icon-32.png', size: 32 },
  /** Phones look for it at this address when the site is added to a home screen; no page need link it. */
  apple: { path: 'apple-touch-icon.png', size: 180 },
} as const;
