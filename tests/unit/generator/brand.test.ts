import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, checkContent, type BuildResult } from '../../../generator/build.js';
import { contrast, hslOf, rgbOf } from '../../../generator/contract/colour.js';
import { COLOUR_PAIRS, contrastFailures } from '../../../generator/contract/contrast.js';
import { paletteOf, SAMPLE_PALETTE, type Palette } from '../../../generator/contract/palette.js';
import { ContentError } from '../../../generator/problems/problem.js';
import { contentWithFixture } from '../../helpers/content.js';
import { BUDGETS, firstResponseBytes, lookupFromFiles } from '../../../bench/weights.js';
import { headersFor, parseHeaders } from '../../../generator/serve/headers.js';

/**
 * A company's own colours and logo, from site.yaml: the palette worked out from two colours,
 * the refusal of a pair below WCAG AA at the colour's line, the logo everywhere the mark was, the
 * share pictures drawn from the content, and static/ files the build would replace.
 */
const NOW = new Date('2026-06-01T00:00:00Z');
/** The colours the sample's design is drawn in: none may show on a site with colours of its own. */
const SAMPLE_BRAND_SHADES = (
  [
    'primary',
    'primaryDark',
    'primaryTint',
    'accent',
    'accentDark',
    'accentLight',
    'onAccent',
    'ink',
    'muted',
    'line',
    'field',
    'warm',
    'onDark',
    'onDarkMuted',
    'water',
    'waterDeep',
  ] as const
).map((name) => SAMPLE_PALETTE[name]);

const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function fixture(name?: string): Promise<string> {
  const dir = await contentWithFixture(name);
  temporary.push(dir);
  return dir;
}

const text = (result: BuildResult, file: string) => String(result.files.find((f) => f.path === file)!.contents);
const bytes = (result: BuildResult, file: string) => Buffer.from(result.files.find((f) => f.path === file)!.contents);

describe('the palette worked out from two colours', () => {
  it('is the sample’s exactly when the content names none, or names the sample’s own in capitals', () => {
    expect(paletteOf()).toEqual(SAMPLE_PALETTE);
    expect(paletteOf({ primary: '#0B5563', accent: '#F4A024' })).toEqual(SAMPLE_PALETTE);
  });

  it('keeps the sample’s relations: colours a step from the sample’s give shades a step from the sample’s', () => {
    const near = paletteOf({ primary: '#0c5563', accent: '#f4a124' });
    for (const name of Object.keys(SAMPLE_PALETTE) as Array<keyof Palette>) {
      const [a, b] = [rgbOf(near[name]), rgbOf(SAMPLE_PALETTE[name])];
      expect(Math.max(...a.map((c, i) => Math.abs(c - b[i]!))), name).toBeLessThanOrEqual(3);
    }
  });

  it('gives a deep blue a blue tint, ink and footer text, and an orange its own light shade', () => {
    const palette = paletteOf({ primary: '#1e3a8a', accent: '#f97316' });
    for (const name of ['primaryDark', 'primaryTint', 'ink', 'onDark', 'water'] as const)
      expect(Math.abs(hslOf(palette[name]).h - hslOf('#1e3a8a').h), name).toBeLessThan(20);
    expect(Math.abs(hslOf(palette.accentLight).h - hslOf('#f97316').h)).toBeLessThan(12);
    for (const shade of SAMPLE_BRAND_SHADES) expect(Object.values(palette)).not.toContain(shade);
    expect(contrastFailures({ primary: '#1e3a8a', accent: '#f97316' })).toEqual([]);
  });

  it('sets white text on a deep accent and dark text on a bright one, whichever reads better', () => {
    expect(paletteOf({ accent: '#b91c1c' }).onAccent).toBe('#ffffff');
    expect(contrast(paletteOf({ accent: '#facc15' }).onAccent, '#facc15')).toBeGreaterThan(4.5);
  });

  it('passes WCAG AA everywhere the design uses it in the sample', () => {
    expect(contrastFailures({})).toEqual([]);
    expect(COLOUR_PAIRS.length).toBeGreaterThan(10);
  });
});

