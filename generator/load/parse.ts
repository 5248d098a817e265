import { LineCounter, YAMLParseError, isMap, isNode, isPair, isScalar, isSeq, type Document } from 'yaml';
import { findSyntaxProblems, type SyntaxResult } from './yaml-syntax.js';
import { shapeProblems } from './yaml-shape.js';
import { MAX_PROBLEMS_PER_FILE, tooManyProblems, type Problem } from '../problems/problem.js';
import type { ContentFile } from '../schema/index.js';
import type { LoadedFile } from './load.js';
import { Recent, type Session } from '../contract/session.js';

/**
 * One content file's text parsed into what the checks read, with its syntax, shape and duplicate
 * key problems: no file system, so the browser and the Worker parse as site check does.
 */

/**
 * Aliases a file may expand before it is refused: the shipped content uses none, and a few
 * dozen is plenty for an operator, while a "billion laughs" file would need millions.
 */
export const MAX_ALIAS_COUNT = 50;

interface Parsed {
  source: string;
  lineCounter: LineCounter;
  syntax: SyntaxResult;
}

/**
 * Two languages' files with room to spare. A session (`site dev`, the editor) loads the whole
 * content again on every save, and parsing is most of that time, so a file whose text is
 * unchanged keeps its tree. Nothing changes a loaded tree (saves parse a copy of their own).
 */
const RECENT_PARSES = 64;

export function parseOnce(file: string, source: string, session?: Session): { lineCounter: LineCounter; syntax: SyntaxResult } {
  const recentParses = session?.recent<string, Parsed>('load/parses', RECENT_PARSES) ?? new Recent<string, Parsed>(RECENT_PARSES);
  const recent = recentParses.recall(file);
  const parsed = recent?.source === source ? recent : { source, lineCounter: linesOf(source), syntax: findSyntaxProblems(source) };
  recentParses.keep(file, parsed);
  return parsed;
}

export function parseFile(
  name: ContentFile,
  file: string,
  source: string,
  problems: Problem[],
  rel: string = name,
  session?: Session,
): LoadedFile {
  const { lineCounter, syntax } = parseOnce(file, source, session);
  const doc = syntax.doc;
  const loaded: LoadedFile = { name, file, source, doc, lineCounter };
  const duplicates = duplicateKeys(doc).map((error) => duplicateProblem(error, file, source, lineCounter));
  const shape = syntax.problems.length > 0 ? [] : shapeProblems(doc, lineCounter, MAX_PROBLEMS_PER_FILE + 1);
  const found = [...syntax.problems, ...shape].map((problem) => ({ ...problem, file })).concat(duplicates);
  if (found.length > 0) {
    problems.push(...found.slice(0, MAX_PROBLEMS_PER_FILE));
    if (found.length > MAX_PROBLEMS_PER_FILE) problems.push(tooManyProblems(file, found.length, MAX_PROBLEMS_PER_FILE));
    return loaded;
  }
  if (doc.contents === null) {
    problems.push({
      code: 'file-empty',
      file,
      line: 1,
      column: 1,
      length: 1,
      path: '',
      message: `The file ${rel} is empty, but the site needs the settings it holds.`,
      hint: `restore it from the last good version, e.g. with: git checkout -- content/${rel}`,
    });
    return loaded;
  }
  if (!isMap(doc.contents)) {
    const [start = 0] = doc.contents.range ?? [];
    const pos = lineCounter.linePos(start);
    problems.push({
      code: 'not-a-mapping',
      file,
      line: pos.line,
      column: pos.col,
      length: 1,
      path: '',
      message: `The top level of ${rel} must be a set of "key: value" settings, but it is ${describeNode(doc.contents)}.`,
      hint: 'start the file with its first key at the left margin, e.g. "services:"',
    });
    return loaded;
  }
  try {
    loaded.data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    const overflow = error instanceof RangeError;
    problems.push({
      code: 'too-complex',
      file,
      line: 1,
      column: 1,
      length: 1,
      path: '',
      message: overflow
        ? `The file ${rel} is too large or too deeply nested to be read safely.`
        : `The file ${rel} repeats its aliases (*name) too many times to be read safely: ${(error as Error).message}.`,
      hint: overflow
        ? 'content needs only a few levels of indentation and short lists: look for a paste gone wrong'
        : 'write the values out instead of using anchors (&name) and aliases (*name)',
    });
  }
  return loaded;
}

/**
 * A DUPLICATE_KEY error, as yaml's uniqueKeys would give, for each key that repeats an earlier
 * key of the same map (scalars by value, anything else by identity, as yaml compares them).
 * Walks the document without recursion, so nesting depth cannot overflow the stack.
 */
function duplicateKeys(doc: Document): YAMLParseError[] {
  const errors: YAMLParseError[] = [];
  const pending: unknown[] = [doc.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key) && isNode(pair.key) && pair.key.range) {
          errors.push(new YAMLParseError([pair.key.range[0], pair.key.range[1]], 'DUPLICATE_KEY', 'Map keys must be unique'));
        }
        seen.add(key);
        pending.push(pair.key, pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) pending.push(item);
    }
  }
  return errors;
}

/**
 * Where each line of `source` starts, counted from the text itself. The parser's own count can
 * fall behind while it recovers from a syntax error (a multi-line token it skips is not counted),
 * which would place later problems past the end of their line; this one always agrees with the
 * lines the code frame shows.
 */
function linesOf(source: string): LineCounter {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) lines.addNewLine(at + 1);
  return lines;
}

function describeNode(node: unknown): string {
  if (node && typeof node === 'object' && 'items' in node) return 'a list';
  return 'a single value';
}

function duplicateProblem(error: YAMLParseError, file: string, source: string, lines: LineCounter): Problem {
  const [offset] = error.pos;
  const key =
    source
      .slice(offset)
      .match(/^[^:\n]*/)?.[0]
      .trim() ?? '';
  const from = lines.linePos(offset);
  return {
    code: 'yaml-syntax',
    file,
    line: from.line,
    column: from.col,
    length: Math.max(1, key.length),
    path: '',
    message: `The key "${key}" appears twice in one block; the second would silently replace the first.`,
    hint: 'keep one of the two lines and delete the other',
  };
}
