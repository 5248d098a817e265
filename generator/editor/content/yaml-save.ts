import { Document, Scalar, isMap, isPair, isScalar, isSeq, parseDocument, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { changedLines, isRecord, matchItems, sameValue } from './compare.js';
import { refold, renderItem, renderPair, renderScalar, widestLine } from './yaml-render.js';

/**
 * Writes a new value into a content file's text, changing only what changed. The file is read
 * with the yaml Document API for where each value sits; each changed value is then written back
 * in place of its own characters, so comments, blank lines, key order, quoting and the folding
 * of long texts elsewhere stay exactly as the operator left them. A list keeps the text (and the
 * comments above) of every item that stays, whether items were added, removed or moved.
 */

export interface SaveResult {
  text: string;
  /** How many lines differ between the old text and the new. */
  changedLines: number;
}

export type Path = readonly (string | number)[];

export interface SaveOptions {
  /** The keys a group at `path` may hold, in the order its schema gives them: a new key goes in its place among them. */
  keyOrder?: (path: Path) => readonly string[] | undefined;
  /**
   * A number as the operator typed it ("11.25880" for 11.2588), by its path: written with those
   * digits, so a trailing 0 that counts (a map position's fifth decimal) stays in the file.
   */
  numberText?: (path: Path) => string | undefined;
}

/** The new text of `source` holding `value`; the same string when the value is the same. */
export function saveYaml(source: string, value: unknown, options: SaveOptions = {}): SaveResult {
  // A file saved on Windows keeps its line endings: edited as \n, written back as \r\n.
  const windows = source.includes('\r\n') && !/(^|[^\r])\n/.test(source);
  if (!windows) return saveText(source, value, options);
  const saved = saveText(source.replace(/\r\n/g, '\n'), value, options);
  return { ...saved, text: saved.text.replace(/\n/g, '\r\n') };
}

function saveText(source: string, value: unknown, options: SaveOptions): SaveResult {
  const doc = parseDocument(source, { keepSourceTokens: false });
  if (doc.errors.length > 0) throw new Error(`The file cannot be updated in place: ${doc.errors[0]!.message}`);
  const typed = typedNumbers(options.numberText);
  if (sameValue(doc.toJS(), value) && !retyped(doc, value, typed)) return { text: source, changedLines: 0 };
  const patcher = new Patcher(source, doc, options.keyOrder ?? (() => undefined), typed);
  const root = doc.contents as Node | null;
  let text: string;
  if (isMap(root) && !root.flow && isRecord(value)) {
    text = apply(source, patcher.map(root, value, 0, []));
  } else {
    // An empty or unusual file: written anew, keeping the comments at its top.
    const head = source.slice(0, root?.range ? lineStart(source, root.range[0]) : source.length);
    text = head + new Document(value).toString({ lineWidth: 0 });
  }
  // The edit must say exactly what was asked; anything else would be a bug, never a silent change.
  const check = parseDocument(text);
  if (check.errors.length > 0 || !sameValue(check.toJS(), value)) {
    throw new Error('The new value could not be written into the file without changing something else.');
  }
  return { text, changedLines: changedLines(source, text) };
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

type Data = Record<string, unknown>;
const isBlockMap = (node: unknown): node is YAMLMap => isMap(node) && !node.flow;
const isBlockSeq = (node: unknown): node is YAMLSeq => isSeq(node) && !node.flow;

/** `edits` (sorted, not overlapping) applied to `source`, or to its slice [from, to). */
function apply(source: string, edits: readonly Edit[], from = 0, to = source.length): string {
  let out = '';
  let at = from;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    if (edit.start < from || edit.end > to) continue;
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at, to);
}

function lineStart(source: string, pos: number): number {
  return source.lastIndexOf('\n', pos - 1) + 1;
}

/** The position just after the line `pos` is on (after its newline). */
function lineEnd(source: string, pos: number): number {
  if (pos > 0 && source[pos - 1] === '\n') return pos;
  const newline = source.indexOf('\n', pos);
  return newline === -1 ? source.length : newline + 1;
}

const column = (source: string, pos: number) => pos - lineStart(source, pos);
const isCommentOrBlank = (line: string) => /^\s*(#.*)?\r?$/.test(line);

/** The text typed for the number at `path`, when it is that number written another way. */
type NumberText = (path: Path, value: unknown) => string | undefined;

function typedNumbers(numberText: SaveOptions['numberText']): NumberText {
  return (path, value) => {
    const text = typeof value === 'number' ? numberText?.(path)?.trim() : undefined;
    return text !== undefined && /^-?\d+(\.\d+)?$/.test(text) && Number(text) === value ? text : undefined;
  };
}

/** Whether a number in `value` (at `path` in the file) reads as the file's but was typed in other digits (11.2588 → 11.25880). */
function retyped(doc: Document, value: unknown, typed: NumberText, path: Path = []): boolean {
  if (Array.isArray(value)) return value.some((item, index) => retyped(doc, item, typed, [...path, index]));
  if (isRecord(value)) return Object.entries(value).some(([key, item]) => retyped(doc, item, typed, [...path, key]));
  const text = typed(path, value);
  const node = text === undefined ? undefined : doc.getIn(path, true);
  return isScalar(node) && node.source !== undefined && node.source !== text;
}

class Patcher {
  constructor(
    readonly source: string,
    readonly doc: Document,
    readonly keyOrder: (path: Path) => readonly string[] | undefined,
    readonly numberText: NumberText = () => undefined,
  ) {}

  /** Whether `node` holds `next` as it should be written: the same value, and a typed number in the same digits. */
  holds(node: Node | null, next: unknown, path: Path): boolean {
    return node !== null && sameValue(node.toJS(this.doc), next) && !retyped(this.doc, next, this.numberText, path);
  }

  /**
   * A value written anew (a new list item, a new group) with each number typed in more digits than
   * it reads in (76.59330) written in those digits, as a number changed in place is: an office added
   * keeps its map position's trailing 0 as the main office's does.
   */
  asTyped(value: unknown, path: Path): unknown {
    if (Array.isArray(value)) return value.map((item, index) => this.asTyped(item, [...path, index]));
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.asTyped(item, [...path, key])]));
    const text = this.numberText(path, value);
    if (text === undefined || typeof value !== 'number') return value;
    const node = new Scalar(value);
    node.minFractionDigits = text.split('.')[1]?.length ?? 0;
    return node;
  }

  /** Edits turning a block map into `value`: changed values in place, removed keys out, new keys in their schema's order. */
  map(node: YAMLMap, value: Data, indentHint: number, path: Path): Edit[] {
    const edits: Edit[] = [];
    const pairs = node.items.filter(isPair) as Pair<Node, Node | null>[];
    const first = pairs[0]?.key?.range;
    const indent = first ? column(this.source, first[0]) : indentHint;
    const present = new Set<unknown>();
    let end = node.range ? node.range[1] : 0;
    pairs.forEach((pair, index) => {
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      present.add(key);
      end = Math.max(end, this.pairEnd(pair));
      if (typeof key !== 'string') return;
      if (!Object.hasOwn(value, key) || value[key] === undefined) {
        edits.push(this.removal(pair, pairs[index + 1]));
        return;
      }
      edits.push(...this.pairValue(pair, key, value[key], indent, [...path, key]));
    });
    const order = this.keyOrder(path) ?? [];
    const rank = (key: unknown) => (typeof key === 'string' && order.includes(key) ? order.indexOf(key) : Number.POSITIVE_INFINITY);
    const added = Object.keys(value)
      .filter((key) => !present.has(key) && value[key] !== undefined)
      .sort((a, b) => rank(a) - rank(b));
    const kept = pairs.filter((pair) => isScalar(pair.key) && typeof pair.key.value === 'string' && value[pair.key.value] !== undefined);
    const atEnd = pairs.length > 0 ? lineEnd(this.source, end) : end;
    const inserts = new Map<number, string[]>();
    for (const key of added) {
      const at = this.insertAt(key, kept, rank, atEnd);
      inserts.set(at, [...(inserts.get(at) ?? []), renderPair(key, this.asTyped(value[key], [...path, key]), indent)]);
    }
    for (const [at, texts] of inserts) {
      const gap = at > 0 && this.source[at - 1] !== '\n' ? '\n' : '';
      edits.push({ start: at, end: at, text: gap + texts.join('') });
    }
    return edits;
  }

  /**
   * Where a new key goes: after the last key kept that its schema puts before it, else before the
   * first (unless that one shares its line with a list's "-"), else at the end of the group.
   */
  insertAt(key: string, kept: readonly Pair<Node, Node | null>[], rank: (key: unknown) => number, atEnd: number): number {
    if (!Number.isFinite(rank(key))) return atEnd;
    const before = kept.filter((pair) => rank((pair.key as Scalar).value) < rank(key)).at(-1);
    if (before) return this.pairEnd(before);
    const first = kept[0];
    if (!first) return atEnd;
    const start = lineStart(this.source, first.key.range![0]);
    return /^\s*$/.test(this.source.slice(start, first.key.range![0])) ? start : atEnd;
  }

  /**
   * Takes a pair out: its whole lines, or, for the first pair of a list item (on the line of its
   * "-"), its text up to the next pair's key, which then moves up beside the "-".
   */
  removal(pair: Pair<Node, Node | null>, next: Pair<Node, Node | null> | undefined): Edit {
    const keyStart = pair.key.range![0];
    const start = lineStart(this.source, keyStart);
    if (/^\s*$/.test(this.source.slice(start, keyStart))) return { start, end: this.pairEnd(pair), text: '' };
    return { start: keyStart, end: next?.key?.range ? next.key.range[0] : this.pairEnd(pair), text: '' };
  }

  /** Where a pair's text ends: after the last line of its value (a trailing comment included). */
  pairEnd(pair: Pair<Node, Node | null>): number {
    const last = pair.value?.range?.[2] ?? pair.key.range![2];
    return lineEnd(this.source, last);
  }

  pairValue(pair: Pair<Node, Node | null>, key: string, next: unknown, indent: number, path: Path): Edit[] {
    const node = pair.value;
    if (this.holds(node, next, path)) return [];
    if (isScalar(node) && node.source !== '' && node.range && isScalarValue(next)) {
      return [this.scalar(node, next, indent, path)];
    }
    const flow = this.flow(node, next);
    if (flow) return [flow];
    if (isBlockMap(node) && isRecord(next) && Object.values(next).some((item) => item !== undefined))
      return this.map(node, next, indent + 2, path);
    if (isBlockSeq(node) && Array.isArray(next) && next.length > 0)
      return this.seq(node, next, indent, lineEnd(this.source, pair.key.range![2]), path);
    // A value of another kind (or an empty one): the whole line is written anew.
    return [
      {
        start: lineStart(this.source, pair.key.range![0]),
        end: this.pairEnd(pair),
        text: renderPair(key, this.asTyped(next, path), indent),
      },
    ];
  }

  /**
   * A list or group written on one line in brackets (`days: [Mo, Tu]`) stays so: written again
   * in place, in brackets, when it holds only plain values.
   */
  flow(node: Node | null, next: unknown): Edit | undefined {
    if (!(isSeq(node) || isMap(node)) || !node.flow || !node.range) return undefined;
    const values = Array.isArray(next) ? next : isRecord(next) ? Object.values(next) : undefined;
    if (!values || Array.isArray(next) !== isSeq(node) || !values.every((item) => item === undefined || isScalarValue(item)))
      return undefined;
    const doc = new Document(next, { flow: true });
    const text = doc.toString({ lineWidth: 0, flowCollectionPadding: false }).replace(/\n$/, '');
    return text.includes('\n') ? undefined : { start: node.range[0], end: node.range[1], text };
  }

  /** A scalar written over its own characters, in its old quoting style when that can hold the new value. */
  scalar(node: Scalar, next: string | number | boolean | null, indent: number, path: Path): Edit {
    const [start, end] = node.range!;
    const old = this.source.slice(start, end);
    const typed = this.numberText(path, next);
    if (typed !== undefined) return { start, end, text: old.endsWith('\n') ? `${typed}\n` : typed };
    if (node.type === Scalar.BLOCK_FOLDED && typeof next === 'string') {
      const refolded = refold(old, next);
      if (refolded !== undefined) return { start, end, text: refolded };
    }
    const block = node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL;
    const width = block ? Math.max(80, widestLine(old)) : 0;
    let text = renderScalar(next, typeof next === 'string' ? node.type : undefined, indent, width);
    // A block text's characters run to the end of its last line; any other value's stop before it.
    if (old.endsWith('\n') && !text.endsWith('\n')) text += '\n';
    else if (!old.endsWith('\n') && text.endsWith('\n')) text = text.slice(0, -1);
    return { start, end, text };
  }

  /**
   * Edits turning a block list into `next`. Items are matched (same value, then same id, then same
   * place); when they stay in order, only their own changes are made, else the list is written
   * again from the items' own texts, each with the comments and blank lines above it.
   */
  seq(node: YAMLSeq, next: unknown[], parentIndent: number, floor: number, path: Path): Edit[] {
    const items = node.items as Node[];
    const dash = items[0]?.range ? column(this.source, this.dashAt(items[0])) : parentIndent + 2;
    const old = items.map((item) => item.toJS(this.doc) as unknown);
    const match = matchItems(old, next);
    const patchItem = (index: number, value: unknown, at: number): Edit[] => this.item(items[index]!, value, dash, [...path, at]);
    const inOrder = match.every((from, to) => from === to) && next.length === items.length;
    if (inOrder) return next.flatMap((value, index) => patchItem(index, value, index));

    const chunks = items.map((_, index) => this.chunk(items, index, floor));
    const start = chunks[0]!.start;
    const end = chunks.at(-1)!.end;
    // Blank lines between items belong to the place, not the item: a list spaced out stays so.
    const spacing = chunks.map((chunk) => /^(\s*\n)*/.exec(this.source.slice(chunk.start, chunk.end))![0]);
    const text = next
      .map((value, index) => {
        const from = match[index];
        let piece: string;
        if (from === undefined) piece = renderItem(this.asTyped(value, [...path, index]), dash);
        else {
          const chunk = chunks[from]!;
          piece = apply(this.source, patchItem(from, value, index), chunk.start, chunk.end).replace(/^(\s*\n)*/, '');
          if (!piece.endsWith('\n')) piece += '\n';
        }
        const gap = spacing[Math.min(index, spacing.length - 1)] ?? '';
        return (index === 0 ? spacing[0] : gap) + piece;
      })
      .join('');
    return [{ start, end, text }];
  }

  /** Edits for one list item: a scalar in place, a block map patched, anything else written anew. */
  item(node: Node, value: unknown, dash: number, path: Path): Edit[] {
    if (this.holds(node, value, path)) return [];
    if (isScalar(node) && node.source !== '' && isScalarValue(value)) return [this.scalar(node, value, dash, path)];
    const flow = this.flow(node, value);
    if (flow) return [flow];
    if (isBlockMap(node) && isRecord(value) && Object.values(value).some((item) => item !== undefined))
      return this.map(node, value, dash + 2, path);
    const at = this.dashAt(node);
    return [
      { start: lineStart(this.source, at), end: lineEnd(this.source, node.range![1]), text: renderItem(this.asTyped(value, path), dash) },
    ];
  }

  /** The position of the "-" that starts a list item. */
  dashAt(node: Node): number {
    const start = node.range![0];
    const before = this.source.slice(lineStart(this.source, start), start);
    const dash = before.lastIndexOf('-');
    return lineStart(this.source, start) + Math.max(0, dash);
  }

  /**
   * The text of item `index`: from the comment and blank lines above its "-" (those belong to the
   * item that follows them) to the end of its last line.
   */
  chunk(items: readonly Node[], index: number, floor: number): { start: number; end: number } {
    const node = items[index]!;
    const end = lineEnd(this.source, Math.max(node.range![1] - 1, node.range![0]));
    let start = lineStart(this.source, this.dashAt(node));
    const limit = index === 0 ? floor : lineEnd(this.source, Math.max(items[index - 1]!.range![1] - 1, 0));
    while (start > limit) {
      const above = lineStart(this.source, start - 1);
      if (!isCommentOrBlank(this.source.slice(above, start - 1))) break;
      start = above;
    }
    return { start: Math.max(start, limit), end };
  }
}

function isScalarValue(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