describe('a colour that would set text below WCAG AA contrast', () => {
  it('is refused at its line in site.yaml, with the ratio and a nearby colour that passes', async () => {
    const dir = await fixture('brand-low-contrast');
    const checked = await checkContent(path.join(dir, 'content'));
    const primary = checked.problems.find((problem) => problem.path === 'brand.primary')!;
    expect(primary).toMatchObject({ code: 'low-contrast', file: path.join(dir, 'content', 'site.yaml'), line: 52, column: 12 });
    expect(primary.message).toContain('#60a5fa');
    expect(primary.message).toContain('white text on the primary buttons');
    expect(primary.message).toMatch(/a contrast of 2\.5:1, where WCAG AA asks at least 4\.5:1/);
    const suggested = /A nearby colour that passes everywhere: "(#[0-9a-f]{6})"/.exec(primary.message)?.[1];
    expect(suggested, primary.message).toBeDefined();
    expect(primary.hint).toBe(`use "${suggested}", or choose a darker primary colour of your own and check again`);
    expect(contrastFailures({ primary: suggested, accent: '#ef4444' }).filter((failure) => failure.colour === 'primary')).toEqual([]);
    const accent = checked.problems.find((problem) => problem.path === 'brand.accent')!;
    expect(accent).toMatchObject({ code: 'low-contrast', line: 53 });
    expect(checked.site).toBeUndefined();
  });
});

