import path from 'node:path';
import type sharpFunction from 'sharp';
import { projectRoot } from '../contract/root.js';

/** The font package's version goes into every share picture's cache key: a new font, a new picture. */
export const FONT_VERSION = '@fontsource/noto-sans-malayalam 5 (woff)';

/** The font files text is set in: Noto Sans Malayalam's Malayalam and Latin parts, regular and bold. */
const FILES = ['malayalam', 'latin', 'latin-ext'].flatMap((subset) =>
  [400, 700].map((weight) => `noto-sans-malayalam-${subset}-${weight}-normal.woff`),
);

let registered: Promise<void> | undefined;

/**
 * Makes the font files known to Pango (through fontconfig) for this process: sharp adds a
 * `fontfile` to the fonts its text can use, so setting one word in each file once is enough.
 */
export function registerFonts(sharp: typeof sharpFunction): Promise<void> {
  registered ??= (async () => {
    const dir = path.join(projectRoot(), 'node_modules', '@fontsource', 'noto-sans-malayalam', 'files');
    for (const file of FILES) {
      await sharp({ text: { text: '.', font: 'Noto Sans Malayalam', fontfile: path.join(dir, file), rgba: true } })
        .png()
        .toBuffer();
    }
  })();
  return registered;
}
