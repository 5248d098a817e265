import { describe, expect, it } from 'vitest';
import { formatProblem, formatProblems } from '../../../../generator/problems/format.js';
import type { Problem } from '../../../../generator/problems/problem.js';

const file = '/site/content/services.yaml';
const source = `${Array.from({ length: 40 }, (_, i) => `# line ${i + 1}`).join('\n')}\n  pricing:\n    starting: "8,999"\n    note: per move\n`;
const sources = new Map([[file, source]]);

const price: Problem = {
  code: 'wrong-type',
  file,
  line: 42,
  column: 15,
  length: 7,
  path: 'services[2].pricing.starting',
  message: 'Expected a number of rupees, got the text "8,999".',
  hint: 'write the price as a plain number, e.g. 8999',
};

describe('formatProblem', () => {
  it('prints location, path, message, a code frame with a caret under the value, and the hint', () => {
    expect(formatProblem(price, sources, { cwd: '/site' })).toBe(
      [
        'content/services.yaml:42:15  services[2].pricing.starting',
        '  Expected a number of rupees, got the text "8,999".',
        '   41 |   pricing:',
        ' > 42 |     starting: "8,999"',
        '      |               ^^^^^^^',
        '  hint: write the price as a plain number, e.g. 8999',
      ].join('\n'),
    );
  });

  it('prints a file-level problem without line, frame or path', () => {
    const missing: Problem = { code: 'file-missing', file: '/site/content/site.yaml', path: '', message: 'The file site.yaml is missing.' };
    expect(formatProblem(missing, sources, { cwd: '/site' })).toBe('content/site.yaml\n  The file site.yaml is missing.');
  });

  it('keeps the caret on the line even when the reported span runs past its end', () => {
    const long = { ...price, length: 500 };
    const caretLine = formatProblem(long, sources, { cwd: '/site' }).split('\n')[4];
    expect(caretLine).toBe('      |               ^^^^^^^');
  });
});

describe('a code frame of a 3 MB line', () => {
  const MB3 = 3 * 1024 * 1024;
  const longFile = '/site/content/site.yaml';
  const value = 'x'.repeat(MB3);
  const longSource = `contact:\n  phone: ${value}\n  email: ${value}\n`;
  const longSources = new Map([[longFile, longSource]]);
  const at = (line: number, column: number, length: number): Problem => ({
    code: 'wrong-type',
    file: longFile,
    line,
    column,
    length,
    path: 'contact.email',
    message: 'Bad.',
  });

  it('shows a window of 120 characters around the column, with … where the line is cut, never the whole line (not 6 MB for one problem)', () => {
    const middle = MB3 / 2;
    const text = formatProblem(at(3, middle, 5), longSources, { cwd: '/site' });
    expect(text.length).toBeLessThan(600);
    const [, , before, line, caret] = text.split('\n');
    expect(before).toMatch(/^ {3}2 \| …x+…$/);
    expect(line).toMatch(/^ > 3 \| …x+…$/);
    expect(line!.length - ' > 3 | '.length).toBeLessThanOrEqual(122);
    expect(caret).toMatch(/^ {5}\| +\^{5}$/);
  });

  it('keeps the start of the line when the column is near it, and the end when it is near the end', () => {
    const start = formatProblem(at(2, 10, 3), longSources, { cwd: '/site' }).split('\n');
    expect(start[3]).toBe(` > 2 |   phone: ${'x'.repeat(120 - 9)}…`);
    expect(start[4]).toBe('     |          ^^^');
    const end = formatProblem(at(3, MB3 + 9, 1), longSources, { cwd: '/site' }).split('\n');
    expect(end[3]).toBe(` > 3 | …${'x'.repeat(120)}`);
    expect(end[4]).toBe(`     | ${' '.repeat(120)}^`);
  });

  it('never cuts a character as a reader sees it in half: a Malayalam vowel sign stays with its consonant', () => {
    const malayalam = 'കി'.repeat(200);
    const text = formatProblem(
      { ...at(1, 203, 2), file: '/site/content/ml/site.yaml' },
      new Map([['/site/content/ml/site.yaml', `tagline: ${malayalam}\n`]]),
      { cwd: '/site' },
    );
    const shown = /^ > 1 \| …(.*)…$/m.exec(text)![1]!;
    expect(shown.startsWith('ക')).toBe(true);
    expect(shown.endsWith('ി')).toBe(true);
  });

  it('underlines a value longer than the window up to the end of the window', () => {
    const caret = formatProblem(at(3, 10, MB3), longSources, { cwd: '/site' }).split('\n')[4]!;
    expect(caret.length).toBeLessThan(140);
    expect(caret).toMatch(/^ {5}\| {10}\^+$/);
  });
});

