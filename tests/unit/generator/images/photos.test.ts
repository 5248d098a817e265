import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, KB, PHONE, lookupFromFiles, pageWeight } from '../../../../bench/weights.js';
import { main } from '../../../../bin/cli.js';
import { build, type BuildResult } from '../../../../generator/build.js';
import { diskCache } from '../../../../generator/images/cache.js';
import { SLOTS } from '../../../../generator/contract/photo-slots.js';
import { ContentError } from '../../../../generator/problems/problem.js';
import { captureIo, contentWithFixture } from '../../../helpers/content.js';
import { parseHtml } from '../../../helpers/dom.js';
import { PHOTO_PLACES, TEST_PHOTOS, contentWithPhotos, testPhoto } from '../../../helpers/photos.js';

/**
 * Photos from content/images/ to <picture>: built from the sample content with photos drawn by
 * bench/photos.js (tests/helpers/photos.ts says which go where). Each build here has its own
 * cache folder, so "a second build encodes nothing" is this test's own cache at work.
 */

const temporary: string[] = [];
let project: string;
let cacheDir: string;
let first: BuildResult;
const NOW = new Date('2025-01-01T00:00:00Z');

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

function buildPhotos(dir = project, cache = cacheDir) {
  return build({ contentDir: path.join(dir, 'content'), now: NOW, photos: { cache: diskCache(cache) } });
}

beforeAll(async () => {
  project = await contentWithPhotos();
  temporary.push(project);
  cacheDir = await tempDir('site-photo-cache-');
  first = await buildPhotos();
}, 120_000);

afterAll(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const page = (result: BuildResult, file: string) => parseHtml(String(result.files.find((f) => f.path === file)!.contents));
const fileAt = (result: BuildResult, url: string) => result.files.find((f) => `/${f.path}` === url);
const srcsetUrls = (srcset: string) => srcset.split(',').map((entry) => entry.trim().split(/\s+/) as [string, string]);

describe('photo markup', () => {
  it('the home hero is a <picture> with AVIF and WebP sources and a JPEG <img>, loaded first, in place of the drawing', () => {
    const doc = page(first, 'index.html');
    const hero = doc.querySelector('.home-hero picture')!;
    expect(hero).not.toBeNull();
    expect(doc.querySelector('.home-hero .hero-art')).toBeNull();
    const sources = [...hero.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    const img = hero.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('Our blue truck loaded with boxes on a country road');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    for (const element of [...sources, img]) expect(element.getAttribute('sizes')).toBe(SLOTS.hero.sizes);
    // The original is 2400 wide: every width of the hero's ladder is made, none wider.
    expect(srcsetUrls(sources[0]!.getAttribute('srcset')!).map(([, w]) => w)).toEqual(['320w', '640w', '960w', '1280w']);
    expect(srcsetUrls(img.getAttribute('srcset')!).every(([url]) => url.endsWith('.jpg'))).toBe(true);
  });

  it('the Malayalam pages show the same photos, described in Malayalam for screen readers', () => {
    const pages = {
      'pages/home.yaml': 'index.html',
      'pages/about.yaml': 'about/index.html',
      'services.yaml': 'services/index.html',
    } as const;
    for (const place of PHOTO_PLACES) {
      const file = pages[place.file as keyof typeof pages];
      if (!file) continue;
      const english = [...page(first, file).querySelectorAll('main picture img')].find((img) => img.getAttribute('alt') === place.alt);
      const malayalam = [...page(first, `ml/${file}`).querySelectorAll('main picture img')].find(
        (img) => img.getAttribute('alt') === place.altMl,
      );
      expect(english, `${place.file}: ${place.alt}`).toBeDefined();
      expect(malayalam, `ml/${place.file}: ${place.altMl}`).toBeDefined();
      expect(malayalam!.getAttribute('src')).toBe(english!.getAttribute('src'));
    }
  });

  it('width and height keep the original proportions, after the EXIF orientation is applied', () => {
    const hero = page(first, 'index.html').querySelector('.home-hero img')!;
    expect([hero.getAttribute('width'), hero.getAttribute('height')]).toEqual(['1280', '853']);
    // Stored 1600×2000 with "turn 90°": a visitor sees it 2000×1600, so 1280×1024.
    const story = page(first, 'about/index.html').querySelector('#story picture img')!;
    expect([story.getAttribute('width'), story.getAttribute('height')]).toEqual(['1280', '1024']);
  });

  it('photos below the fold load lazily and decode off the main thread', () => {
    const story = page(first, 'about/index.html').querySelector('#story img')!;
    const service = page(first, 'services/index.html').querySelector('#residential img')!;
    for (const img of [story, service]) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('decoding')).toBe('async');
      expect(img.getAttribute('fetchpriority')).toBeNull();
    }
  });

  it('a photo narrower than the ladder is made up to its own width, never wider', () => {
    const img = page(first, 'services/index.html').querySelector('#office img')!;
    expect(srcsetUrls(img.getAttribute('srcset')!).map(([, w]) => w)).toEqual(['320w', '640w', '700w']);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['700', '525']);
  });

  it('a review photo takes the place of the initials, cut square', () => {
    const card = page(first, 'index.html').querySelectorAll('.testimonial')[0]!;
    const img = card.querySelector('picture img')!;
    expect(img.getAttribute('alt')).toBe('Anjali Menon');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['144', '144']);
    expect(card.querySelector('span.avatar')).toBeNull();
    // The other reviews keep their initials.
    expect(page(first, 'index.html').querySelectorAll('.testimonial span.avatar').length).toBeGreaterThan(0);
  });

  it('every file in every srcset is built, is the format its source says and is as wide as its descriptor', async () => {
    for (const file of ['index.html', 'about/index.html', 'services/index.html']) {
      for (const picture of page(first, file).querySelectorAll('picture')) {
        const sets = [...picture.querySelectorAll('source, img')].map((el) => ({
          type: el.getAttribute('type') ?? 'image/jpeg',
          srcset: el.getAttribute('srcset')!,
        }));
        for (const { type, srcset } of sets) {
          for (const [url, descriptor] of srcsetUrls(srcset)) {
            const built = fileAt(first, url);
            expect(built, `${url} in ${file}`).toBeDefined();
            const meta = await sharp(built!.contents as Buffer).metadata();
            expect({ type: meta.format === 'heif' ? 'image/avif' : `image/${meta.format}`, width: `${meta.width}w` }).toEqual({
              type,
              width: descriptor,
            });
          }
        }
        expect(fileAt(first, picture.querySelector('img')!.getAttribute('src')!)).toBeDefined();
      }
    }
  });

  it('file names carry a hash of their bytes, and are served from the site itself', () => {
    const photos = first.files.filter((file) => file.path.startsWith('assets/photos/'));
    expect(photos.length).toBeGreaterThan(20);
    for (const file of photos) expect(file.path).toMatch(/^assets\/photos\/[a-z0-9-]+-\d+\.[0-9a-f]{10}\.(avif|webp|jpg)$/);
    // Each page's own policy allows pictures from the site itself.
    const home = String(first.files.find((file) => file.path === 'index.html')!.contents);
    expect(home).toContain("img-src 'self'");
  });
});

