import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/content.js';

/** README.md, CONTRIBUTING.md and every Markdown file under docs/, relative to the project. */
function documents(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  return ['README.md', 'CONTRIBUTING.md', ...docs].sort();
}

/** The lines outside fenced code blocks; the lines inside are blanked, so numbers stay true. */
function outsideFences(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** The text a reader sees as prose, where a link can be: code, fenced or inline, blanked out. */
function prose(markdown: string): string[] {
  return outsideFences(markdown).map((line) => line.replace(/`[^`]*`/g, ''));
}

/**
 * The anchor GitHub gives a heading: lower case, punctuation dropped (letters, digits, spaces,
 * dashes and underscores kept), spaces made dashes; a repeated heading gets -1, -2, ...
 */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const line of outsideFences(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = (heading[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

interface Link {
  from: string;
  line: number;
  target: string;
}

function relativeLinks(file: string): Link[] {
  const links: Link[] = [];
  prose(readFileSync(path.join(ROOT, file), 'utf8')).forEach((text, at) => {
    for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1] ?? '';
      // A web or mail address is not a file of this repository.
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links.push({ from: file, line: at + 1, target });
    }
  });
  return links;
}

/** Why a link leads nowhere, or undefined when it leads to a file (and heading) that exist. */
function broken(link: Link): string | undefined {
  const [filePart = '', anchor] = link.target.split('#', 2);
  const file = filePart === '' ? path.join(ROOT, link.from) : path.resolve(ROOT, path.dirname(link.from), decodeURIComponent(filePart));
  if (path.relative(ROOT, file).startsWith('..')) return 'it leads outside the repository';
  if (!existsSync(file)) return 'no such file';
  if (anchor === undefined) return undefined;
  if (!statSync(file).isFile() || !file.endsWith('.md')) return `#${anchor} is not in a Markdown file`;
  return anchors(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor)) ? undefined : `no heading there gives #${anchor}`;
}

describe('links in the documentation', () => {
  it('every relative link in README.md, CONTRIBUTING.md and docs/ leads to a file that exists, and every #anchor to a heading in it', () => {
    const files = documents();
    expect(files).toContain(path.join('docs', 'hosting.md'));
    const links = files.flatMap(relativeLinks);
    expect(links.length, 'the documents link to each other').toBeGreaterThan(20);
    const failures = links.flatMap((link) => {
      const why = broken(link);
      return why ? [`${link.from}:${link.line}: (${link.target}) ${why}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it('a heading gives the anchor GitHub gives it (punctuation and code marks dropped, spaces made dashes, repeats numbered)', () => {
    const given = anchors(
      '# Hosting: where the site is published\n## After publishing: test the quote form\n## The `site` command\n## Set up\n## Set up\n```\n# not a heading\n```\n',
    );
    expect([...given]).toEqual([
      'hosting-where-the-site-is-published',
      'after-publishing-test-the-quote-form',
      'the-site-command',
      'set-up',
      'set-up-1',
    ]);
  });
});

describe('the README', () => {
  it('is a map of at most 150 lines', () => {
    const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines, 'README.md points to the guides; what it would explain belongs in docs/ or CONTRIBUTING.md').toBeLessThanOrEqual(150);
  });
});
