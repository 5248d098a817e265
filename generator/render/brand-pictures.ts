import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OutputFile } from '../contract/output.js';
import type { Session } from '../contract/session.js';
import { paletteOf, type Palette } from '../contract/palette.js';
import { loadSharp } from '../images/sharp.js';
import type { Site } from '../schema/index.js';
import { faviconSvg, ICON_PICTURES } from '../../templates/favicon.js';
import { BrandContext, type LogoPicture } from '../../templates/palette.js';
import { HeroArt } from '../../templates/parts/Art.js';
import { shareCardPath } from '../../templates/share-card.js';
import { editionsOf } from './render.js';
import { SHARE_CARD, shareCardText, type ShareCardText } from './share-card-text.js';
import { FONT_VERSION, registerFonts } from './picture-fonts.js';
import { cachedPicture } from './picture-cache.js';

/** Changes whenever the drawings below change, so pictures drawn by an older build are not reused. */
const DRAWING_VERSION = '2';

/** The content's logo file, as the photo check found it. */
export interface LogoSource {
  /** Absolute path of the PNG or JPEG. */
  source: string;
  width: number;
  height: number;
}

export interface BrandPictures {
  /** logo.png, the icons at the root, the header's logo and the share pictures of every language. */
  files: OutputFile[];
  /** The header's logo picture, when the content gives a logo. */
  logo?: LogoPicture;
}

/** The header shows the logo 36 px high (templates/parts/Art.tsx), drawn at twice that for sharp screens. */
const HEADER_HEIGHT = 72;

/**
 * Every picture made from the brand: the logo at the sizes search engines and phones ask for,
 * the header's logo and one share picture per language, all from the content (name, tagline,
 * colours, logo), so none can be stale. Each comes from the picture cache while its inputs are unchanged.
 */
export async function drawBrandPictures(site: Site, logo?: LogoSource, session?: Session): Promise<BrandPictures> {
  const palette = paletteOf(site.settings.brand);
  const mark = faviconSvg(palette);
  const logoBytes = logo ? await readFile(logo.source) : undefined;
  const logoKey = logoBytes ?? mark;
  const square = (size: number) =>
    cachedPicture([DRAWING_VERSION, 'square', String(size), logoKey], () => drawSquare(size, mark, logoBytes), session);
  const icons = await Promise.all(Object.values(ICON_PICTURES).map(async ({ path, size }) => ({ path, contents: await square(size) })));
  const files: OutputFile[] = [...icons];
  let header: LogoPicture | undefined;
  if (logoBytes && logo) {
    const png = await cachedPicture([DRAWING_VERSION, 'header', logoBytes], () => drawHeight(logoBytes, HEADER_HEIGHT), session);
    const path = `assets/logo.${createHash('sha256').update(png).digest('hex').slice(0, 10)}.png`;
    files.push({ path, contents: png });
    header = { src: `/${path}`, aspect: logo.width / logo.height };
  }
  const cards = await Promise.all(
    editionsOf(site).map(async ({ language, site: edition }) => {
      const text = shareCardText(edition, language);
      const inputs = [DRAWING_VERSION, FONT_VERSION, 'share', JSON.stringify(text), JSON.stringify(palette), logoKey];
      return {
        path: shareCardPath(language).slice(1),
        contents: await cachedPicture(inputs, () => drawShareCard(text, palette, mark, logoBytes), session),
      };
    }),
  );
  return { files: [...files, ...cards], logo: header };
}

