import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sentSizes } from '../../../../generator/serve/sizes.js';

describe('the sizes site build prints', () => {
  it('gives each text file its gzipped size and leaves pictures and fonts, sent as they are, without one', async () => {
    const page = { path: 'index.html', contents: '<p>hello</p>'.repeat(100) };
    const photo = { path: 'assets/photo.avif', contents: Buffer.alloc(300, 1) };
    const font = { path: 'assets/font.woff2', contents: Buffer.alloc(300, 2) };
    const sizes = await sentSizes([page, photo, font]);
    expect([...sizes.keys()]).toEqual([page]);
    expect(sizes.get(page)).toBe(gzipSync(page.contents).length);
  });
});
