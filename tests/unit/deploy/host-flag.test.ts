import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../bin/cli.js';
import { editorAssets } from '../../../generator/editor/ui-bundle.js';
import { projectRoot } from '../../../generator/contract/root.js';
import { captureIo, contentWithFixture } from '../../helpers/content.js';

const temp: string[] = [];
afterAll(async () => {
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
});

async function buildFor(...flags: string[]) {
  const dir = await contentWithFixture();
  temp.push(dir);
  const io = captureIo(dir);
  const code = await main(['build', '--content', 'content', '--out', path.join(dir, 'dist'), ...flags], io);
  return { code, out: io.stdout(), err: io.stderr(), dist: path.join(dir, 'dist') };
}

describe('site build --host', () => {
  it('says once, for GitHub Pages, what that host leaves out', async () => {
    const { code, out } = await buildFor('--host', 'github-pages');
    expect(code).toBe(0);
    expect(out.match(/Built for GitHub Pages/g)).toHaveLength(1);
    expect(out).toMatch(/frame-ancestors, X-Frame-Options, Permissions-Policy/);
    expect(out).toMatch(/year-long cache of \/assets\//);
    expect(out).toMatch(/Malayalam 404 page/);
  });

  it('says nothing of the kind for Cloudflare, the default', async () => {
    for (const flags of [[], ['--host', 'cloudflare']]) {
      const { code, out } = await buildFor(...flags);
      expect(code).toBe(0);
      expect(out).not.toMatch(/leaves out|left out/);
    }
  });

  it("writes the owner's editor for the site's Worker into a Cloudflare build only, and no page loads it", async () => {
    const cloudflare = await buildFor();
    expect(cloudflare.code).toBe(0);
    const assets = await editorAssets(projectRoot());
    expect((await readdir(path.join(cloudflare.dist, '_editor'))).sort()).toEqual([
      'checker.js',
      'editor.css',
      'editor.js',
      'photos.json',
      'preview.js',
      'site.css',
    ]);
    // The sample shows no photo: the build wrote none, and says so to the phone.
    expect(JSON.parse(await readFile(path.join(cloudflare.dist, '_editor/photos.json'), 'utf8'))).toEqual({});
    expect(await readFile(path.join(cloudflare.dist, '_editor/editor.js'), 'utf8')).toBe(assets.script);
    expect(await readFile(path.join(cloudflare.dist, '_editor/checker.js'), 'utf8')).toBe(assets.checker);
    expect(await readFile(path.join(cloudflare.dist, '_editor/preview.js'), 'utf8')).toBe(assets.preview);
    // The preview's stylesheet names the site's own fonts, which the same build wrote under /assets/.
    const fonts = [...(await readFile(path.join(cloudflare.dist, '_editor/site.css'), 'utf8')).matchAll(/url\("?\/(assets\/[^")]+)"?\)/g)];
    expect(fonts.length).toBeGreaterThan(0);
    for (const [, font] of fonts) expect(existsSync(path.join(cloudflare.dist, font!)), font).toBe(true);
    const pages = (await readdir(cloudflare.dist, { recursive: true })).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) expect(await readFile(path.join(cloudflare.dist, page), 'utf8'), page).not.toContain('_editor');

    const pagesHost = await buildFor('--host', 'github-pages');
    expect(pagesHost.code).toBe(0);
    expect(await readdir(pagesHost.dist)).not.toContain('_editor');
  });

  it('refuses a host it does not know, naming the ones it does', async () => {
    const { code, err } = await buildFor('--host', 'netlify');
    expect(code).toBe(1);
    expect(err).toContain('--host needs one of cloudflare or github-pages, got "netlify".');
  });
});
