import { describe, expect, it, vi } from 'vitest';
import { captureIo, ROOT } from '../../helpers/content.js';

// A file of its own: the mock replaces the generator for every import in this file.
vi.mock('../../../generator/build.js', () => ({
  build: () => Promise.reject(new TypeError('cannot read x of undefined')),
}));

describe('a bug in the generator', () => {
  it('prints the stack and exits 2 when the generator itself fails', async () => {
    const { main: mainWithBug } = await import('../../../bin/cli.js');
    const io = captureIo(ROOT);
    expect(await mainWithBug(['build', '--out', '/tmp/never-written'], io)).toBe(2);
    expect(io.stderr()).toContain('this is a bug, not a content mistake');
    expect(io.stderr()).toMatch(/TypeError: cannot read x of undefined\n\s+at /);
  });
});
