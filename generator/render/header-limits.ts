import { UsageError } from '../problems/problem.js';

/**
 * What Cloudflare reads of a `_headers` file: at most 100 rules, and no line over 2,000
 * characters. Past either it drops what is over without a word in the deploy, so a security
 * header or the assets' year-long cache would silently stop being sent.
 */
export const HEADER_LIMITS = { rules: 100, lineLength: 2000 } as const;

/**
 * Refuses `_headers` text beyond the host's limits with the line it fails at, so the build stops
 * before a site with missing headers is published.
 */
export function checkHeaderLimits(text: string, file = '_headers'): void {
  const lines = text.split('\n');
  let rules = 0;
  for (const [index, line] of lines.entries()) {
    const where = `${file}:${index + 1}:1`;
    if (line.length > HEADER_LIMITS.lineLength) {
      const name = /^\s*([^:\s]+):/.exec(line)?.[1] ?? line.trim().slice(0, 40);
      throw new UsageError(
        `${where}: the line for ${name} is ${line.length.toLocaleString('en')} characters long; Cloudflare ignores a line over ${HEADER_LIMITS.lineLength.toLocaleString('en')}, so the header would not be sent.`,
        'the header is made from content/site.yaml (the form relay and the map address under form: and contact:); use shorter addresses there',
      );
    }
    if (/^\//.test(line) && ++rules > HEADER_LIMITS.rules) {
      throw new UsageError(
        `${where}: this is rule ${rules} for ${line.trim()}; Cloudflare reads at most ${HEADER_LIMITS.rules} rules, so the rest would be ignored.`,
        'join rules that send the same headers into one with a wider pattern (e.g. /assets/*)',
      );
    }
  }
}
