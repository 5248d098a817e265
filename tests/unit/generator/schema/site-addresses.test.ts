import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { MAP_EMBED, SITE_ADDRESS, urlPattern, urlProblem } from '../../../../generator/schema/addresses.js';
import { captureIo, contentWithFixture, SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * The addresses the pages are built from: the site's own address (every canonical, hreflang,
 * og:url, JSON-LD and sitemap address starts with it) and the contact page's map frame.
 */
let dir: string;
let content: string;
let site: string;

beforeAll(async () => {
  dir = await contentWithFixture();
  content = path.join(dir, 'content');
  site = await readFile(path.join(SAMPLE_CONTENT, 'site.yaml'), 'utf8');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(args: string[], text = site) {
  await writeFile(path.join(content, 'site.yaml'), text);
  const io = captureIo(dir);
  const code = await main(args, io);
  await writeFile(path.join(content, 'site.yaml'), site);
  return { code, out: io.stderr() };
}

const withSiteUrl = (value: string) => site.replace(/siteUrl: .*/, `siteUrl: "${value}"`);
const withMap = (value: string) => site.replace(/mapEmbedUrl: .*/, `mapEmbedUrl: "${value}"`);

describe("the site's address", () => {
  it.each([
    ['https://www.example.com/#x', 'a #fragment'],
    ['https://www.example.com/?a=1', 'a ?query'],
    ['https://www.example.com/sub/', 'the path /sub/'],
    ['https://www.example.com?', 'a ?query'],
  ])('seo.siteUrl %s is refused, located, naming %s', async (value, named) => {
    const { code, out } = await run(['check', '--content', content], withSiteUrl(value));
    expect(code).toBe(1);
    expect(out).toMatch(/^content\/site\.yaml:\d+:\d+  seo\.siteUrl$/m);
    expect(out).toContain(`has ${named} after the name`);
  });

  it.each(['https://www.example.com/#x', 'https://www.example.com/sub/', 'https://www.example.com/?q'])(
    '--site-url %s is refused in plain words by build and check',
    async (value) => {
      for (const command of ['build', 'check']) {
        const out = path.join(dir, 'out');
        const args =
          command === 'build'
            ? ['build', '--content', content, '--out', out, '--site-url', value]
            : ['check', '--content', content, '--site-url', value];
        const result = await run(args);
        expect(result.code, result.out).toBe(1);
        expect(result.out).toMatch(
          /^--site-url \(on GitHub, the repository variable SITE_URL\): The site's address ".*" has .* after the name/,
        );
        expect(result.out).toContain('hint: write only the scheme and the name, e.g. https://www.example.com');
      }
    },
  );

  it('takes an address with or without its final slash', async () => {
    expect((await run(['check', '--content', content], withSiteUrl('https://movers.example.in/'))).code).toBe(0);
    expect((await run(['check', '--content', content, '--site-url', 'https://movers.example.in'])).code).toBe(0);
  });
});

describe('the map on the contact page', () => {
  /** site check refuses the address at the field, and the pattern editors use refuses it too. */
  async function refused(value: string) {
    const { code, out } = await run(['check', '--content', content], withMap(value));
    expect(code).toBe(1);
    expect(out).toMatch(/^content\/site\.yaml:\d+:\d+  contact\.mapEmbedUrl$/m);
    expect(new RegExp(urlPattern(MAP_EMBED), 'u').test(value), "the editors' pattern").toBe(false);
  }

  it.each([
    'https://docs.google.com/forms/d/e/1FAIpQLSf/viewform?embedded=true',
    'https://www.google.com/search?q=movers',
    'https://www.google.com/maps/place/Kochi',
    'https://mail.google.com/maps/embed?pb=1',
    'https://www.openstreetmap.org/user/someone',
  ])('refuses %s, which is not a map embed', refused);

  // The browser resolves dot segments, percent-encoded ones too, before it loads the frame.
  it.each([
    'https://www.google.com/maps/embed/%2E%2E/%2E%2E/webhp',
    'https://www.google.com/maps/embed/../../search?q=movers',
    'https://www.google.com/maps/embed/.%2e/.%2E/search?q=movers',
    'https://www.google.com/maps/embed%2F..%2F..%2Fsearch?q=movers',
    'https://www.openstreetmap.org/export/embed.html/../../user/someone',
  ])('refuses %s, which a browser loads as another page than a map embed', refused);

  it.each([
    'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3929!2d76.3!3d10.0',
    'https://www.google.com/maps?q=Edappally&output=embed',
    'https://maps.google.com/maps?q=Kochi&output=embed',
    'https://www.google.com/maps/embed/v1/place?key=K&q=Kochi',
    'https://www.openstreetmap.org/export/embed.html?bbox=76.2,9.9,76.3,10.0',
  ])('takes the map embed %s', async (value) => {
    const { code, out } = await run(['check', '--content', content], withMap(value));
    expect(code, out).toBe(0);
  });
});

describe('every allow-list of addresses is checked on the address a browser loads', () => {
  const rules = {
    'a map embed': MAP_EMBED,
    "the site's address": SITE_ADDRESS,
    'a map host': { hosts: ['www.google.com', 'maps.google.com'] },
  };
  it.each(Object.entries(rules))(
    '%s: dot segments and encoded slashes, dots or backslashes in the path are refused, by the check and the pattern alike',
    (_, rule) => {
      for (const value of [
        'https://www.google.com/maps/embed/%2E%2E/search',
        'https://www.google.com/maps/embed/../search',
        'https://www.google.com/maps/embed/./x',
        'https://www.google.com/maps/embed/..',
        'https://www.google.com/maps%2Fembed',
        'https://www.google.com/maps%5Cembed',
        'https://www.google.com/%2e',
      ]) {
        expect(urlProblem(value, rule), value).toMatch(/ /);
        expect(new RegExp(urlPattern(rule), 'u').test(value), value).toBe(false);
      }
    },
  );

  it('still takes dots inside names and in the query', () => {
    expect(urlProblem('https://www.openstreetmap.org/export/embed.html?bbox=76.2,9.9,76.3,10.0&x=../..', MAP_EMBED)).toBeUndefined();
    expect(urlProblem('https://www.google.com/maps/embed?pb=%2E%2E%2F', MAP_EMBED)).toBeUndefined();
    expect(urlProblem('https://example.com/a/..b/c.', {})).toBeUndefined();
  });
});

describe('a host written in capital letters', () => {
  it.each([
    ['a map embed', 'https://WWW.GOOGLE.COM/maps/embed?pb=1', MAP_EMBED],
    ['a social page', 'https://Www.Facebook.com/example-movers', { hosts: ['www.facebook.com', 'facebook.com'] }],
  ])(
    'in %s is taken as the browser takes it, not called "not a plain domain name (letters, digits, dashes and dots)"',
    (_, value, rule) => {
      expect(urlProblem(value, rule)).toBeUndefined();
      expect(new RegExp(urlPattern(rule), 'u').test(value)).toBe(true);
      expect(urlProblem(value.replace(/google|facebook/i, 'evil'), rule)).toMatch(/does not allow/);
    },
  );
});
