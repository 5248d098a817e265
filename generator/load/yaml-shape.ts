import { isAlias, isMap, isNode, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import type { Problem } from '../problems/problem.js';

/**
 * Limits on the shape of a content file, checked on the parsed tree before anything turns it into
 * data. The deepest content is six levels and the longest list a few dozen entries; past these, a
 * file is a paste gone wrong or a hostile one, and every later step (which walks the tree, and
 * turns keys into text) would only take minutes or overflow the stack on it.
 */
export const MAX_DEPTH = 32;
export const MAX_LIST_ITEMS = 200;

/** The YAML core tags that keep a value what it reads as: text, a number, yes/no, nothing, a list, settings. */
const PLAIN_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'seq', 'map'].map((name) => `tag:yaml.org,2002:${name}`));

/** What the other tags make of a value, said the way the operator reads it. */
const TAG_MAKES: Record<string, string> = {
  'tag:yaml.org,2002:binary': 'binary data (bytes, not text)',
  'tag:yaml.org,2002:timestamp': 'a date and time (not text)',
  'tag:yaml.org,2002:set': 'a set of keys (not a list)',
  'tag:yaml.org,2002:omap': 'an ordered list of pairs (not settings)',
  'tag:yaml.org,2002:pairs': 'a list of pairs (not settings)',
  'tag:yaml.org,2002:merge': 'a merge of other settings',
};

export type ShapeProblem = Omit<Problem, 'file'>;

/**
 * Every place the file is deeper, longer or stranger than content can be: nesting past MAX_DEPTH,
 * a list past MAX_LIST_ITEMS, a key that is itself a list or settings, a tag that turns a value
 * into something no field takes. Walks without recursion, so no depth overflows the stack.
 */
export function shapeProblems(doc: Document, lines: LineCounter, limit = 50): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  const at = (node: Node, length?: number) => {
    const [start = 0, end = start + 1] = node.range ?? [];
    const pos = lines.linePos(start);
    return { line: pos.line, column: pos.col, length: Math.max(1, Math.min(length ?? end - start, 200)) };
  };
  const pending: { node: unknown; depth: number }[] = [{ node: doc.contents, depth: 1 }];
  while (pending.length > 0 && problems.length < limit) {
    const { node, depth } = pending.pop()!;
    if (!isNode(node) || isAlias(node)) continue;
    const tag = tagProblem(node);
    if (tag) problems.push({ ...at(node, 1), ...tag });
    if (depth > MAX_DEPTH) {
      problems.push({
        ...at(node, 1),
        code: 'too-complex',
        path: '',
        message: `Lists or settings are nested more than ${MAX_DEPTH} levels deep here, far deeper than any content; the file cannot be read safely.`,
        hint: 'content needs only a few levels of indentation: look for a long run of "- ", "? " or extra indentation from a paste gone wrong',
      });
      continue;
    }
    if (isSeq(node)) {
      if (node.items.length > MAX_LIST_ITEMS) {
        const first = node.items[MAX_LIST_ITEMS];
        problems.push({
          ...at(isNode(first) ? first : node, 1),
          code: 'too-many',
          path: '',
          message: `This list has ${node.items.length} entries; a list may have at most ${MAX_LIST_ITEMS}, which is more than a page can show. This is entry ${MAX_LIST_ITEMS + 1}.`,
          hint: `keep the ${MAX_LIST_ITEMS} entries visitors need and delete the rest`,
        });
        continue;
      }
      for (const item of node.items) pending.push({ node: item, depth: depth + 1 });
    } else if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        if (isNode(pair.key) && !isScalar(pair.key) && !isAlias(pair.key)) {
          problems.push({
            ...at(pair.key, 1),
            code: 'wrong-type',
            path: '',
            message: `This key is ${isSeq(pair.key) ? 'a list' : 'a group of settings'}, but a key must be a plain name such as "title" (a "? " at the start of a line makes the next lines a key).`,
            hint: 'write the key as a name followed by a colon, e.g. "title: ..."',
          });
          continue;
        }
        pending.push({ node: pair.key, depth: depth + 1 }, { node: pair.value, depth: depth + 1 });
      }
    }
  }
  return problems;
}

function tagProblem(node: Node): Omit<ShapeProblem, 'line' | 'column' | 'length'> | undefined {
  const tag = node.tag;
  if (tag === undefined || PLAIN_TAGS.has(tag)) return undefined;
  const shown = tag.startsWith('tag:yaml.org,2002:') ? `!!${tag.slice('tag:yaml.org,2002:'.length)}` : tag;
  const makes = TAG_MAKES[tag] ?? 'a kind of value the site does not know';
  return {
    code: 'wrong-type',
    path: '',
    message: `The YAML tag ${shown} makes this value ${makes}, which no field of the site takes.`,
    hint: `delete "${shown}" and write the value as plain text, a number, a list or settings`,
  };
}
