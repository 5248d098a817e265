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