describe('what the published files give away', () => {
  it('the phone photo carried GPS tags; no published variant carries any metadata', async () => {
    const original = await sharp(await testPhoto('hero')).metadata();
    expect(original.exif, 'the test photo must carry EXIF, or this test proves nothing').toBeDefined();
    expect(Buffer.from(original.exif!).includes(Buffer.from([0x25, 0x88])), 'the GPS pointer tag').toBe(true);
    const photos = first.files.filter((file) => file.path.startsWith('assets/photos/'));
    for (const file of photos) {
      const meta = await sharp(file.contents as Buffer).metadata();
      expect({ file: file.path, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({
        file: file.path,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
      });
      expect((file.contents as Buffer).includes('Exif\0\0'), file.path).toBe(false);
    }
  });

  it('the turned photo is turned: its pixels are stored upright, as a visitor sees it', async () => {
    const url = srcsetUrls(page(first, 'about/index.html').querySelector('#story source')!.getAttribute('srcset')!).at(-1)![0];
    const meta = await sharp(fileAt(first, url)!.contents as Buffer).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([1280, 1024, 1]);
  });
});

describe('byte budgets with photos (a 375 px phone at 2× density)', () => {
  it(`the hero AVIF the phone picks is ≤ 60 KB, and the first visit to / stays ≤ 120 KB in all`, () => {
    const weight = pageWeight('/', lookupFromFiles(first.files), PHONE);
    const hero = weight.resources.find((item) => item.url.startsWith('/assets/photos/truck-'))!;
    // 343 CSS px at 2× needs 686 px: the 960 px file.
    expect(hero.url).toMatch(/truck-960\.[0-9a-f]+\.avif$/);
    expect(hero.transfer, `hero AVIF is ${(hero.transfer / KB).toFixed(1)} KB`).toBeLessThanOrEqual(BUDGETS.heroPhotoPhone);
    const listing = weight.resources.map((item) => `${item.url} ${(item.transfer / KB).toFixed(1)} KB`).join(', ');
    expect(weight.firstVisit.transfer, listing).toBeLessThanOrEqual(BUDGETS.firstVisitHomeWithPhoto);
    expect(weight.missing).toEqual([]);
  });
});

describe('the photo cache', () => {
  it('a second build with the same photos encodes nothing and gives the same files', async () => {
    expect(first.photoStats.encoded).toBeGreaterThan(0);
    const second = await buildPhotos();
    expect(second.photoStats).toEqual({ encoded: 0, cached: first.photoStats.encoded + first.photoStats.cached });
    const names = (result: BuildResult) => result.files.map((file) => file.path).sort();
    expect(names(second)).toEqual(names(first));
  });

  it('a changed photo is encoded again, and only that one', async () => {
    const dir = await contentWithPhotos(PHOTO_PLACES.filter((place) => place.photo === 'hero' || place.photo === 'face'));
    temporary.push(dir);
    const cache = await tempDir('site-photo-cache-');
    const before = await buildPhotos(dir, cache);
    const face = TEST_PHOTOS.face;
    await writeFile(
      path.join(dir, 'content', face.file),
      await sharp(await testPhoto('face'))
        .flop()
        .jpeg()
        .toBuffer(),
    );
    const after = await buildPhotos(dir, cache);
    // The face: two widths in three formats; all the hero's files come from the cache.
    const { encoded, cached } = before.photoStats;
    expect(after.photoStats).toEqual({ encoded: 6, cached: encoded + cached - 6 });
  });
});

describe('photo mistakes found while building', () => {
  it('a damaged photo whose header reads well is a located problem at its src line, and nothing is built', async () => {
    const dir = await contentWithPhotos(PHOTO_PLACES.filter((place) => place.file === 'pages/home.yaml'));
    temporary.push(dir);
    const file = path.join(dir, 'content', TEST_PHOTOS.hero.file);
    const bytes = await readFile(file);
    await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 3)));
    const io = captureIo(dir);
    expect(await main(['build'], io)).toBe(1);
    expect(io.stderr()).toMatch(
      /^content\/pages\/home\.yaml:\d+:10 {2}hero\.image\.src\n {2}content\/images\/truck\.jpg starts like a picture but cannot be read to the end \(/,
    );
    expect(io.stderr()).toContain('hint: copy or export the photo again from the original, then check that it opens on your computer');
    expect(io.stderr()).toMatch(/Nothing was written: \.\/dist still holds the last good site\.$/);
  });

  it('build() throws the same problem as a ContentError', async () => {
    const dir = await contentWithPhotos(PHOTO_PLACES.filter((place) => place.file === 'pages/home.yaml'));
    temporary.push(dir);
    const file = path.join(dir, 'content', TEST_PHOTOS.hero.file);
    await writeFile(file, (await readFile(file)).subarray(0, 5000));
    const error = await buildPhotos(dir, await tempDir('site-photo-cache-')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems.map((p) => [p.code, p.path])).toEqual([['photo-unreadable', 'hero.image.src']]);
  });
});

