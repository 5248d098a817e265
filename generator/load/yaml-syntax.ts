import { parseDocument, type Document } from 'yaml';
import type { Problem } from '../problems/problem.js';
import { explain, invisible, type Finding } from './yaml-explain.js';
import { blank, withChildren } from './yaml-lines.js';

/**
 * YAML mistakes in plain words, at the line that is wrong. The parser reports one mistake as
 * several errors in its own terms ("Implicit keys need to be on a single line"), often on the line
 * before the one to fix. So: find the first mistake (an invisible character, or the parser's
 * first error explained from the lines around it), report it, blank out that line and the lines
 * that hang under it, and parse again; what is still wrong then is a later, independent mistake.
 */

export type SyntaxProblem = Omit<Problem, 'file'>;

export interface SyntaxResult {
  problems: SyntaxProblem[];
  /** The file parsed with every reported line blanked out: clean, for the checks that need a tree. */
  doc: Document;
}

/** Mistakes reported per file before asking the operator to fix those first. */
const MAX_ROUNDS = 10;
/**
 * Each round parses the file again. Content files are a few kilobytes; a pasted multi-megabyte
 * file gets fewer rounds, so checking it never takes more than a couple of parses' time.
 */
const MAX_BYTES_PARSED = 2_000_000;

export function parseYaml(source: string): Document {
  // yaml's own duplicate-key check compares every key with every other (50,000 keys take minutes), so
  // it is off and load.ts finds duplicates in one pass.
  return parseDocument(source, { prettyErrors: false, uniqueKeys: false });
}

export function findSyntaxProblems(source: string): SyntaxResult {
  try {
    return syntaxProblems(source);
  } catch (error) {
    // yaml's parser recurses once per level of nesting; thousands of levels overflow the stack
    // inside it, before it could report anything. The line nested deepest is the one to fix.
    if (!(error instanceof RangeError)) throw error;
    return { problems: [tooDeep(source)], doc: parseYaml('') };
  }
}

function tooDeep(source: string): SyntaxProblem {
  const rows = source.split('\n');
  const depthOf = (row: string) => (row.match(/(?:^|\s)[-?](?=\s|$)|[[{]/g) ?? []).length + (row.length - row.trimStart().length) / 2;
  let line = 0;
  for (let n = 1; n < rows.length; n++) if (depthOf(rows[n]!) > depthOf(rows[line]!)) line = n;
  const row = rows[line] ?? '';
  return {
    code: 'too-complex',
    line: line + 1,
    column: row.length - row.trimStart().length + 1,
    length: 1,
    path: '',
    message: 'Lists or settings are nested so deeply here that the file cannot be read safely.',
    hint: 'content needs only a few levels of indentation: look for a long run of [, { or "- " from a paste gone wrong',
  };
}

function syntaxProblems(source: string): SyntaxResult {
  const problems: SyntaxProblem[] = [];
  let text = source;
  let doc = parseYaml(text);
  const rounds = Math.max(1, Math.min(MAX_ROUNDS, Math.floor(MAX_BYTES_PARSED / Math.max(1, source.length))));
  for (let round = 0; ; round++) {
    const rows = text.split('\n').map((row) => row.replace(/\r$/, ''));
    const candidates = [invisible(rows), doc.errors[0] && explain(doc.errors[0], text, rows)].filter((f): f is Finding => f !== undefined);
    // On one line, an invisible character explains the parser's error there, whatever its column.
    const first = candidates.sort(
      (a, b) => a.line - b.line || Number(b.alone ?? false) - Number(a.alone ?? false) || a.column - b.column,
    )[0];
    if (!first) break;
    if (round === rounds) {
      problems.push({
        code: 'yaml-syntax',
        line: first.line,
        column: first.column,
        length: first.length,
        path: '',
        message: `There are more mistakes from here on; only the first ${rounds} ${rounds === 1 ? 'is' : 'are'} shown.`,
        hint: 'fix these, then check again to see the rest',
      });
      break;
    }
    const repeated = problems.some((p) => p.line === first.line && p.message === first.message);
    if (repeated) break;
    const { from, to, last, alone, code = 'yaml-syntax', ...shown } = first;
    problems.push({ code, ...shown, path: '' });
    if (last) break;
    text = blank(text, from, alone ? to : withChildren(rows, from, to));
    doc = parseYaml(text);
  }
  return { problems, doc };
}
