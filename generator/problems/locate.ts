import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

export type PathSegment = string | number;

/** Where a problem points: 1-based line and column, and how many characters to underline. */
export interface Location {
  line: number;
  column: number;
  length: number;
}

interface Found {
  /** The deepest node reached; the value at `path` when `complete`. */
  node: Node | null;
  /** The key of the map entry that led to `node`, when one did. */
  key: Node | null;
  complete: boolean;
}

function walk(doc: Document, path: readonly PathSegment[]): Found {
  let node = doc.contents as Node | null;
  let key: Node | null = null;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => (isScalar(item.key) ? item.key.value : item.key) === segment);
      if (!pair) return { node, key, complete: false };
      key = pair.key as Node;
      node = (pair.value as Node | null) ?? null;
      if (node === null) return { node: key, key, complete: true };
    } else if (isSeq(node) && typeof segment === 'number' && node.items[segment] !== undefined) {
      node = node.items[segment] as Node;
      key = null;
    } else {
      return { node, key, complete: false };
    }
  }
  return { node, key, complete: true };
}

/** The value at `path`, or where it should be: the nearest ancestor that exists. */
export function locateValue(doc: Document, lines: LineCounter, source: string, path: readonly PathSegment[]): Location {
  const found = walk(doc, path);
  if (found.complete) return span(found.node, lines, source);
  return locateParent(doc, lines, source, path);
}

/**
 * Where a missing field belongs: the key that opens its parent block, or the parent's first
 * line when the parent is a list item or the whole file.
 */
export function locateParent(doc: Document, lines: LineCounter, source: string, path: readonly PathSegment[]): Location {
  let parentPath = path.slice(0, -1);
  let found = walk(doc, parentPath);
  while (!found.complete && parentPath.length > 0) {
    parentPath = parentPath.slice(0, -1);
    found = walk(doc, parentPath);
  }
  if (found.key) return span(found.key, lines, source);
  // A list item or the whole file: point at its first key rather than underline the block.
  const firstKey = isMap(found.node) ? (found.node.items[0]?.key as Node | undefined) : undefined;
  return span(firstKey ?? found.node, lines, source);
}

/** The key itself of a map entry, for problems with the key rather than its value. */
export function locateKey(doc: Document, lines: LineCounter, source: string, path: readonly PathSegment[]): Location {
  const found = walk(doc, path);
  if (found.complete && found.key) return span(found.key, lines, source);
  return locateParent(doc, lines, source, path);
}

function span(node: Node | null, lines: LineCounter, source: string): Location {
  const range = node?.range;
  if (!range) return { line: 1, column: 1, length: 1 };
  const [start, valueEnd] = range;
  const from = lines.linePos(start);
  const lineEnd = source.indexOf('\n', start);
  const end = Math.min(valueEnd, lineEnd === -1 ? source.length : lineEnd);
  return { line: from.line, column: from.col, length: Math.max(1, end - start) };
}

/**
 * `['services', 2, 'pricing']` → `services[pet].pricing`: a list entry is named by its id when it
 * has one no other entry shares, else by its place counted from 1 as people count
 * (`whatsIncluded[3]` is the third line), so no one has to count from 0. `data` is the file's
 * content; without it entries are numbered.
 */
export function formatPath(path: readonly PathSegment[], data?: unknown): string {
  let value = data;
  return path.reduce<string>((out, segment) => {
    const parent = value;
    value = parent !== null && typeof parent === 'object' ? (parent as Record<PathSegment, unknown>)[segment] : undefined;
    if (typeof segment === 'number') return `${out}[${entryName(parent, segment)}]`;
    return out ? `${out}.${segment}` : segment;
  }, '');
}

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function entryName(list: unknown, index: number): string {
  if (!Array.isArray(list)) return String(index + 1);
  const idOf = (entry: unknown) => (entry !== null && typeof entry === 'object' ? (entry as { id?: unknown }).id : undefined);
  const id = idOf(list[index]);
  if (typeof id !== 'string' || !ID.test(id) || !/[a-z]/.test(id) || list.filter((entry) => idOf(entry) === id).length > 1)
    return String(index + 1);
  return id;
}
