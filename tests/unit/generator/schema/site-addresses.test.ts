import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
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

  it.each(['https://www.example.com/#x', 'https://www.example.com/sub/', 'https://www.example.com/?q'])('--site-url %s is refused in plain words by build and check', async (value) => {
    for (const command of ['build', 'check']) {
      const out = path.join(dir, 'out');
      const args = command === 'build' ? ['build', '--content', content, '--out', out, '--site-url', value] : ['check', '--content', content, '--site-url', value];
      const result = await run(args);
      expect(result.code, result.out).toBe(1);
      expect(result.out).toMatch(/^--site-url: The site's address ".*" has .* after the name/);
      expect(result.out).toContain('hint: write only the scheme and the name, e.g. https://www.example.com');
    }
  });

  it('takes an address with or without its final slash', async () => {
    expect((await run(['check', '--content', content], withSiteUrl('https://movers.example.in/'))).code).toBe(0);
    expect((await run(['check', '--content', content, '--site-url', 'https://movers.example.in'])).code).toBe(0);
  });
});

describe('the map on the contact page', () => {
  it.each([
    'https://docs.google.com/forms/d/e/1FAIpQLSf/viewform?embedded=true',
    'https://www.google.com/search?q=movers',
    'https://www.google.com/maps/place/Kochi',
    'https://mail.google.com/maps/embed?pb=1',
    'https://www.openstreetmap.org/user/someone',
  ])('refuses %s, which is not a map embed', async (value) => {
    const { code, out } = await run(['check', '--content', content], withMap(value));
    expect(code).toBe(1);
    expect(out).toMatch(/^content\/site\.yaml:\d+:\d+  contact\.mapEmbedUrl$/m);
  });

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
