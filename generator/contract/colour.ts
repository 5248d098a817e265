/**
 * Colour arithmetic for the brand palette: #rrggbb text to and from HSL, and the WCAG 2
 * contrast ratio. HSL keeps a colour's hue while its lightness is changed, which is how every
 * shade of the design is worked out from the two colours the content gives.
 */

export interface Hsl {
  /** 0 to 360. */
  h: number;
  /** 0 to 1. */
  s: number;
  /** 0 to 1. */
  l: number;
}

/** A colour written as # and six hex digits (three are expanded), case ignored. */
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** [r, g, b], each 0 to 255, of a colour matching HEX_COLOUR. */
export function rgbOf(hex: string): [number, number, number] {
  let digits = hex.slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Lower-case #rrggbb. */
export function hexOf([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c!)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** A colour as lower-case #rrggbb, whichever way it was written. */
export function normalHex(hex: string): string {
  return hexOf(rgbOf(hex));
}

export function hslOf(hex: string): Hsl {
  const [r, g, b] = rgbOf(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h * 60, s, l };
}

export function hexOfHsl({ h, s, l }: Hsl): string {
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  const [hue, sat, light] = [((h % 360) + 360) % 360, clamp(s), clamp(l)];
  const c = (1 - Math.abs(2 * light - 1)) * sat;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = light - c / 2;
  const [r, g, b] =
    hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  return hexOf([(r + m) * 255, (g + m) * 255, (b + m) * 255]);
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as people read it: 3.27 → "3.2:1" (rounded down, so a ratio shown as passing passes). */
export function ratioText(ratio: number): string {
  return `${Math.floor(ratio * 10) / 10}:1`;
}

/** The colour's red, green and blue as CSS writes them inside rgb(): "7 59 69". */
export function rgbChannels(hex: string): string {
  return rgbOf(hex).join(' ');
}
