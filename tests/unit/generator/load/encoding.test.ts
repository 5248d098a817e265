import { describe, expect, it } from 'vitest';
import { decodeContent } from '../../../../generator/load/encoding.js';

/** Which encoding a file not saved as UTF-8 is said to be in. */
const said = (bytes: Uint8Array) => {
  const decoded = decodeContent(bytes, 'site.yaml');
  return 'problem' in decoded ? decoded.problem.message : 'read';
};
const utf32 = (text: string, littleEndian: boolean) => {
  const view = new DataView(new ArrayBuffer((text.length + 1) * 4));
  [0xfeff, ...Array.from(text, (char) => char.codePointAt(0)!)].forEach((code, i) => view.setUint32(i * 4, code, littleEndian));
  return new Uint8Array(view.buffer);
};

describe('a file saved as UTF-32', () => {
  it.each([
    [true, 'UTF-32 (little-endian)'],
    [false, 'UTF-32 (big-endian)'],
  ])('is called UTF-32, not UTF-16 ("Unicode" in Notepad), which it starts like (little-endian: %s)', (littleEndian, kind) => {
    expect(said(utf32('company:\n  name: Movers\n', littleEndian))).toBe(
      `The file site.yaml is saved as ${kind}, which the site cannot read; content files must be UTF-8.`,
    );
  });
});
