import { describe, expect, it, beforeAll } from 'vitest';
import { build, type BuildResult } from '../../../../generator/build.js';
import { hashSource } from '../../../../generator/render/security.js';
import { LIKELY_NEXT, SPECULATION_RULES, withSpeculationRules } from '../../../../generator/render/speculation-rules.js';
import { headersFor, parseHeaders } from '../../../../generator/serve/headers.js';
import { SAMPLE_CONTENT } from '../../../helpers/content.js';
import { parseHtml } from '../../../helpers/dom.js';

/** The next page prefetched on intent: the rules each page carries and the policies that let them through. */

const RULES_ELEMENT = /<script type="speculationrules">([\s\S]*?)<\/script>/g;

let result: BuildResult;
let pages: Array<{ path: string; html: string }>;
beforeAll(async () => {
  result = await build({ contentDir: SAMPLE_CONTENT, now: new Date('2025-06-01T00:00:00Z') });
  pages = result.files
    .filter((file) => file.path.endsWith('.html') && !file.path.startsWith('assets/'))
    .map((file) => ({ path: file.path, html: String(file.contents) }));
});

describe('speculation rules', () => {
  it('every page, in both languages, carries the rules once, last in its body', () => {
    expect(pages.map((page) => page.path)).toEqual(
      expect.arrayContaining([
        'index.html',
        'services/index.html',
        'contact/index.html',
        'ml/index.html',
        'ml/services/index.html',
        '404.html',
      ]),
    );
    for (const page of pages) {
      const found = [...page.html.matchAll(RULES_ELEMENT)].map((match) => match[1]);
      expect(found, page.path).toEqual([SPECULATION_RULES]);
      expect(page.html.trimEnd(), page.path).toMatch(/<script type="speculationrules">[^<]*<\/script><\/body><\/html>$/);
    }
  });

  it('prefetch the site’s own pages on intent, never the Worker’s /admin/ and /api/, a file, a new tab or the page itself', () => {
    const { prefetch } = JSON.parse(SPECULATION_RULES);
    expect(prefetch.map((rule: { eagerness: string }) => rule.eagerness)).toEqual(['eager', 'moderate']);
    for (const rule of prefetch) {
      const [own, notWorker, notSelected] = rule.where.and;
      // A path pattern matches the page's own origin only: WhatsApp, the map and the relay never match.
      expect(own).toEqual({ href_matches: '/*' });
      expect(notWorker.not.href_matches).toEqual(['/admin/*', '/api/*', '/assets/*']);
      expect(notSelected.not.selector_matches.split(', ')).toEqual(['[target]', '[download]', '[aria-current="page"]', '[href^="#"]']);
    }
    // Only the likely next pages are eager; every other link of the site waits for the visitor's intent.
    expect(prefetch[0].where.and).toHaveLength(4);
    expect(prefetch[0].where.and[3]).toEqual({ selector_matches: LIKELY_NEXT });
    expect(prefetch[1].where.and).toHaveLength(3);
  });

  it('on a phone the eager links are the menu’s and the calls to action, not the other language nor each service’s quote link', () => {
    const links = (path: string) => {
      const html = pages.find((page) => page.path === path)!.html;
      return [...parseHtml(html).querySelectorAll<HTMLAnchorElement>(LIKELY_NEXT)].map((link) => link.getAttribute('href'));
    };
    // The home page's hero, the drawer's links, and its closing call to action.
    expect(links('index.html')).toEqual(expect.arrayContaining(['/services/', '/contact/']));
    expect(links('ml/index.html')).toEqual(expect.arrayContaining(['/ml/services/', '/ml/contact/']));
    // The other language is a page few visitors open: its link in the drawer waits for the tap.
    expect(links('index.html')).not.toContain('/ml/');
    expect(links('ml/index.html')).not.toContain('/');
    const services = pages.find((page) => page.path === 'services/index.html')!.html;
    const quoteLinks = [...parseHtml(services).querySelectorAll('a[href*="?service="]')];
    expect(quoteLinks.length).toBeGreaterThan(1);
    expect(quoteLinks.filter((link) => link.matches(LIKELY_NEXT))).toEqual([]);
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
