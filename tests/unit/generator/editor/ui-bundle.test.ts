import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../../../generator/build.js';
import { editorAssets } from '../../../../generator/editor/ui-bundle.js';
import { editorShell } from '../../../../generator/editor/shell.js';
import { projectRoot } from '../../../../generator/contract/root.js';
import { Session } from '../../../../generator/contract/session.js';
import { SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * The editor's script, gzipped at level 9 as it travels. React's production build alone is about
 * 60 KB of it; Decap CMS, for comparison, ships about 1.5 MB gzipped. 91 KB since a map position's
 * boxes read a pasted pair (half a KB); 92 KB since unsaved changes can be thrown away at the
 * owner's word, and the phone says when typing from another tab is not put back (half a KB); 93 KB
 * since the phone says whether a publish went live, and the Publish panel waits for the list above it.
 */
const SCRIPT_BUDGET = 93 * 1024;
const STYLE_BUDGET = 6 * 1024;

describe('the editor bundle', () => {
  it(`is at most ${SCRIPT_BUDGET / 1024} KB of script and ${STYLE_BUDGET / 1024} KB of styles, gzipped, with React's production build`, async () => {
    const { script, style } = await editorAssets(projectRoot());
    const scriptGz = gzipSync(script, { level: 9 }).length;
    const styleGz = gzipSync(style, { level: 9 }).length;
    console.log(
      `editor.js ${(script.length / 1024).toFixed(1)} KB, ${(scriptGz / 1024).toFixed(1)} KB gzipped; editor.css ${(styleGz / 1024).toFixed(1)} KB gzipped`,
    );
    expect(scriptGz).toBeLessThanOrEqual(SCRIPT_BUDGET);
    expect(styleGz).toBeLessThanOrEqual(STYLE_BUDGET);
    // Measuring a partial bundle would pass too: the app's own words and React's root API are in it.
    // (Checked as booleans: a failure would otherwise print the whole minified bundle.)
    for (const part of ['/__edit', 'Reload the file from disk', 'Move ', 'createRoot']) {
      expect(script.includes(part), `the script contains "${part}"`).toBe(true);
    }
    // React's development build carries its warnings and the NODE_ENV switch; the production one neither.
    expect(script.includes('Warning: '), 'React development warnings in the script').toBe(false);
    expect(script.includes('process.env.NODE_ENV'), 'an unresolved NODE_ENV switch in the script').toBe(false);
    expect(style.includes('.workspace'), 'the stylesheet has the layout').toBe(true);
  });

  it("is served from the session's memory the second time", async () => {
    const session = new Session();
    const first = await editorAssets(projectRoot(), session);
    const second = await editorAssets(projectRoot(), session);
    expect(second).toBe(first);
  });

  it('is found on disk by a new process, which then does not start esbuild', async () => {
    const { script } = await editorAssets(projectRoot());
    vi.resetModules();
    vi.doMock('esbuild', () => {
      throw new Error('esbuild was started although the bundle is on disk');
    });
    try {
      const fresh = (await import(
        '../../../../generator/editor/ui-bundle.js'
      )) as typeof import('../../../../generator/editor/ui-bundle.js');
      const again = await fresh.editorAssets(projectRoot());
      expect(again.script === script, 'the same script as bundled before').toBe(true);
    } finally {
      vi.doUnmock('esbuild');
      vi.resetModules();
    }
  });

  it('is loaded by the shell page, which carries the token and no inline script or style', () => {
    const html = editorShell({ token: 'a"b<c', title: 'Content editor' });
    expect(html).toContain('<meta name="editor-token" content="a&quot;b&lt;c">');
    expect(html).toContain('<script type="module" src="/__edit/assets/editor.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/__edit/assets/editor.css">');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=/);
  });

  // A Cloudflare build carries it under _editor/ for the site's Worker (tests/unit/deploy/host-flag.test.ts).
  it('never reaches the pages the generator builds', async () => {
    const { files } = await build({ contentDir: SAMPLE_CONTENT, now: new Date('2025-01-01T00:00:00Z') });
    expect(files.length).toBeGreaterThan(10);
    const { script } = await editorAssets(projectRoot());
    for (const file of files) {
      expect(file.path).not.toMatch(/editor|__edit/);
      if (!/\.(html|js|css|txt|xml|json|webmanifest)$/.test(file.path) && !file.path.startsWith('_')) continue;
      const text = Buffer.from(file.contents).toString('utf8');
      expect(text.includes('__edit'), `${file.path} mentions /__edit`).toBe(false);
      expect(text.includes('editor-token'), `${file.path} carries the editor token`).toBe(false);
      expect(text.includes(script.slice(-200)), `${file.path} holds the editor's script`).toBe(false);
    }
  });
});
