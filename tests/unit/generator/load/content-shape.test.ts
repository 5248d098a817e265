import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWithFile } from '../../../helpers/check-with.js';
import { contentWithFixture, SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * Shapes no content has, that a paste gone wrong or a hostile file can: nesting thousands of
 * levels deep, keys that are themselves lists or settings, lists of thousands, YAML tags that make
 * a value bytes or a date. Each is refused as content (exit 1, located), quickly, never a crash.
 */
let dir: string;

beforeAll(async () => {
  dir = await contentWithFixture();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const checkWith = (name: string, text: string) => checkWithFile(dir, name, text);

describe('content too deep, too long or of a strange kind', () => {
  it.each([
    ['3,000 levels of "- "', 'testimonials:\n  ' + '- '.repeat(3000) + 'x\n'],
    ['3,000 levels of "? " (keys within keys)', 'testimonials:\n  ' + '? '.repeat(3000) + 'x\n'],
    ['800 levels of "- ? "', 'testimonials:\n  ' + '- ? '.repeat(800) + 'x\n'],
    ['400 levels of "? ", which once took a minute', 'testimonials:\n  ' + '? '.repeat(400) + 'x\n'],
  ])('%s is refused in testimonials.yaml, located', async (_, text) => {
    const { code, out } = await checkWith('testimonials.yaml', text);
    expect(code, out.slice(0, 1000)).toBe(1);
    expect(out).toMatch(/^content\/testimonials\.yaml:2:\d+$/m);
    expect(out).not.toContain('this is a bug');
  });

  it('refuses 40 levels of indented lists at the 33rd', async () => {
    const text = 'testimonials:\n' + Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i + 1)}-`).join('\n') + ' x\n';
    const { code, out } = await checkWith('testimonials.yaml', text);
    expect(code).toBe(1);
    expect(out).toContain('content/testimonials.yaml:33:65\n  Lists or settings are nested more than 32 levels deep');
    expect(out).not.toContain('this is a bug');
  });

  it('refuses 3,000 levels of "- " under a key of site.yaml, which overflow the YAML parser itself, at their line', async () => {
    const site = await readFile(path.join(SAMPLE_CONTENT, 'site.yaml'), 'utf8');
    const { code, out } = await checkWith('site.yaml', site.replace(/^(company:)$/m, `$1\n  x:\n    ${'- '.repeat(3000)}x`));
    expect(code, out.slice(0, 500)).toBe(1);
    expect(out).toMatch(
      /^content\/site\.yaml:\d+:5\n  Lists or settings are nested so deeply here that the file cannot be read safely\.$/m,
    );
  });

  it('refuses a list of 10,000 services at the first entry past the limit', async () => {
    const service = (n: number) =>
      `  - id: s${n}\n    icon: home\n    title: T\n    tagline: T\n    shortDesc: S\n    fullDescription: F\n    whatsIncluded: [a]\n    keyFeatures: [{icon: home, title: a, desc: b}]\n    pricing: {starting: 1}\n    idealFor: [a]\n    process: [a]\n`;
    const text = `services:\n${Array.from({ length: 10_000 }, (_, n) => service(n)).join('')}`;
    const { code, out } = await checkWith('services.yaml', text);
    expect(code).toBe(1);
    const line = 2 + 200 * service(0).split('\n').length - 200;
    expect(out).toContain(`content/services.yaml:${line}:5`);
    expect(out).toContain('This list has 10000 entries; a list may have at most 200');
  });

  it.each([
    ['!!binary aGVsbG8=', 'binary data (bytes, not text)'],
    ['!!timestamp 2001-12-14', 'a date and time (not text)'],
    ['!!set {a, b}', 'a set of keys (not a list)'],
    ['!custom x', 'a kind of value the site does not know'],
  ])('says what the tag in "tagline: %s" makes of the value', async (tagged, makes) => {
    const services = await readFile(path.join(SAMPLE_CONTENT, 'services.yaml'), 'utf8');
    const { code, out } = await checkWith('services.yaml', services.replace(/tagline: .*/, `tagline: ${tagged}`));
    expect(code).toBe(1);
    const tag = tagged.split(' ')[0]!;
    expect(out).toMatch(
      new RegExp(
        `^content/services\\.yaml:\\d+:\\d+\\n  The YAML tag ${tag} makes this value ${makes.replace(/[()]/g, '\\$&')}, which no field`,
        'm',
      ),
    );
    expect(out).not.toContain('a group of settings');
  });

  it('keeps the tags that leave a value what it reads as (!!str 12 is the text "12")', async () => {
    const site = await readFile(path.join(SAMPLE_CONTENT, 'services.yaml'), 'utf8');
    const { code, out } = await checkWith('services.yaml', site.replace(/title: (.*)/, 'title: !!str $1'));
    expect(code, out).toBe(0);
  });
});