/** The logo fitted into a square of `size` pixels on a clear background; the drawn mark fills it. */
async function drawSquare(size: number, mark: string, logo?: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  if (!logo)
    return sharp(Buffer.from(mark), { density: (72 * size) / 32 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
  return sharp(logo)
    .rotate()
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function drawHeight(logo: Buffer, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(logo).rotate().resize({ height, withoutEnlargement: false }).png({ compressionLevel: 9 }).toBuffer();
}

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A stretch of text in one colour (and weight) within a line of the picture. */
interface Run {
  /** None for the spaces between figures, which show no colour. */
  colour?: string;
  words: string;
  bold?: boolean;
}

/**
 * How each text of the share picture is set: its sizes, largest first, and the height it may take.
 * The heights add up (with the gaps between) to less than the picture, so nothing the schema
 * accepts can push a text past its edge: a long text is set smaller, and past the smallest size
 * cut short with an ellipsis. The sample's texts fit at the first size.
 */
const SHARE_TEXT = {
  name: { sizes: [44, 36, 30], maxHeight: 150 },
  tagline: { sizes: [34, 28, 24], maxHeight: 160 },
  taglineMalayalam: { sizes: [30, 26, 22], maxHeight: 160 },
  figures: { sizes: [24, 20, 18], maxHeight: 80 },
  cta: { sizes: [28, 24, 20], maxHeight: 40 },
} as const;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The first `count` letters of `runs` and an ellipsis, the spaces before it left out. */
function cutRuns(runs: readonly Run[], count: number): Run[] {
  const cut: Run[] = [];
  let left = count;
  for (const run of runs) {
    if (left <= 0) break;
    const letters = Array.from(graphemes.segment(run.words), (part) => part.segment);
    cut.push({ ...run, words: letters.slice(0, left).join('') });
    left -= letters.length;
  }
  const last = cut.at(-1) ?? { ...runs[0]!, words: '' };
  if (cut.length === 0) cut.push(last);
  last.words = `${last.words.trimEnd()}…`;
  return cut;
}

/**
 * The share picture: on a light wash of the primary, the logo and the company's name, the tagline,
 * the figures, and the quote button in the accent, beside the home page's drawing in the site's
 * colours. Text is set by Pango in Noto Sans Malayalam (the package the Malayalam pages use), which
 * draws Latin too, so the picture does not depend on the fonts of the computer that builds it.
 */
async function drawShareCard(text: ShareCardText, palette: Palette, mark: string, logo?: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  await registerFonts(sharp);
  const { height: H, padding, column } = SHARE_CARD;
  const markup = (runs: readonly Run[]) =>
    runs
      .map((run) => {
        const words = run.colour ? `<span foreground="${run.colour}">${escapeMarkup(run.words)}</span>` : escapeMarkup(run.words);
        return run.bold ? `<b>${words}</b>` : words;
      })
      .join('');
  const textImage = async (runs: readonly Run[], size: number, bold: boolean, width: number) => {
    const { data, info } = await sharp({
      // A word longer than the line is broken between letters rather than let past the picture's edge.
      text: {
        text: markup(runs),
        font: `Noto Sans Malayalam ${bold ? 'Bold' : ''} ${size}`,
        width,
        dpi: 72,
        rgba: true,
        wrap: 'word-char',
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { input: data, width: info.width, height: info.height };
  };
  /** The text at the largest size that fits its place; past the smallest, cut short where it still fits. */
  const fitted = async (runs: readonly Run[], how: { sizes: readonly number[]; maxHeight: number }, bold: boolean, width: number) => {
    const fits = (image: { width: number; height: number }) => image.height <= how.maxHeight && image.width <= width;
    for (const size of how.sizes) {
      const image = await textImage(runs, size, bold, width);
      if (fits(image)) return image;
    }
    const smallest = how.sizes.at(-1)!;
    const total = runs.reduce((sum, run) => sum + Array.from(graphemes.segment(run.words)).length, 0);
    let best = await textImage(cutRuns(runs, 0), smallest, bold, width);
    let [low, high] = [1, total - 1];
    while (low <= high) {
      const middle = Math.floor((low + high) / 2);
      const image = await textImage(cutRuns(runs, middle), smallest, bold, width);
      if (fits(image)) [best, low] = [image, middle + 1];
      else high = middle - 1;
    }
    return best;
  };
  const logoSize = 80;
  const figureRuns = text.figures.flatMap((figure, index): Run[] => [
    ...(index > 0 ? [{ words: '   ' }] : []),
    { colour: palette.primary, words: figure.value, bold: true },
    { words: ' ' },
    { colour: palette.muted, words: figure.label },
  ]);
  const [name, tagline, figures, cta, logoImage] = await Promise.all([
    fitted([{ colour: palette.primaryDark, words: text.name }], SHARE_TEXT.name, true, column - logoSize - 20),
    fitted(
      [{ colour: palette.ink, words: text.tagline }],
      text.script === 'ml' ? SHARE_TEXT.taglineMalayalam : SHARE_TEXT.tagline,
      false,
      column,
    ),
    figureRuns.length ? fitted(figureRuns, SHARE_TEXT.figures, false, column) : undefined,
    fitted([{ colour: palette.onAccent, words: text.cta }], SHARE_TEXT.cta, true, column),
    logo
      ? sharp(logo)
          .rotate()
          .resize(logoSize * 2, logoSize, { fit: 'inside' })
          .png()
          .toBuffer({ resolveWithObject: true })
      : sharp(Buffer.from(mark), { density: (72 * logoSize) / 32 })
          .resize(logoSize, logoSize)
          .png()
          .toBuffer({ resolveWithObject: true }),
  ]);
  const pill = { width: cta.width + 56, height: cta.height + 24 };
  const gaps = { afterBrand: 32, afterTagline: 24, beforeCta: 36 };
  const brandHeight = Math.max(logoImage.info.height, name.height);
  const block =
    brandHeight + gaps.afterBrand + tagline.height + (figures ? gaps.afterTagline + figures.height : 0) + gaps.beforeCta + pill.height;
  let y = Math.max(24, Math.round((H - block) / 2));
  const layers: Array<{ input: Buffer; left: number; top: number }> = [];
  layers.push({ input: logoImage.data, left: padding, top: y + Math.round((brandHeight - logoImage.info.height) / 2) });
  layers.push({ input: name.input, left: padding + logoImage.info.width + 20, top: y + Math.round((brandHeight - name.height) / 2) });
  y += brandHeight + gaps.afterBrand;
  layers.push({ input: tagline.input, left: padding, top: y });
  y += tagline.height;
  if (figures) {
    y += gaps.afterTagline;
    layers.push({ input: figures.input, left: padding, top: y });
    y += figures.height;
  }
  y += gaps.beforeCta;
  const pillSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${pill.width}" height="${pill.height}"><rect width="${pill.width}" height="${pill.height}" rx="${pill.height / 2}" fill="${palette.accent}"/></svg>`;
  layers.push({ input: Buffer.from(pillSvg), left: padding, top: y });
  layers.push({ input: cta.input, left: padding + 28, top: y + 12 });
  const background = backgroundSvg(palette);
  return sharp(Buffer.from(background))
    .composite(layers.filter((layer) => layer.top + 1 < H))
    .flatten({ background: palette.white })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The wash and the home page's drawing, in the site's colours, at the picture's right. */
function backgroundSvg(palette: Palette): string {
  const { width: W, height: H } = SHARE_CARD;
  const art = renderToStaticMarkup(createElement(BrandContext.Provider, { value: { palette } }, createElement(HeroArt))).replace(
    /<svg[^>]*?viewBox="([^"]+)"[^>]*>/,
    (_open, viewBox: string) => `<svg x="700" y="140" width="480" height="360" viewBox="${viewBox}">`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><linearGradient id="wash" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.primaryTint}"/><stop offset="1" stop-color="${palette.white}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#wash)"/>`,
    art,
    '</svg>',
  ].join('');
}
