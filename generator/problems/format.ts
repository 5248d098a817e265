import path from 'node:path';
import { compareText } from './order.js';
import type { Problem } from './problem.js';

export interface FormatOptions {
  /** Paths are printed relative to this folder, with forward slashes. */
  cwd: string;
}

/**
 * Prints problems the way DESIGN.md shows them: location and dot path, the message,
 * a code frame with a caret under the value, and the hint.
 */
export function formatProblem(problem: Problem, sources: ReadonlyMap<string, string>, options: FormatOptions): string {
  const file = displayPath(problem.file, options.cwd);
  const where = problem.line === undefined ? file : `${file}:${problem.line}:${problem.column ?? 1}`;
  const heading = problem.path ? `${where}  ${problem.path}` : where;
  const out = [problem.severity === 'warning' ? `${heading}  (warning)` : heading, `  ${problem.message}`];
  const source = sources.get(problem.file);
  if (source !== undefined && problem.line !== undefined) out.push(...codeFrame(source, problem.line, problem.column ?? 1, problem.length ?? 1));
  if (problem.hint) out.push(`  hint: ${problem.hint}`);
  return out.join('\n');
}

/** Every problem and warning, a blank line between them, then a one-line summary. */
export function formatProblems(problems: readonly Problem[], sources: ReadonlyMap<string, string>, options: FormatOptions): string {
  const files = new Set(problems.map((p) => p.file)).size;
  const blocks = sortProblems(problems).map((p) => formatProblem(p, sources, options));
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  const errors = problems.length - warnings;
  const counts = [errors > 0 || warnings === 0 ? plural(errors, 'problem') : '', warnings > 0 ? plural(warnings, 'warning') : ''];
  blocks.push(`${counts.filter(Boolean).join(' and ')} in ${plural(files, 'file')}.`);
  return blocks.join('\n\n');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) =>
      compareText(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || compareText(a.path, b.path),
  );
}

export function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
  return shown.split(path.sep).join('/');
}

/** The line before the problem, the problem's line marked with >, and a caret underline. */
function codeFrame(source: string, line: number, column: number, length: number): string[] {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, line - 1);
  const width = String(line).length;
  const frame: string[] = [];
  for (let n = first; n <= line && n <= lines.length; n++) {
    const text = (lines[n - 1] ?? '').replace(/\t/g, ' ');
    frame.push(`${n === line ? ' > ' : '   '}${String(n).padStart(width)} |${text ? ` ${text}` : ''}`);
  }
  if (line <= lines.length) {
    const available = Math.max(1, (lines[line - 1] ?? '').length - (column - 1));
    frame.push(`   ${' '.repeat(width)} | ${' '.repeat(column - 1)}${'^'.repeat(Math.min(length, available))}`);
  }
  return frame;
}
