import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../../generator/contract/root.js';
import { editorAssets } from '../../../../generator/editor/ui-bundle.js';

describe('the phone’s preview script (_editor/preview.js)', () => {
  it('runs in a browser: no Node module left to import, React’s production build, apart from the editor’s own script', async () => {
    const { script, preview } = await editorAssets(projectRoot());
    console.log(`preview.js ${preview.length} bytes, ${gzipSync(preview, { level: 9 }).length} gzipped`);
    // Checked as booleans: a failure would otherwise print the whole minified bundle.
    expect(/\bfrom\s*["']node:|import\s*["']node:|require\(["']node:/.test(preview), 'a Node import').toBe(false);
    expect(preview.includes('process.env.NODE_ENV'), 'an unresolved NODE_ENV switch').toBe(false);
    // The site's templates are in it, and not in the editor's own script, which loads it only when asked.
    expect(preview.includes('service-card'), 'the templates in preview.js').toBe(true);
    expect(script.includes('service-card'), 'the templates in editor.js').toBe(false);
  });
});
