import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import type { LoadedFile } from '../load/load.js';
import { formatPath, locateKey, locateValue, type PathSegment } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import { phoneDigits } from '../schema/fields.js';

/**
 * Values that must not go live: the ones a comment marks PLACEHOLDER, and sample contact details
 * (example.com addresses, the +91 90000 00000 number) wherever they are. They are warnings for
 * `site check` and `site build`, so the sample site still builds, and errors under `--strict`,
 * which the deploy uses, so a site with a fake phone number is never published.
 */
export function findPlaceholders(files: readonly LoadedFile[], options: { ignore?: readonly string[] } = {}): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    if (file.data === undefined) continue;
    const entries = entriesOf(file.doc.contents as Node | null, [], (offset) => file.lineCounter.linePos(offset).line);
    const marked = markedLines(file.source);
    const reported = new Set<string>();
    const report = (problem: Problem) => {
      if (options.ignore?.includes(`${file.name}:${problem.path}`) || reported.has(problem.path)) return;
      reported.add(problem.path);
      problems.push(problem);
    };
    for (const { commentLine, keyLine, says } of marked) {
      const entry = entries.find((candidate) => candidate.line === keyLine);
      if (!entry) continue;
      const scalar = isScalar(entry.value) && entry.value.value !== null;
      const where = scalar
        ? locateValue(file.doc, file.lineCounter, file.source, entry.path)
        : locateKey(file.doc, file.lineCounter, file.source, entry.path);
      report({
        code: 'placeholder',
        severity: 'warning',
        file: file.file,
        ...where,
        path: formatPath(entry.path, file.data),
        message:
          (scalar
            ? `This is still the sample value ${JSON.stringify(String((entry.value as { value: unknown }).value))}, marked as a placeholder on line ${commentLine}`
            : `This part is still marked as a placeholder on line ${commentLine}`) + (says ? `: "${says}"` : '.'),
        hint: `put in the real details, then delete the PLACEHOLDER comment on line ${commentLine}`,
      });
    }
    for (const entry of entries) {
      // An input's placeholder is an example on purpose (you@example.com shows the format).
      if (entry.path.at(-1) === 'placeholder' || !isScalar(entry.value) || typeof entry.value.value !== 'string') continue;
      const sample = sampleValue(entry.value.value);
      if (!sample) continue;
      report({
        code: 'placeholder',
        severity: 'warning',
        file: file.file,
        ...locateValue(file.doc, file.lineCounter, file.source, entry.path),
        path: formatPath(entry.path, file.data),
        message: `"${entry.value.value}" is ${sample}, not the company's own.`,
        hint: 'replace it with the real one before publishing',
      });
    }
  }
  return problems;
}

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

const EXAMPLE_HOST = /(^|[@./])example\.(com|org|net|in)(?=$|[/:?#])/i;
const SAMPLE_PHONE = '+919000000000';

/** What kind of sample value `value` is, if it is one. */
function sampleValue(value: string): string | undefined {
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      if (EXAMPLE_HOST.test(url.hostname)) return 'an example web address';
      if (EXAMPLE_HOST.test(decodeURIComponent(url.pathname))) return 'an address carrying an example email address';
    } catch {
      return undefined;
    }
  } else if (/^\S+@\S+$/.test(text) && EXAMPLE_HOST.test(text)) {
    return 'an example email address';
  }
  if (phoneDigits(text) === SAMPLE_PHONE) return 'the sample phone number';
  return undefined;
}
