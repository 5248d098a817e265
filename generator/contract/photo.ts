import type { SlotName } from './photo-slots.js';

/**
 * A photo ready for a template: every address is a built file, and the sizes are the
 * original's proportions, so the browser reserves the space before a byte arrives.
 */
export interface Photo {
  /** Width and height for the <img> attributes (the largest variant made). */
  width: number;
  height: number;
  /** The slot's `sizes` attribute. */
  sizes: string;
  /** `srcset` values, smallest first: AVIF and WebP for the <source>s, JPEG for the <img>. */
  avif: string;
  webp: string;
  jpeg: string;
  /** The JPEG a browser without srcset shows. */
  src: string;
  /** Loaded eagerly and first (the hero), rather than lazily when scrolled near. */
  priority: boolean;
}

/** The processed photos, looked up by where they go and the `src` the content gives. */
export interface Photos {
  get(slot: SlotName, src: string): Photo | undefined;
}
