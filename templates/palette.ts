import { createContext, useContext } from 'react';
import { SAMPLE_PALETTE, type Palette } from '../generator/contract/palette.js';

/**
 * What a page is drawn in: the site's palette (worked out from its brand colours, see
 * generator/contract/palette.ts) and, when the content gives one, its logo picture. The SVG
 * drawings take their colours from here as presentation attributes, so they survive without CSS.
 */
export interface BrandLook {
  palette: Palette;
  /** The logo the content gives, as a picture file made for the header; the drawn mark without one. */
  logo?: LogoPicture;
}

export interface LogoPicture {
  /** Root-relative address of a PNG twice the size it is shown at. */
  src: string;
  /** Its proportions: the header shows it this wide for each unit of height. */
  aspect: number;
}

export const SAMPLE_LOOK: BrandLook = { palette: SAMPLE_PALETTE };

export const BrandContext = createContext<BrandLook>(SAMPLE_LOOK);

export function useBrand(): BrandLook {
  return useContext(BrandContext);
}

export function usePalette(): Palette {
  return useContext(BrandContext).palette;
}
