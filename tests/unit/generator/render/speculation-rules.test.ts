import { describe, expect, it, beforeAll } from 'vitest';
import { build, type BuildResult } from '../../../../generator/build.js';
import { hashSource } from '../../../../generator/render/security.js';
import { SPECULATION_RULES, withSpeculationRules } from '../../../../generator/render/speculation-rules.js';
import { headersFor, parseHeaders } from '../../../../generator/serve/headers.js';
import { SAMPLE_CONTENT } from '../../../helpers/content.js';

/** The next page prefetched on intent: the rules each page carries and the policies that let them through. */

const RULES_ELEMENT = /<script type="speculationrules">([\s\S]*?)<\/script>/g;

let result: BuildResult;
let pages: Array<{ path: string; html: string }>;
beforeAll(async () => {
  result = await build({ contentDir: SAMPLE_CONTENT, now: new Date('2025-06-01T00:00:00Z') });
  pages = result.files.filter((file) => file.path.endsWith('.html') && !file.path.startsWith('assets/')).map((file) => ({ path: file.path, html: String(file.contents) }));
});

describe('speculation rules', () => {
  it('every page, in both languages, carries the rules once, last in its body', () => {
    expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(['index.html', 'services/index.html', 'contact/index.html', 'ml/index.html', 'ml/services/index.html', '404.html']));
    for (const page of pages) {
      const found = [...page.html.matchAll(RULES_ELEMENT)].map((match) => match[1]);
      expect(found, page.path).toEqual([SPECULATION_RULES]);
      expect(page.html.trimEnd(), page.path).toMatch(/<script type="speculationrules">[^<]*<\/script><\/body><\/html>$/);
    }
  });

  it('prefetch the site’s own pages on intent, never the Worker’s /admin/ and /api/, a file, a new tab or the page itself', () => {
    const { prefetch } = JSON.parse(SPECULATION_RULES);
    expect(prefetch).toHaveLength(1);
    expect(prefetch[0].eagerness).toBe('moderate');
    const [own, notWorker, notSelected] = prefetch[0].where.and;
    // A path pattern matches the page's own origin only: WhatsApp, the map and the relay never match.
    expect(own).toEqual({ href_matches: '/*' });
    expect(notWorker.not.href_matches).toEqual(['/admin/*', '/api/*', '/assets/*']);
    expect(notSelected.not.selector_matches.split(', ')).toEqual(['[target]', '[download]', '[aria-current="page"]', '[href^="#"]']);
  });

  it('the page’s own policy and the _headers policy allow the rules by their hash, and no other inline script', () => {
    const allowed = hashSource(SPECULATION_RULES);
    for (const page of pages) {
      const scriptSrc = /script-src ([^;"]*)/.exec(page.html)?.[1];
      expect(scriptSrc, page.path).toBe(`'self' ${allowed}`);
    }
    const headers = parseHeaders(String(result.files.find((file) => file.path === '_headers')!.contents));
    const policy = Object.fromEntries(headersFor(headers, '/services/'))['Content-Security-Policy'];
    expect(policy).toContain(`script-src 'self' ${allowed};`);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('a page without a body is refused, not published without its rules', () => {
    expect(() => withSpeculationRules('<html><head></head></html>')).toThrow('The page has no </body> to put the speculation rules before');
  });
});
