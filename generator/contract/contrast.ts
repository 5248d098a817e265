import { contrast, hexOfHsl, hslOf, normalHex } from './colour.js';
import { paletteOf, SAMPLE_BRAND, type BrandColours, type Palette } from './palette.js';

/** WCAG AA: 4.5:1 for text, 3:1 for large text and for the parts of controls and icons one must see. */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;

/** A colour the design sets on another, where, and the contrast WCAG AA asks of it. */
export interface ColourPair {
  text: keyof Palette;
  on: keyof Palette;
  minimum: number;
  /** Where a visitor sees it, in words for the message. */
  where: string;
}

/**
 * Every pair of palette colours the stylesheet sets one on the other (templates/styles/*.css):
 * text on its background, and icons that carry meaning on theirs. Keep in step with the styles.
 */
export const COLOUR_PAIRS: readonly ColourPair[] = [
  { text: 'white', on: 'primary', minimum: AA_TEXT, where: 'white text on the primary buttons, service badges and reviewers’ initials' },
  { text: 'white', on: 'primaryDark', minimum: AA_TEXT, where: 'white headings and links in the footer and the page titles' },
  { text: 'primary', on: 'white', minimum: AA_TEXT, where: 'links and outline buttons on white' },
  { text: 'primaryDark', on: 'white', minimum: AA_TEXT, where: 'headings and the company name on white' },
  { text: 'primary', on: 'primaryTint', minimum: AA_TEXT, where: 'the current page’s link in the menu, on its light tint' },
  { text: 'primaryDark', on: 'primaryTint', minimum: AA_TEXT, where: 'the header’s phone button and the tags, on the light tint' },
  { text: 'primaryDark', on: 'warm', minimum: AA_TEXT, where: 'prices on their cream box' },
  { text: 'onDark', on: 'primary', minimum: AA_TEXT, where: 'text on the coloured bands (page tops, figures, closing call)' },
  { text: 'onDark', on: 'primaryDark', minimum: AA_TEXT, where: 'footer text' },
  { text: 'onDarkMuted', on: 'primaryDark', minimum: AA_TEXT, where: 'the footer’s small print' },
  {
    text: 'accentLight',
    on: 'primary',
    minimum: AA_TEXT,
    where: 'the small titles above page headings and the figures, on the coloured bands',
  },
  { text: 'onAccent', on: 'accent', minimum: AA_TEXT, where: 'the words on the quote buttons and step numbers' },
  { text: 'onAccent', on: 'accentDark', minimum: AA_TEXT, where: 'the quote buttons’ words while pointed at' },
  { text: 'muted', on: 'white', minimum: AA_TEXT, where: 'secondary text on white' },
  { text: 'muted', on: 'primaryTint', minimum: AA_TEXT, where: 'secondary text on the light tint' },
  { text: 'muted', on: 'warm', minimum: AA_TEXT, where: 'secondary text on the cream boxes' },
  { text: 'field', on: 'white', minimum: AA_LARGE, where: 'the borders of the quote form’s boxes' },
];

/** A pair the palette of a brand sets below what WCAG AA asks. */
export interface ContrastFailure {
  pair: ColourPair;
  ratio: number;
  /** The chosen colour the failing shade comes from (or is). */
  colour: keyof BrandColours;
}

/**
 * The chosen colour whose lightness a shade carries: the colour itself and its darker twin. The
 * other shades keep the lightness the design gives them (palette.ts) and only take the hue, so a
 * pair that fails is mended by making the chosen colour lighter or darker.
 */
const CARRIES: Partial<Record<keyof Palette, keyof BrandColours>> = {
  primary: 'primary',
  primaryDark: 'primary',
  accent: 'accent',
  accentDark: 'accent',
};

/** Which chosen colour the other shades take their hue from. */
const FOLLOWS: Partial<Record<keyof Palette, keyof BrandColours>> = {
  primaryTint: 'primary',
  muted: 'primary',
  onDark: 'primary',
  onDarkMuted: 'primary',
  field: 'primary',
  accentLight: 'accent',
  onAccent: 'accent',
  warm: 'accent',
};

/**
 * Every pair the brand's palette sets below AA, each blamed on the chosen colour that carries
 * the lightness of one of its two colours (the background's first), else the one their hues follow.
 */
export function contrastFailures(brand: Partial<BrandColours>): ContrastFailure[] {
  const palette = paletteOf(brand);
  return COLOUR_PAIRS.flatMap((pair) => {
    const ratio = contrast(palette[pair.text], palette[pair.on]);
    if (ratio >= pair.minimum) return [];
    const colour = CARRIES[pair.on] ?? CARRIES[pair.text] ?? FOLLOWS[pair.on] ?? FOLLOWS[pair.text] ?? 'primary';
    return [{ pair, ratio, colour }];
  });
}

/**
 * The colour nearest to `brand[which]` in lightness (same hue and saturation) with which no pair
 * blamed on it fails, the other colour kept; undefined when no lightness passes.
 */
export function passingNear(brand: Partial<BrandColours>, which: keyof BrandColours): string | undefined {
  const chosen = normalHex(brand[which] ?? SAMPLE_BRAND[which]);
  const { h, s, l } = hslOf(chosen);
  const passes = (candidate: string) => !contrastFailures({ ...brand, [which]: candidate }).some((failure) => failure.colour === which);
  for (let step = 1; step <= 100; step += 1) {
    for (const lightness of [l - step / 200, l + step / 200]) {
      if (lightness < 0 || lightness > 1) continue;
      const candidate = hexOfHsl({ h, s, l: lightness });
      if (candidate !== chosen && passes(candidate)) return candidate;
    }
  }
  return undefined;
}
