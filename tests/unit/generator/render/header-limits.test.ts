import { describe, expect, it } from 'vitest';
import { checkHeaderLimits, HEADER_LIMITS } from '../../../../generator/render/header-limits.js';
import { UsageError } from '../../../../generator/problems/problem.js';

function refusal(text: string): UsageError {
  try {
    checkHeaderLimits(text);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('the headers were accepted');
}

describe('the headers file the build writes stays within what Cloudflare reads', () => {
  it('accepts the largest file it reads: 100 rules, lines of 2,000 characters', () => {
    const rules = Array.from(
      { length: HEADER_LIMITS.rules },
      (_, at) => `/page-${at}/\n  X-Note: ${'a'.repeat(HEADER_LIMITS.lineLength - '  X-Note: '.length)}`,
    );
    expect(() => checkHeaderLimits(rules.join('\n'))).not.toThrow();
  });

  it('refuses a line over 2,000 characters, naming its line and header', () => {
    const policy = `  Content-Security-Policy: connect-src ${'https://relay.example.com/'.repeat(80)}`;
    const error = refusal(`# comment\n/*\n  X-Frame-Options: DENY\n${policy}\n`);
    expect(error.message).toMatch(
      /^_headers:4:1: the line for Content-Security-Policy is 2,\d{3} characters long; Cloudflare ignores a line over 2,000/,
    );
    expect(error.hint).toContain('content/site.yaml');
  });

  it('refuses a 101st rule at its line', () => {
    const rules = Array.from({ length: HEADER_LIMITS.rules + 1 }, (_, at) => `/page-${at}/\n  X-Note: ${at}`);
    expect(refusal(rules.join('\n')).message).toMatch(
      /^_headers:201:1: this is rule 101 for \/page-100\/; Cloudflare reads at most 100 rules/,
    );
  });
});
