import type { Problem } from '../problems/problem.js';

/**
 * Content files must be UTF-8 (with or without a byte order mark, with Windows or Unix line
 * ends). A file saved as Windows-1252 ("ANSI") would otherwise put "caf�" on the page, and one
 * saved as UTF-16 would be read as text full of NUL bytes and fail somewhere unrelated.
 */
export type Decoded = { text: string } | { problem: Omit<Problem, 'file'>; shown?: string };

const SAVE_AS_UTF8 =
  'save it as UTF-8: in VS Code click the encoding in the bottom bar, then "Save with Encoding" → UTF-8; in Notepad use File → Save As, Encoding: UTF-8';

export function decodeContent(bytes: Uint8Array, name: string): Decoded {
  const utf16 = utf16Kind(bytes);
  if (utf16) {
    return {
      problem: {
        code: 'not-utf8',
        path: '',
        message: `The file ${name} is saved as ${utf16}, which the site cannot read; content files must be UTF-8.`,
        hint: SAVE_AS_UTF8,
      },
    };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // Not UTF-8: locate the first byte that is not, in the text as it would wrongly appear.
  }
  const shown = new TextDecoder('utf-8').decode(bytes);
  const at = firstInvalid(bytes);
  const before = new TextDecoder('utf-8').decode(bytes.subarray(0, at));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  const lineText = shown.split('\n')[line - 1] ?? '';
  const garbled = wordAt(lineText, column - 1);
  // Read as Windows-1252, the usual culprit, the same line shows what the operator typed.
  const lineStart = bytes.lastIndexOf(0x0a, at - 1) + 1;
  const lineEnd = bytes.indexOf(0x0a, at);
  const meant = wordAt(
    new TextDecoder('windows-1252').decode(bytes.subarray(lineStart, lineEnd === -1 ? undefined : lineEnd)),
    at - lineStart,
  );
  return {
    shown,
    problem: {
      code: 'not-utf8',
      path: '',
      line,
      column,
      length: 1,
      message: `The file ${name} is not saved as UTF-8 (probably as Windows-1252, "ANSI"), so "${meant}" would show as "${garbled}" on the page.`,
      hint: SAVE_AS_UTF8,
    },
  };
}

/** The word (text between spaces) around position `index` of `text`. */
function wordAt(text: string, index: number): string {
  const start = text.lastIndexOf(' ', index - 1) + 1;
  const end = text.indexOf(' ', index);
  return text.slice(start, end === -1 ? undefined : end).replace(/\r$/, '');
}

/** "UTF-16" and its byte order when the bytes are UTF-16 text, with or without a byte order mark; "UTF-32" by its mark, which starts like UTF-16's. */
function utf16Kind(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) return 'UTF-32 (little-endian)';
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) return 'UTF-32 (big-endian)';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16 (little-endian, "Unicode" in Notepad)';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16 (big-endian)';
  // Without a mark: ASCII text in UTF-16 has a NUL in every other byte.
  const sample = bytes.subarray(0, 4096);
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 === 0 ? evenNul++ : oddNul++;
  const pairs = sample.length / 2;
  if (pairs >= 2 && oddNul > pairs * 0.3) return 'UTF-16 (little-endian, "Unicode" in Notepad)';
  if (pairs >= 2 && evenNul > pairs * 0.3) return 'UTF-16 (big-endian)';
  return undefined;
}

/** The offset of the first byte that does not start a valid UTF-8 sequence. */
function firstInvalid(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const size = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (size === 0 || i + size > bytes.length) return i;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(i, i + size));
    } catch {
      return i;
    }
    i += size;
  }
  return bytes.length;
}
