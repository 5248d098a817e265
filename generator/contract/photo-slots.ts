/**
 * Where photos are shown, and so which widths to make of them. Each slot's `sizes` is the width
 * its CSS gives the photo (templates/styles/pages.css, the rules that name the slot); keep the
 * two in step, or phones download more than they show. Widths cover a 2× screen at the slot's
 * widest and stop there: a bigger file would never be picked.
 */
export interface Slot {
  /** Widths to make, in pixels, smallest first; none wider than the original is made. */
  widths: readonly number[];
  /** The `sizes` attribute: the CSS width of the photo at each screen width. */
  sizes: string;
  /** Cut to a square around the most interesting part (faces), for round portraits. */
  square?: boolean;
  /** In the first screenful: loaded at once and first; every other photo waits until it is near. */
  priority?: boolean;
  /** Not published as photo variants: the build draws it into pictures of its own (the logo). */
  drawn?: boolean;
}

export type SlotName = 'hero' | 'story' | 'service' | 'avatar' | 'share' | 'logo';

export const SLOTS: Readonly<Record<SlotName, Slot>> = {
  /** Home hero, in place of the drawing: the whole column on phones, at most 36rem; beside the title from 56em. */
  hero: {
    widths: [320, 640, 960, 1280],
    sizes: '(min-width: 56em) min(calc((100vw - 5rem) / 2.1), 33rem), min(calc(100vw - 2rem), 36rem)',
    priority: true,
  },
  /** About page story, above the mission and vision: the column, at most 40rem; the right-hand column from 64em. */
  story: {
    widths: [320, 640, 960, 1280],
    sizes: '(min-width: 64em) min(calc((100vw - 6.5rem) / 2.2), 31rem), min(calc(100vw - 2rem), 40rem)',
  },
  /** A service's card on /services, atop its side column: the card, at most 32rem; the side column from 56em. */
  service: {
    widths: [320, 640, 960, 1280],
    sizes: '(min-width: 56em) min(calc((100vw - 9rem) / 2.3 - 2rem), 27rem), min(calc(100vw - 4rem), 32rem)',
  },
  /** A reviewer's portrait, a 3rem circle. */
  avatar: { widths: [96, 144], sizes: '3rem', square: true },
  /** The picture a shared link shows: never on a page, only its JPEG at the 1200 px WhatsApp and Facebook ask for. */
  share: { widths: [1200], sizes: '1200px' },
  /** The company's logo (brand.logo): drawn by the build into the header, the icons (512 px for search engines) and the share pictures. */
  logo: { widths: [512], sizes: '512px', drawn: true },
};

/** The width a photo needs to look sharp everywhere its slot shows it. */
export function largestWidth(slot: SlotName): number {
  return Math.max(...SLOTS[slot].widths);
}