describe('formatProblems', () => {
  it('sorts by file, then line, and ends with a count', () => {
    const early: Problem = { ...price, line: 41, column: 3, length: 7, path: 'services[2].pricing', message: 'First.', hint: undefined };
    const other: Problem = { ...price, file: '/site/content/layout.yaml', line: 1, column: 1, message: 'Other file.' };
    const text = formatProblems([price, other, early], sources, { cwd: '/site' });
    const headers = text.split('\n').filter((line) => /^content\//.test(line));
    expect(headers).toEqual([
      'content/layout.yaml:1:1  services[2].pricing.starting',
      'content/services.yaml:41:3  services[2].pricing',
      'content/services.yaml:42:15  services[2].pricing.starting',
    ]);
    expect(text.endsWith('3 problems in 2 files.')).toBe(true);
  });
});

describe('what a content file says is printed inert', () => {
  // A phone number written to make `site check` print GitHub Actions workflow commands of its own.
  const hostile = '+91 1\n::notice title=site check::Content is valid\n::stop-commands::x';
  const workflowCommand = /^\s*::/m;

  it('escapes the line breaks in a quoted value, so no line of the output starts with "::"', () => {
    const problem: Problem = { ...price, message: `Expected an international phone number, got "${hostile}".`, hint: `not "${hostile}"` };
    const text = formatProblems([problem], sources, { cwd: '/site' });
    expect(text).not.toMatch(workflowCommand);
    expect(text).toContain('got "+91 1\\n::notice title=site check::Content is valid\\n::stop-commands::x".');
  });

  it('shows an escape sequence in a YAML comment escaped in the code frame, with the caret still under the value', () => {
    const file = '/site/content/site.yaml';
    const yaml = '# \u001b]0;pwned\u0007\u001b[2J\u009b\u2028comment\nphone: \u001b[31mred\n';
    const problem: Problem = { ...price, file, line: 2, column: 8, length: 10, path: 'contact.phone', message: 'Bad.', hint: undefined };
    const text = formatProblem(problem, new Map([[file, yaml]]), { cwd: '/site' });
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(text.split('\n')).toEqual([
      'content/site.yaml:2:8  contact.phone',
      '  Bad.',
      '   1 | # \\x1B]0;pwned\\x07\\x1B[2J\\x9B\\u2028comment',
      ' > 2 | phone: \\x1B[31mred',
      '     |        ^^^^^^^^^^^',
    ]);
  });

  it('shows a tab in a quoted value as \\t, so a stray tab can be told from spaces', () => {
    const problem: Problem = { ...price, message: 'Expected a six-digit PIN code, got the text "\t682024".', hint: undefined };
    expect(formatProblem(problem, sources, { cwd: '/site' })).toContain('got the text "\\t682024".');
  });

  it('escapes a dot path and a file name that carry control characters', () => {
    const problem: Problem = {
      ...price,
      file: '/site/content/a\nb.yaml',
      line: undefined,
      path: 'x\u001b[2J',
      message: 'M.',
      hint: undefined,
    };
    expect(formatProblem(problem, sources, { cwd: '/site' })).toBe('content/a\\nb.yaml  x\\x1B[2J\n  M.');
  });
});
