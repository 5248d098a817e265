import { isMap, isPair, isScalar, isSeq, type Node, type Scalar } from 'yaml';
import type { LoadedFile } from '../load/load.js';
import type { Location, PathSegment } from '../problems/locate.js';

/** A text in a content file: its path, its YAML node and its value as the site reads it. */
export interface TextAt {
  path: PathSegment[];
  node: Scalar;
  value: string;
}

/** Every text value in `file`, in the order it is written. */
export function textsOf(file: LoadedFile): TextAt[] {
  const out: TextAt[] = [];
  const visit = (node: Node | null, path: PathSegment[]) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (isPair(pair) && isScalar(pair.key)) visit(pair.value as Node | null, [...path, String(pair.key.value)]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => visit(item as Node | null, [...path, index]));
    } else if (isScalar(node) && typeof node.value === 'string') {
      out.push({ path, node, value: node.value });
    }
  };
  visit(file.doc.contents as Node | null, []);
  return out;
}

/**
 * Where the `nth` (from 0) stretch of `text.value` that reads `words` is written in the file. A
 * folded text may break a line between two words, so a space matches any run of spaces and line
 * breaks; the stretch is found in the node's own part of the file.
 */
export function locateWords(file: LoadedFile, text: TextAt, words: string, nth = 0): Location {
  const [start, end] = text.node.range ?? [0, 0];
  const pattern = new RegExp(words.split(/\s+/).map(escapeRegExp).join('\\s+'), 'g');
  const slice = file.source.slice(start, end);
  let match: RegExpExecArray | null = null;
  for (let seen = 0; seen <= nth; seen++) {
    match = pattern.exec(slice);
    if (!match) break;
  }
  const offset = start + (match?.index ?? 0);
  const at = file.lineCounter.linePos(offset);
  const lineEnd = file.source.indexOf('\n', offset);
  const length = match ? Math.min(match[0].length, (lineEnd < 0 ? file.source.length : lineEnd) - offset) : Math.max(1, end - start);
  return { line: at.line, column: at.col, length: Math.max(1, length) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
