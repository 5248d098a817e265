import path from 'node:path';
import { sortProblems } from './order.js';
import { inert } from './inert.js';
import type { Problem } from './problem.js';
import { isNotice } from './strictness.js';

export interface FormatOptions {
  /** Paths are printed relative to this folder, with forward slashes. */
  cwd: string;
}

/**
 * Prints problems in the one form every command and the editor use: location and dot path, the message,
 * a code frame with a caret under the value, and the hint. Everything that can carry text from a
 * file (the message quotes values, the frame shows lines, comments included) is printed inert:
 * control characters and line breaks come out escaped, so every printed line starts with the
 * formatter's own words, never with a value.
 */
export function formatProblem(problem: Problem, sources: ReadonlyMap<string, string>, options: FormatOptions): string {
  const file = displayPath(problem.file, options.cwd);
  const where = problem.line === undefined ? file : `${file}:${problem.line}:${problem.column ?? 1}`;
  const heading = problem.path ? `${where}  ${inert(problem.path)}` : where;
  const out = [problem.severity === 'warning' ? `${heading}  (warning)` : heading, `  ${inert(problem.message)}`];
  const source = sources.get(problem.file);
  if (source !== undefined && problem.line !== undefined)
    out.push(...codeFrame(source, problem.line, problem.column ?? 1, problem.length ?? 1));
  if (problem.hint) out.push(`  hint: ${inert(problem.hint)}`);
  return out.join('\n');
}

/**
 * Every problem and warning, a blank line between them, then a one-line summary. The summary
 * counts problems and warnings, not the notices that say a file has more than are shown.
 */
export function formatProblems(problems: readonly Problem[], sources: ReadonlyMap<string, string>, options: FormatOptions): string {
  const files = new Set(problems.map((p) => p.file)).size;
  const blocks = sortProblems(problems).map((p) => formatProblem(p, sources, options));
  const counted = problems.filter((p) => !isNotice(p));
  const warnings = counted.filter((p) => p.severity === 'warning').length;
  const errors = counted.length - warnings;
  const counts = [errors > 0 || warnings === 0 ? plural(errors, 'problem') : '', warnings > 0 ? plural(warnings, 'warning') : ''];
  blocks.push(`${counts.filter(Boolean).join(' and ')} in ${plural(files, 'file')}.`);
  return blocks.join('\n\n');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

// Kept here too for the modules that import it from here; it lives in order.ts, which has no Node import.
export { sortProblems };

export function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
  return inert(shown.split(path.sep).join('/'));
}

/** The most of a line a code frame shows: a minified or pasted line can run to megabytes. */
const FRAME_WIDTH = 120;
/** How much of a cut line shows before the column, so the text that leads up to the value is seen. */
const FRAME_LEAD = 40;

/**
 * The line before the problem, the problem's line marked with >, and a caret underline. Lines are
 * shown inert, and the caret sits under the value as shown (an escape is wider than its character).
 * A line longer than FRAME_WIDTH shows only a window of it around the column, with … where it is cut.
 */
function codeFrame(source: string, line: number, column: number, length: number): string[] {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, line - 1);
  const width = String(line).length;
  const frame: string[] = [];
  const shown = (text: string) => inert(text.replace(/\t/g, ' '));
  for (let n = first; n <= line && n <= lines.length; n++) {
    const text = shown(cutAround(lines[n - 1] ?? '', column).text);
    frame.push(`${n === line ? ' > ' : '   '}${String(n).padStart(width)} |${text ? ` ${text}` : ''}`);
  }
  if (line <= lines.length) {
    const whole = lines[line - 1] ?? '';
    const { start, end } = cutAround(whole, column);
    const at = column - 1 - start;
    const raw = whole.slice(start, end);
    const before = (start > 0 ? '…'.length : 0) + shown(raw.slice(0, at)).length + Math.max(0, at - raw.length);
    const available = Math.max(1, raw.length - at);
    const under = Math.max(1, shown(raw.slice(at, at + Math.min(length, available))).length);
    frame.push(`   ${' '.repeat(width)} | ${' '.repeat(before)}${'^'.repeat(under)}`);
  }
  return frame;
}

/** At most FRAME_WIDTH characters of `line` around `column` (1-based), with … at each end that is cut. */
function cutAround(line: string, column: number): { start: number; end: number; text: string } {
  if (line.length <= FRAME_WIDTH) return { start: 0, end: line.length, text: line };
  const start = graphemeStart(line, Math.min(Math.max(0, column - 1 - FRAME_LEAD), line.length - FRAME_WIDTH));
  const end = graphemeStart(line, start + FRAME_WIDTH);
  return { start, end, text: `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}` };
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The first place at or after `at` where a character as a reader sees it starts, so a cut never
 * leaves half of one: a Malayalam vowel sign without its consonant, or half of an emoji. Only a
 * few characters around `at` are looked at, however long the line.
 */
function graphemeStart(line: string, at: number): number {
  if (at <= 0 || at >= line.length) return Math.max(0, Math.min(at, line.length));
  const from = Math.max(0, at - 16);
  for (const { index } of graphemes.segment(line.slice(from, at + 16))) if (from + index >= at) return from + index;
  return at;
}
