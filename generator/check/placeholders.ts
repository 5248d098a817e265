import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { LoadedFile } from '../load/load.js';
import { formatPath, locateValue, type PathSegment } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import { sampleKind } from './sample-values.js';

/**
 * Values that must not go live: the sample values the site comes with (sample-values.ts), wherever
 * they are. A PLACEHOLDER comment above one adds what it says to the warning, but does not make a
 * value a placeholder: a value replaced by hand is not reported even while its comment is still
 * there. They are warnings for `site check` and `site build`, so the sample site still builds, and
 * errors under `--strict`, which the deploy uses, so a site with a fake phone number is never published.
 */
export function findPlaceholders(files: readonly LoadedFile[], options: { ignore?: readonly string[] } = {}): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    if (file.data === undefined) continue;
    const entries = entriesOf(file.doc.contents as Node | null, [], (offset) => file.lineCounter.linePos(offset).line);
    const marks = marksOf(entries, markedLines(file.source));
    for (const entry of entries) {
      // An input's placeholder is an example on purpose (you@example.com shows the format).
      if (entry.path.at(-1) === 'placeholder' || !isScalar(entry.value)) continue;
      const value = entry.value.value;
      const kind = sampleKind(value);
      if (!kind) continue;
      const path = formatPath(entry.path, file.data);
      if (options.ignore?.includes(`${file.name}:${path}`)) continue;
      const where = locateValue(file.doc, file.lineCounter, file.source, entry.path);
      const mark = marks.find((candidate) => isWithin(entry.path, candidate.path));
      const shown = JSON.stringify(String(value));
      problems.push({
        code: 'placeholder',
        severity: 'warning',
        file: file.file,
        ...where,
        path,
        message: mark
          ? `This is still ${kind} ${shown}, marked as a placeholder on line ${mark.commentLine}${mark.says ? `: "${mark.says}"` : '.'}`
          : `${shown} is ${kind}, not the company's own.`,
        hint: `write the company's own value on line ${where.line ?? entry.line} in place of the sample${mark ? `; the PLACEHOLDER comment on line ${mark.commentLine} can go then` : ''}`,
        editor: { message: 'Replace the sample value in {field} with the company’s own.', ...(mark?.says ? { hint: mark.says } : {}) },
      });
    }
  }
  return problems;
}

/**
 * The text of `source` with the PLACEHOLDER comments taken out whose value was a sample in
 * `before` and is a sample no more: saving a real value in place of a sample ends its note. A
 * group (the address) keeps its note until none of its lines is a sample.
 */
export function settlePlaceholders(before: string, source: string): string {
  const wasSample = markedEntries(before).filter((mark) => mark.sample);
  const settled = markedEntries(source).filter((mark) => !mark.sample && wasSample.some((old) => samePath(old.path, mark.path)));
  if (settled.length === 0) return source;
  const lines = source.split('\n');
  const drop = new Set(
    settled.flatMap((mark) => Array.from({ length: mark.keyLine - mark.commentLine }, (_, i) => mark.commentLine - 1 + i)),
  );
  // Only the comment lines themselves: a blank line between a note and its value stays.
  return lines.filter((line, index) => !(drop.has(index) && /^\s*#/.test(line))).join('\n');
}

interface Mark {
  path: PathSegment[];
  commentLine: number;
  keyLine: number;
  says: string;
}

/** The entry each PLACEHOLDER comment marks, with whether it (or a line inside it) still holds a sample. */
function markedEntries(source: string): Array<Mark & { sample: boolean }> {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines });
  if (doc.errors.length > 0) return [];
  const entries = entriesOf(doc.contents as Node | null, [], (offset) => lines.linePos(offset).line);
  return marksOf(entries, markedLines(source)).map((mark) => ({
    ...mark,
    sample: entries.some(
      (entry) => isWithin(entry.path, mark.path) && isScalar(entry.value) && sampleKind(entry.value.value) !== undefined,
    ),
  }));
}

function marksOf(entries: readonly Entry[], marked: ReturnType<typeof markedLines>): Mark[] {
  return marked.flatMap((mark) => {
    const entry = entries.find((candidate) => candidate.line === mark.keyLine);
    return entry ? [{ ...mark, path: entry.path }] : [];
  });
}

const samePath = (a: readonly PathSegment[], b: readonly PathSegment[]) =>
  a.length === b.length && a.every((segment, i) => segment === b[i]);
const isWithin = (path: readonly PathSegment[], group: readonly PathSegment[]) =>
  path.length >= group.length && group.every((segment, i) => segment === path[i]);

interface Entry {
  path: PathSegment[];
  /** 1-based line of the entry's key (or of the list item). */
  line: number;
  value: unknown;
}

/** Every map entry and list item in the document, with its path and the line it starts on. */
function entriesOf(node: Node | null, path: PathSegment[], lineOf: (offset: number) => number, out: Entry[] = []): Entry[] {
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair) || !isScalar(pair.key) || !pair.key.range) continue;
      const at = [...path, String(pair.key.value)];
      out.push({ path: at, line: lineOf(pair.key.range[0]), value: pair.value });
      entriesOf(pair.value as Node | null, at, lineOf, out);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, index) => {
      const range = (item as Node | null)?.range;
      if (!range) return;
      out.push({ path: [...path, index], line: lineOf(range[0]), value: item });
      entriesOf(item as Node | null, [...path, index], lineOf, out);
    });
  }
  return out;
}

/**
 * Comment lines that say PLACEHOLDER, each with the line of the first entry after it (the one it
 * marks). Blank lines and further comment lines in between are skipped.
 */
function markedLines(source: string): Array<{ commentLine: number; keyLine: number; says: string }> {
  const lines = source.split(/\r?\n/);
  const found: Array<{ commentLine: number; keyLine: number; says: string }> = [];
  lines.forEach((text, index) => {
    const marker = /^\s*#.*?\bPLACEHOLDER\b[:\s-]*(.*)$/.exec(text);
    if (!marker) return;
    let next = index + 1;
    // The comment may go on over the next lines: what it says is all of them.
    const says = [marker[1]!.trim()];
    while (next < lines.length && /^\s*(#.*)?$/.test(lines[next]!)) says.push(lines[next++]!.replace(/^\s*#?\s*/, ''));
    if (next < lines.length) found.push({ commentLine: index + 1, keyLine: next + 1, says: says.filter(Boolean).join(' ') });
  });
  return found;
}
