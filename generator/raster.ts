import type { OutputFile } from './output.js';
import { faviconSvg } from '../templates/favicon.js';
import { LOGO_PNG } from '../templates/jsonld.js';

/** The last picture drawn, by the SVG it was drawn from: a rebuild in the same process draws nothing again. */
let last: { svg: string; png: Promise<Buffer> } | undefined;

/**
 * The logo as a PNG of LOGO_PNG.size pixels square, drawn from the same SVG as the favicon, for
 * search engines, which want a raster logo. sharp is loaded only here, so commands that draw
 * nothing never load it.
 */
export async function logoPng(): Promise<OutputFile> {
  const svg = faviconSvg();
  if (last?.svg !== svg) last = { svg, png: draw(svg) };
  return { path: LOGO_PNG.path, contents: await last.png };
}

async function draw(svg: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  // The SVG is 32 units wide: a density of 72 dpi times the scale makes it exactly the size asked.
  return sharp(Buffer.from(svg), { density: (72 * LOGO_PNG.size) / 32 })
    .resize(LOGO_PNG.size, LOGO_PNG.size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