describe('a photo too small for its place', () => {
  it('is a located warning in site check, which still passes', async () => {
    const dir = await contentWithFixture('photo-too-small');
    temporary.push(dir);
    const io = captureIo(dir);
    expect(await main(['check'], io)).toBe(0);
    const expectedFile = path.join(import.meta.dirname, '../../../fixtures/photo-too-small/check.txt');
    if (process.env.UPDATE_FIXTURES) await writeFile(expectedFile, `${io.stderr()}\n`);
    expect(`${io.stderr()}\n`).toBe(await readFile(expectedFile, 'utf8'));
    expect(io.stdout()).toContain('The photo above will look blurred on sharp screens: use larger originals.');
  });

  it('site build writes the site and says so', async () => {
    const dir = await contentWithFixture('photo-too-small');
    temporary.push(dir);
    const io = captureIo(dir);
    expect(await main(['build'], io)).toBe(0);
    expect(io.stderr()).toContain('services[residential].image.src  (warning)');
    expect(io.stderr()).toContain('the small photos above will look blurred on sharp screens');
    // One width (the photo's own) in three formats, encoded now or by an earlier run.
    const [, encoded, cached] = /^Photos: (\d+) files encoded, (\d+) taken from the cache/m.exec(io.stdout()) ?? [];
    expect(Number(encoded) + Number(cached)).toBe(3);
  });
});