describe('a company with its own colours and logo (tests/fixtures/brand-malabar)', () => {
  let result: BuildResult;
  let logo: Buffer;
  beforeAll(async () => {
    const dir = await fixture('brand-malabar');
    logo = await readFile(path.join(dir, 'content/images/malabar-logo.png'));
    result = await build({ contentDir: path.join(dir, 'content'), now: NOW, strict: true });
  }, 60_000);

  it('builds with --strict and shows none of the sample’s colours on any page, in either language', () => {
    const drawnInColour = result.files.filter((file) => /\.(html|css|svg)$/.test(file.path));
    expect(drawnInColour.some((file) => file.path === 'ml/index.html')).toBe(true);
    for (const file of drawnInColour) {
      const contents = String(file.contents).toLowerCase();
      for (const shade of SAMPLE_BRAND_SHADES) expect(contents.includes(shade), `${file.path} has ${shade}`).toBe(false);
      expect(contents, file.path).not.toMatch(/rgb\(7 59 69|rgb\(224 138 11/);
    }
    for (const page of ['index.html', 'ml/services/index.html']) {
      expect(text(result, page)).toContain('#1e3a8a');
      expect(text(result, page)).toContain('<meta name="theme-color" content="#1e3a8a"/>');
    }
  });

  it('shows the logo in the header, as the tab icon and to search engines, never the drawn mark', async () => {
    const home = text(result, 'index.html');
    const header = /<img class="logo-mark" src="\/(assets\/logo\.[0-9a-f]+\.png)" width="36" height="36" alt=""\/>/.exec(home);
    expect(header, 'the header shows the logo picture').not.toBeNull();
    expect(home).not.toContain('<svg class="logo-mark"');
    expect(text(result, 'ml/about/index.html')).toContain(`src="/${header![1]}"`);
    expect(home).toContain('<link rel="icon" href="/icon-32.png" type="image/png" sizes="32x32"/>');
    expect(home).toContain('"logo":"https://www.malabarrelocations.in/logo.png"');
    const source = await sharp(logo).resize(32, 32).raw().toBuffer();
    for (const [file, size] of [
      ['logo.png', 512],
      ['icon-32.png', 32],
      ['apple-touch-icon.png', 180],
      [header![1]!, 72],
    ] as const) {
      const meta = await sharp(bytes(result, file)).metadata();
      expect([meta.format, meta.width, meta.height], file).toEqual(['png', size, size]);
      // The same picture, scaled: compared at one size, the pixels differ by little.
      const drawn = await sharp(bytes(result, file)).resize(32, 32).raw().toBuffer();
      let difference = 0;
      for (let i = 0; i < drawn.length; i += 1) difference += Math.abs(drawn[i]! - source[i]!);
      expect(difference / drawn.length, file).toBeLessThan(12);
    }
  });

  it('keeps every page’s first response within the first round trip: brotli and headers ≤ 14,600 bytes', () => {
    const lookup = lookupFromFiles(result.files);
    const headers = parseHeaders(lookup('/_headers')!.toString('utf8'));
    for (const page of [
      '/',
      '/about/',
      '/services/',
      '/contact/',
      '/404.html',
      '/ml/',
      '/ml/about/',
      '/ml/services/',
      '/ml/contact/',
      '/ml/404.html',
    ]) {
      const response = firstResponseBytes(page, lookup, headersFor(headers, page));
      expect(response.total, `${page} is ${response.body} bytes brotli + ${response.headers} of headers`).toBeLessThanOrEqual(
        BUDGETS.firstRoundTripBytes,
      );
    }
  });

  it('draws share pictures of 1200×630 in each language, with the logo in its corner and the brand’s wash', async () => {
    for (const file of ['share.png', 'share-ml.png']) {
      const picture = sharp(bytes(result, file));
      const meta = await picture.metadata();
      expect([meta.format, meta.width, meta.height], file).toEqual(['png', 1200, 630]);
    }
    expect(bytes(result, 'share.png').equals(bytes(result, 'share-ml.png'))).toBe(false);
    expect(text(result, 'index.html')).toContain('<meta property="og:image" content="https://www.malabarrelocations.in/share.png"/>');
    expect(text(result, 'ml/index.html')).toContain('<meta property="og:image" content="https://www.malabarrelocations.in/share-ml.png"/>');
  });
});

describe('the share pictures', () => {
  it('are drawn from the content: another company name draws another picture, the same name the same', async () => {
    const dir = await fixture();
    const site = path.join(dir, 'content/site.yaml');
    const first = await build({ contentDir: path.join(dir, 'content'), now: NOW });
    const doc = parseDocument(await readFile(site, 'utf8'));
    doc.setIn(['company', 'name'], 'Periyar Packers & Movers');
    await writeFile(site, String(doc));
    const renamed = await build({ contentDir: path.join(dir, 'content'), now: NOW });
    const again = await build({ contentDir: path.join(dir, 'content'), now: NOW });
    for (const file of ['share.png', 'share-ml.png']) {
      expect(bytes(first, file).equals(bytes(renamed, file)), `${file} changes with the name`).toBe(false);
      expect(bytes(renamed, file).equals(bytes(again, file)), `${file} is the same for the same content`).toBe(true);
      const meta = await sharp(bytes(renamed, file)).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 630]);
    }
    // Colours changed in the same process (site dev): the pages, favicon and pictures follow, nothing is kept from before.
    doc.setIn(['brand'], doc.createNode({ primary: '#7c2d12', accent: '#facc15' }));
    await writeFile(site, String(doc));
    const recoloured = await build({ contentDir: path.join(dir, 'content'), now: NOW });
    expect(text(recoloured, 'index.html')).toContain('#7c2d12');
    expect(text(recoloured, 'index.html')).not.toContain(SAMPLE_PALETTE.primary);
    expect(text(recoloured, 'favicon.svg')).toContain('#7c2d12');
    for (const file of ['share.png', 'logo.png'])
      expect(bytes(recoloured, file).equals(bytes(again, file)), `${file} follows the colours`).toBe(false);
  }, 60_000);
});

