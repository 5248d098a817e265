import { PALETTE } from './palette.js';

/**
 * The favicon as a data: address, written into each page so no request for it follows the page:
 * a browser fetches a linked icon while the page is still loading, on the connection the page's
 * script would otherwise reuse. Only the characters an address cannot carry as they are are escaped.
 */
export function faviconDataUrl(): string {
  const svg = faviconSvg().replace(/"/g, "'");
  return `data:image/svg+xml,${svg.replace(/[<>#% ]/g, (c) => encodeURIComponent(c))}`;
}

/** The favicon as SVG text: the logo mark (a roof over a packed box) on the primary colour. */
export function faviconSvg(): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">',
    `<rect width="32" height="32" rx="8" fill="${PALETTE.primary}"/>`,
    `<path d="M6 15 16 7l10 8" fill="none" stroke="${PALETTE.accent}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<path d="M10 15h12v10H10z" fill="${PALETTE.white}"/>`,
    `<path d="M10 19h12M16 15v4" stroke="${PALETTE.primary}" stroke-width="1.6"/>`,
    '</svg>',
  ].join('');
}
