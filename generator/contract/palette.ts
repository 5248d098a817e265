import { contrast, hexOfHsl, hslOf, normalHex, type Hsl } from './colour.js';

/**
 * Every colour the design uses, by name. The stylesheet's tokens (templates/styles/tokens.css)
 * are the same colours as custom properties: `primaryDark` is `--c-primary-dark`.
 */
export interface Palette {
  primary: string;
  primaryDark: string;
  primaryTint: string;
  accent: string;
  accentDark: string;
  accentLight: string;
  /** Text on the accent colour (the quote buttons). */
  onAccent: string;
  ink: string;
  muted: string;
  line: string;
  field: string;
  warm: string;
  onDark: string;
  onDarkMuted: string;
  star: string;
  water: string;
  waterDeep: string;
  leaf: string;
  leafLight: string;
  trunk: string;
  sand: string;
  box: string;
  boxDark: string;
  white: string;
  wheelHub: string;
}

/** The two colours a company chooses; everything else is worked out from them. */
export interface BrandColours {
  primary: string;
  accent: string;
}

/**
 * The sample's palette, exactly as designed: backwater teal for structure, mango for calls to
 * action. A site that names no colours of its own is drawn in these.
 */
export const SAMPLE_PALETTE: Readonly<Palette> = {
  primary: '#0b5563',
  primaryDark: '#073b45',
  primaryTint: '#e4f1f1',
  accent: '#f4a024',
  accentDark: '#e08a0b',
  accentLight: '#ffd58a',
  onAccent: '#1f1400',
  ink: '#17262b',
  muted: '#4a5d63',
  line: '#d8e3e4',
  field: '#6b8388',
  warm: '#fdf6ea',
  onDark: '#e1efef',
  onDarkMuted: '#b4cfd2',
  star: '#d97706',
  water: '#8ccfca',
  waterDeep: '#4fa9a3',
  leaf: '#2e7d4f',
  leafLight: '#49a36a',
  trunk: '#8a5a2b',
  sand: '#f6e7c8',
  box: '#e0a458',
  boxDark: '#b97a34',
  white: '#ffffff',
  wheelHub: '#cfd8dc',
};

export const SAMPLE_BRAND: Readonly<BrandColours> = { primary: SAMPLE_PALETTE.primary, accent: SAMPLE_PALETTE.accent };

/**
 * How each shade follows the colour it comes from. Every shade keeps the sample's relation to its
 * source: the same turn of hue, its saturation in the same proportion, and either the sample's own
 * lightness (`fixed`: tints, text and lines stay as light or as dark as designed) or the same
 * proportion of the source's lightness (`relative`: the darker twin of a colour). So the sample's
 * two colours give back the sample's palette, and a deep blue gives a blue ink, tint and footer.
 * Shades not listed (the stars, leaves, sand and boxes of the drawings) are the same for everyone.
 */
const DERIVED: Record<string, { from: keyof BrandColours; lightness: 'fixed' | 'relative' }> = {
  primaryDark: { from: 'primary', lightness: 'relative' },
  primaryTint: { from: 'primary', lightness: 'fixed' },
  ink: { from: 'primary', lightness: 'fixed' },
  muted: { from: 'primary', lightness: 'fixed' },
  line: { from: 'primary', lightness: 'fixed' },
  field: { from: 'primary', lightness: 'fixed' },
  onDark: { from: 'primary', lightness: 'fixed' },
  onDarkMuted: { from: 'primary', lightness: 'fixed' },
  water: { from: 'primary', lightness: 'fixed' },
  waterDeep: { from: 'primary', lightness: 'fixed' },
  accentDark: { from: 'accent', lightness: 'relative' },
  accentLight: { from: 'accent', lightness: 'fixed' },
  warm: { from: 'accent', lightness: 'fixed' },
  onAccent: { from: 'accent', lightness: 'fixed' },
};

/**
 * Each brand's palette, kept for as long as the site that holds the brand and no longer: every
 * page of a build asks for it (about half a millisecond each time), and nothing of one build's
 * content outlives it, in `site dev` or in a test that builds thousands of sites.
 */
const workedOut = new WeakMap<Partial<BrandColours>, Palette>();

/** The palette of a brand: the sample's exactly when none is given (or the sample's own colours). */
export function paletteOf(brand?: Partial<BrandColours>): Palette {
  const colours = {
    primary: normalHex(brand?.primary ?? SAMPLE_BRAND.primary),
    accent: normalHex(brand?.accent ?? SAMPLE_BRAND.accent),
  };
  if (colours.primary === SAMPLE_BRAND.primary && colours.accent === SAMPLE_BRAND.accent) return { ...SAMPLE_PALETTE };
  const known = brand && workedOut.get(brand);
  if (known) return known;
  const palette: Palette = { ...SAMPLE_PALETTE, ...colours };
  for (const [name, rule] of Object.entries(DERIVED)) {
    palette[name as keyof Palette] = follow(
      hslOf(SAMPLE_PALETTE[name as keyof Palette]),
      hslOf(SAMPLE_BRAND[rule.from]),
      hslOf(colours[rule.from]),
      rule.lightness,
    );
  }
  // Text on the accent is dark, as designed, unless the accent is so deep that white reads better.
  const onAccent = [palette.onAccent, SAMPLE_PALETTE.white].map((text) => ({
    text,
    worst: Math.min(contrast(text, palette.accent), contrast(text, palette.accentDark)),
  }));
  palette.onAccent = onAccent.sort((a, b) => b.worst - a.worst)[0]!.text;
  if (brand) workedOut.set(brand, palette);
  return palette;
}

function follow(shade: Hsl, sampleSource: Hsl, source: Hsl, lightness: 'fixed' | 'relative'): string {
  const saturation = sampleSource.s === 0 ? shade.s : (shade.s * source.s) / sampleSource.s;
  return hexOfHsl({
    h: source.h + (shade.h - sampleSource.h),
    s: Math.min(1, saturation),
    l: lightness === 'fixed' ? shade.l : (shade.l * source.l) / sampleSource.l,
  });
}

/** `--c-primary-dark` for `primaryDark`. */
export function tokenName(name: keyof Palette): string {
  return `--c-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