describe('a file in static/ at an address the build makes', () => {
  it('is refused, naming the file and how to use it as the logo, and nothing is replaced', async () => {
    const dir = await fixture();
    const staticDir = path.join(dir, 'static');
    await mkdir(staticDir);
    await writeFile(
      path.join(staticDir, 'logo.png'),
      await sharp({ create: { width: 600, height: 600, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    await writeFile(path.join(staticDir, 'google1234.html'), 'google-site-verification: google1234.html\n');
    const failure = await build({ contentDir: path.join(dir, 'content'), now: NOW, staticDir }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContentError);
    const problems = (failure as ContentError).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'static-replaced', file: path.join(staticDir, 'logo.png') });
    expect(problems[0]!.message).toContain('static/logo.png');
    expect(problems[0]!.hint).toContain('logo: images/logo.png');
  });

  it('is published as it is when the build makes nothing at its address', async () => {
    const dir = await fixture();
    const staticDir = path.join(dir, 'static');
    await mkdir(staticDir);
    await writeFile(path.join(staticDir, 'google1234.html'), 'google-site-verification: google1234.html\n');
    const built = await build({ contentDir: path.join(dir, 'content'), now: NOW, staticDir });
    expect(text(built, 'google1234.html')).toBe('google-site-verification: google1234.html\n');
  });
});

describe('the icons content may choose from', () => {
  it('have what a moving company names: two-wheelers, cars, planes, ships, the globe, warehouses, pianos and plants, each drawn', async () => {
    const { ICON_NAMES } = await import('../../../generator/contract/icons.js');
    const { ICONS } = await import('../../../templates/icons.js');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const drawings = new Set<string>();
    for (const name of ['bike', 'scooter', 'car', 'plane', 'ship', 'globe', 'warehouse', 'piano', 'plant'] as const) {
      expect(ICON_NAMES).toContain(name);
      const svg = renderToStaticMarkup(createElement(ICONS[name], { size: 24 }));
      expect(svg, name).toMatch(/^<svg[^>]*>.*<path/);
      drawings.add(svg);
    }
    expect(drawings.size, 'each draws something else').toBe(9);
  });
});

describe('a long email address', () => {
  it('may break only after its @ and its dots, in the contact card and the footer, in both languages', async () => {
    const dir = await fixture('brand-malabar');
    const built = await build({ contentDir: path.join(dir, 'content'), now: NOW });
    for (const page of ['contact/index.html', 'ml/contact/index.html', 'index.html']) {
      const html = text(built, page);
      expect(html, page).toContain('bookings@<wbr/>malabarrelocations.<wbr/>in');
      expect(html, page).not.toMatch(/>bookings@malabarrelocations\.in</);
    }
  }, 60_000);
});

describe('a logo named in site.yaml', () => {
  async function withLogo(name: string, picture?: Buffer): Promise<string> {
    const dir = await fixture('brand-malabar');
    const site = path.join(dir, 'content/site.yaml');
    const doc = parseDocument(await readFile(site, 'utf8'));
    doc.setIn(['brand', 'logo'], `images/${name}`);
    await writeFile(site, String(doc));
    if (picture) await writeFile(path.join(dir, 'content/images', name), picture);
    return path.join(dir, 'content');
  }

  it('too small for the sizes it is drawn at is a warning at its line, like a photo', async () => {
    const content = await withLogo(
      'tiny-logo.png',
      await sharp({ create: { width: 200, height: 200, channels: 4, background: '#1e3a8a' } })
        .png()
        .toBuffer(),
    );
    const { warnings, site } = await checkContent(content);
    expect(site).toBeDefined();
    const warning = warnings.find((found) => found.path === 'brand.logo')!;
    expect(warning).toMatchObject({ code: 'photo-too-small', file: path.join(content, 'site.yaml'), line: 47 });
    expect(warning.message).toContain('content/images/tiny-logo.png is 200×200 pixels');
  });

  it('that is not there, or not a PNG or JPEG, is refused at its line', async () => {
    const missing = await checkContent(await withLogo('no-such-logo.png'));
    expect(missing.problems.find((problem) => problem.path === 'brand.logo')).toMatchObject({ code: 'photo-missing', line: 47 });
    const svg = await checkContent(await withLogo('logo.svg'));
    expect(svg.problems.find((problem) => problem.path === 'brand.logo')).toMatchObject({ code: 'photo-unsupported', line: 47 });
  });
});
