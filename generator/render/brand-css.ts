import { createHash } from 'node:crypto';
import { rgbChannels } from '../contract/colour.js';
import { SAMPLE_PALETTE, tokenName, type Palette } from '../contract/palette.js';
import type { OutputFile } from '../contract/output.js';

/**
 * The stylesheet in a site's own colours: each colour token of its first `:root` rule
 * (templates/styles/tokens.css), and the `-rgb` twin of each, set to the palette's colour of the
 * same name. The bundle keeps the sample's colours, so it is cached apart from the content; this
 * runs on every build, before the tokens are written in where they are used (css-constants.ts).
 */
export function withBrandTokens(css: string, palette: Palette): string {
  if ((Object.keys(SAMPLE_PALETTE) as Array<keyof Palette>).every((name) => palette[name] === SAMPLE_PALETTE[name])) return css;
  const values = new Map<string, string>();
  for (const name of Object.keys(palette) as Array<keyof Palette>) {
    values.set(tokenName(name), palette[name]);
    values.set(`${tokenName(name)}-rgb`, rgbChannels(palette[name]));
  }
  const root = /:root\{([^{}]*)\}/.exec(css);
  if (!root) throw new Error('The stylesheet has no :root rule of design tokens to write the brand colours into');
  const block = root[1]!.replace(/(--c-[\w-]+)(\s*:\s*)([^;]*)/g, (whole, name: string, colon: string) =>
    values.has(name) ? `${name}${colon}${values.get(name)}` : whole,
  );
  return `${css.slice(0, root.index)}:root{${block}}${css.slice(root.index + root[0].length)}`;
}

/** The stylesheet `site dev` links, as a file named by its contents: the bundle's own while the colours are the sample's. */
export function brandedStylesheet(bundled: OutputFile, styles: string): OutputFile {
  if (styles === String(bundled.contents)) return bundled;
  const hash = createHash('sha256').update(styles).digest('hex').slice(0, 10);
  return { path: bundled.path.replace(/\.[0-9a-f]+\.css$/, `.${hash}.css`), contents: styles };
}
