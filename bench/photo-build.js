// Photos in the build, measured: a rebuild with photos already in the cache against one with no
// photos (the budget: at most ~150 ms more), how long encoding a photo takes the first time, and the
// peak memory of a cold build whose hero is a 48-megapixel photo (the budget: within 1 GB).
// Run as a child of bench/run.js; prints one line of JSON.
//
//   node bench/photo-build.js [--runs 10]
//   node bench/photo-build.js --measure <contentDir> <cacheDir>   (one build; its own peak memory)
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseDocument } from 'yaml';
import { median } from './median.js';
import { drawPhoto, GPS_EXIF } from './photos.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const lib = (file) => import(pathToFileURL(path.join(ROOT, 'lib/generator', file)).href);

if (args[0] === '--measure') {
  const [{ build }, { diskCache }] = await Promise.all([lib('build.js'), lib('images/cache.js')]);
  const started = performance.now();
  const result = await build({ contentDir: args[1], photos: { cache: diskCache(args[2]) } });
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ ms, encoded: result.photoStats.encoded, peakMB: process.resourceUsage().maxRSS / 1024 })}\n`);
  process.exit(0);
}

const runs = Number(args[args.indexOf('--runs') + 1]) || 10;
const { build } = await lib('build.js');
const { diskCache } = await lib('images/cache.js');
const scratch = await mkdtemp(path.join(os.tmpdir(), 'site-bench-photos-'));

/** A copy of content/ whose home page shows `photo` as its hero. */
async function contentWith(name, photo) {
  const dir = path.join(scratch, name);
  await cp(path.join(ROOT, 'content'), dir, { recursive: true });
  if (!photo) return dir;
  await mkdir(path.join(dir, 'images'), { recursive: true });
  await writeFile(path.join(dir, 'images/hero.jpg'), photo);
  const file = path.join(dir, 'pages/home.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  doc.setIn(['hero', 'image'], doc.createNode({ src: 'images/hero.jpg', alt: 'Our truck loaded for a move' }));
  await writeFile(file, String(doc));
  // With a Malayalam edition, its home page describes the photo in Malayalam.
  const translation = path.join(dir, 'ml/pages/home.yaml');
  if (existsSync(translation)) {
    const ml = parseDocument(await readFile(translation, 'utf8'));
    ml.setIn(['hero', 'image'], ml.createNode({ alt: 'യാത്രയ്ക്ക് സാധനങ്ങൾ കയറ്റിയ ഞങ്ങളുടെ ട്രക്ക്' }));
    await writeFile(translation, String(ml));
  }
  return dir;
}

try {
  const plain = await contentWith('plain');
  const typical = await contentWith('typical', await drawPhoto({ width: 4000, height: 3000, exif: GPS_EXIF }));
  const cache = diskCache(path.join(scratch, 'cache'));

  // The first build encodes the hero's twelve files; later ones take them from the cache.
  let started = performance.now();
  const first = await build({ contentDir: typical, photos: { cache } });
  const firstEncodeMs = performance.now() - started;
  await build({ contentDir: plain });

  const withPhotos = [];
  const without = [];
  for (let n = 0; n < runs; n += 1) {
    started = performance.now();
    const again = await build({ contentDir: typical, photos: { cache } });
    withPhotos.push(performance.now() - started);
    if (again.photoStats.encoded !== 0) throw new Error('a rebuild with unchanged photos encoded some again');
    started = performance.now();
    await build({ contentDir: plain });
    without.push(performance.now() - started);
  }

  // A 48-megapixel phone photo (8000×6000), built cold in a fresh process with an empty cache.
  const big = await contentWith('big', await drawPhoto({ width: 8000, height: 6000, seed: 5, quality: 92 }));
  const measured = JSON.parse(
    execFileSync(process.execPath, [import.meta.filename, '--measure', big, path.join(scratch, 'big-cache')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 110_000,
    })
      .trim()
      .split('\n')
      .at(-1),
  );

  process.stdout.write(
    `${JSON.stringify({
      runs,
      firstEncodeMs,
      firstEncoded: first.photoStats.encoded,
      withPhotosMs: median(withPhotos),
      withoutPhotosMs: median(without),
      extraMs: median(withPhotos) - median(without),
      big: { megapixels: 48, ms: measured.ms, encoded: measured.encoded, peakMB: measured.peakMB },
    })}\n`,
  );
} finally {
  await rm(scratch, { recursive: true, force: true });
}
