import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from '../images/sharp.js';
import type { OutputFile } from '../contract/output.js';
import { projectRoot } from '../contract/root.js';
import { faviconSvg } from '../../templates/favicon.js';
import { LOGO_PNG } from '../../templates/jsonld.js';

/** The last picture drawn, by the SVG it was drawn from: a rebuild in the same process draws nothing again. */
let last: { svg: string; png: Promise<Buffer> } | undefined;

/**
 * The logo as a PNG of LOGO_PNG.size pixels square, drawn from the same SVG as the favicon, for
 * search engines, which want a raster logo. A fresh process finds the picture on disk, under
 * node_modules/.cache/, by the SVG and size it was drawn from: sharp is loaded only when the logo
 * changed, so most builds never load it.
 */
export async function logoPng(): Promise<OutputFile> {
  const svg = faviconSvg();
  if (last?.svg !== svg) last = { svg, png: cachedOrDrawn(svg) };
  return { path: LOGO_PNG.path, contents: await last.png };
}

async function cachedOrDrawn(svg: string): Promise<Buffer> {
  const key = createHash('sha256').update(`${LOGO_PNG.size}\0${svg}`).digest('hex').slice(0, 16);
  const file = path.join(projectRoot(), 'node_modules', '.cache', 'site-logo', `${key}.png`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return cached;
  const png = await draw(svg);
  await mkdir(path.dirname(file), { recursive: true })
    .then(async () => {
      // Written aside, then renamed: two builds at once never read half a picture.
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, png);
      await rename(temporary, file);
    })
    .catch(() => undefined);
  return png;
}

async function draw(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  // The SVG is 32 units wide: a density of 72 dpi times the scale makes it exactly the size asked.
  return sharp(Buffer.from(svg), { density: (72 * LOGO_PNG.size) / 32 })
    .resize(LOGO_PNG.size, LOGO_PNG.size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
