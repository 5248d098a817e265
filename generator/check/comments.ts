import { isMap, isPair, isScalar, isSeq, Scalar, type Node } from 'yaml';
import type { LoadedFile } from '../load/load.js';
import { formatPath, type PathSegment } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import { CONTENT_FILES } from '../schema/index.js';
import { metaAt } from '../schema/derived/walk.js';

/**
 * In YAML, " #" starts a comment even in the middle of unquoted text, so
 * `tagline: Your home #1 choice` puts "Your home" on the page and drops the rest without a word.
 * Each text field whose plain (unquoted) value has a comment after it on the same line gets a
 * located warning: either the text was cut, or a note for editors sits where a visitor's text
 * might be mistaken for it.
 */
export function findCutText(files: readonly LoadedFile[]): Problem[] {
  const warnings: Problem[] = [];
  for (const file of files) {
    if (file.data === undefined) continue;
    const schema = CONTENT_FILES[file.name];
    visit(file.doc.contents as Node | null, [], (scalar, path) => {
      if (scalar.type !== Scalar.PLAIN || typeof scalar.value !== 'string' || !scalar.range) return;
      const end = scalar.range[1];
      const lineEnd = file.source.indexOf('\n', end);
      const rest = file.source.slice(end, lineEnd === -1 ? undefined : lineEnd).replace(/\r$/, '');
      const comment = /^(\s+)(#.*)$/.exec(rest);
      if (!comment || metaAt(schema, path).expected !== 'some text') return;
      const at = end + comment[1]!.length;
      const pos = file.lineCounter.linePos(at);
      const key = String(path.at(-1));
      const whole = `${scalar.value} ${comment[2]!.trim()}`;
      warnings.push({
        code: 'text-cut-by-comment',
        severity: 'warning',
        file: file.file,
        line: pos.line,
        column: pos.col,
        length: comment[2]!.trimEnd().length,
        path: formatPath(path, file.data),
        message: `The text stops before " #": YAML reads "${comment[2]!.trim()}" as a comment, so the page shows only "${scalar.value}".`,
        hint:
          typeof path.at(-1) === 'number'
            ? `if it is all one text, put it in quotes: - "${whole.replace(/"/g, '\\"')}"; if it is a note for editors, move it to its own line`
            : `if it is all one text, put it in quotes: ${key}: "${whole.replace(/"/g, '\\"')}"; if it is a note for editors, move it to its own line`,
      });
    });
  }
  return warnings;
}

/** Calls `found` for every scalar value (not keys) in the document, with its path. */
function visit(node: Node | null, path: PathSegment[], found: (scalar: Scalar, path: PathSegment[]) => void): void {
  const pending: Array<[Node | null, PathSegment[]]> = [[node, path]];
  while (pending.length > 0) {
    const [current, at] = pending.pop()!;
    if (isScalar(current)) found(current, at);
    else if (isMap(current)) {
      for (const pair of current.items) {
        if (isPair(pair) && isScalar(pair.key)) pending.push([pair.value as Node | null, [...at, String(pair.key.value)]]);
      }
    } else if (isSeq(current)) {
      current.items.forEach((item, index) => pending.push([item as Node | null, [...at, index]]));
    }
  }
}
