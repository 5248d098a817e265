import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Window } from 'happy-dom';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, checkContent, type BuildResult } from '../../../../generator/build.js';
import { contentSecurityPolicy, hashSource, headersFile, serializePolicy } from '../../../../generator/render/security.js';
import { SPECULATION_RULES } from '../../../../generator/render/speculation-rules.js';
import { faviconDataUrl } from '../../../../templates/favicon.js';
import { headersFor, parseHeaders } from '../../../../generator/serve/headers.js';
import type { ContentFile } from '../../../../generator/schema/index.js';
import { popupFile } from '../../../../generator/render/whatsapp-popup.js';
import { contentWithFixture, ROOT, SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * "Ship it safely": the headers and the meta policy derived from content, what the built pages may
 * and may not contain, content that tries to smuggle in markup or unsafe links, and the workflow
 * that publishes the site.
 */

const NOW = new Date('2025-06-01T00:00:00Z');
const PAGES = ['index.html', 'about/index.html', 'services/index.html', 'contact/index.html', '404.html'];

/** The stylesheet written into a page, and its hash as a CSP source. */
function inlineStyle(html: string): { text: string; source: string } {
  const text = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  return { text, source: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
}

/** The stylesheet hashes the page's own <meta> policy allows. */
function metaStyleSources(html: string): string[] {
  return (
    /style-src ([^;"]*)/
      .exec(html)?.[1]
      ?.split(' ')
      .filter((source) => source.startsWith("'sha256-")) ?? []
  );
}

/** The one inline script a page runs past the policy: its speculation rules, by their hash. */
const RULES = hashSource(SPECULATION_RULES);

/**
 * The policy for the sample content, spelled out so a change to it shows in review; STYLE stands
 * for the hashes of the stylesheets the pages carry, which change with every style edit.
 */
const SAMPLE_POLICY =
  `default-src 'none'; script-src 'self' ${RULES}; ` +
  "style-src 'self' STYLE; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self' https://formsubmit.co; form-action 'self' https://formsubmit.co; " +
  "frame-src https://www.google.com; base-uri 'self'; object-src 'none'; frame-ancestors 'none'";

type Edit = [file: ContentFile, path: Array<string | number>, value: unknown];

const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of the shipped content with `edits` applied, written back as YAML; returns the content folder. */
async function editedContent(edits: readonly Edit[]): Promise<string> {
  const dir = await contentWithFixture();
  temporary.push(dir);
  const content = path.join(dir, 'content');
  for (const file of new Set(edits.map(([name]) => name))) {
    const target = path.join(content, file);
    const doc = parseDocument(await readFile(target, 'utf8'));
    for (const [, at, value] of edits.filter(([name]) => name === file)) doc.setIn(at, value);
    await writeFile(target, doc.toString({ lineWidth: 0 }));
  }
  return content;
}

function text(result: BuildResult, file: string): string {
  const found = result.files.find((f) => f.path === file);
  if (!found) throw new Error(`The build has no ${file}`);
  return String(found.contents);
}

const window = new Window({
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
  },
});

function parseHtml(html: string) {
  return new window.DOMParser().parseFromString(html, 'text/html');
}

/** Every element of a parsed page, attributes included. */
function elements(html: string) {
  return [...parseHtml(html).querySelectorAll('*')];
}

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster'];

/**
 * What CSP without 'unsafe-inline' would block, or what would run script: inline scripts (JSON-LD
 * is data, not script), <style> elements, style="" and on*="" attributes, javascript: or data: URLs.
 * Returns one line per finding, empty when the page is clean.
 */
function inlineFindings(html: string, scriptSrc: string, allowedStyles: readonly string[]): string[] {
  const findings: string[] = [];
  for (const element of elements(html)) {
    const tag = element.tagName.toLowerCase();
    if (tag === 'script') {
      const type = element.getAttribute('type');
      const src = element.getAttribute('src');
      if (type === 'application/ld+json' && src === null) JSON.parse(element.textContent ?? '');
      else if (
        !(src === scriptSrc && type === 'module' && !element.textContent) &&
        !(type === 'speculationrules' && src === null && element.textContent === SPECULATION_RULES)
      )
        findings.push(`script ${element.outerHTML.slice(0, 120)}`);
    }
    if (tag === 'style' && !allowedStyles.includes(inlineStyle(element.outerHTML).source))
      findings.push('a <style> element the policy does not allow by its hash');
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value ?? '';
      if (name === 'style') findings.push(`style="${value}" on <${tag}>`);
      if (name.startsWith('on')) findings.push(`${name}="${value}" on <${tag}>`);
      // The favicon is the one data: address, a picture, on <link rel="icon">.
      const favicon = tag === 'link' && element.getAttribute('rel') === 'icon' && name === 'href' && value === faviconDataUrl();
      if (URL_ATTRIBUTES.includes(name) && /^\s*(javascript|data|vbscript):/i.test(value) && !favicon) {
        findings.push(`${name}="${value}" on <${tag}>`);
      }
    }
  }
  return findings;
}

describe('security headers and the page policy, from the shipped content', () => {
  let result: BuildResult;
  let style: { text: string; source: string };
  /** The whole policy for the sample, every page's stylesheet allowed: each page's <meta> carries its own part of it. */
  let policy: string;
  /** Each page's own hash, in the order the pages are built. */
  let sources: string[];
  beforeAll(async () => {
    result = await build({ contentDir: SAMPLE_CONTENT, now: NOW });
    style = inlineStyle(text(result, 'index.html'));
    sources = [...new Set(result.files.filter((f) => f.path.endsWith('.html')).map((f) => inlineStyle(String(f.contents)).source))];
    policy = SAMPLE_POLICY.replace('STYLE', sources.join(' '));
  });

  it('write into each page a stylesheet of its own, allowed by its hash and nothing looser', () => {
    expect(style.text.length).toBeGreaterThan(1000);
    // Pages made of other parts carry other rules; the same page in both languages the same ones.
    expect(inlineStyle(text(result, 'services/index.html')).source).not.toBe(style.source);
    expect(inlineStyle(text(result, 'ml/index.html'))).toEqual(style);
    expect(sources.length).toBeGreaterThan(2);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('allow only the site itself, the quote relay and the map', () => {
    expect(serializePolicy(contentSecurityPolicy(result.site, { styles: sources }))).toBe(policy);
  });

  it('write _headers with the policy, the hardening headers and long caching for hashed assets', () => {
    const rules = parseHeaders(text(result, '_headers'));
    expect(rules.map((rule) => rule.pattern)).toEqual(['/*', '/assets/*']);
    const page = Object.fromEntries(headersFor(rules, '/contact/'));
    expect(page).toEqual({
      // The part of the policy that holds for every file, and framing, which only a header can forbid;
      // each page's <meta> carries the rest (below).
      'Content-Security-Policy': `script-src 'self' ${RULES}; base-uri 'self'; object-src 'none'; frame-ancestors 'none'`,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': expect.stringMatching(/^[a-z-]+=\(\)(, [a-z-]+=\(\))*$/),
      'Cross-Origin-Opener-Policy': 'same-origin',
      // A year; the subdomains only when site.yaml says so (below).
      'Strict-Transport-Security': 'max-age=31536000',
    });
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(page['Permissions-Policy']).toContain(`${feature}=()`);
    }
    const asset = result.files.find((f) => f.path.startsWith('assets/') && f.path.endsWith('.js'))!.path;
    expect(Object.fromEntries(headersFor(rules, `/${asset}`))['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(Object.fromEntries(headersFor(rules, '/'))['Cache-Control']).toBeUndefined();
  });

  it('send Strict-Transport-Security for a year, with includeSubDomains only when site.yaml sets seo.httpsForSubdomains', () => {
    const hsts = (httpsForSubdomains: boolean | undefined) => {
      const site = { ...result.site, settings: { ...result.site.settings, seo: { ...result.site.settings.seo, httpsForSubdomains } } };
      return Object.fromEntries(headersFor(parseHeaders(String(headersFile(site).contents)), '/'))['Strict-Transport-Security'];
    };
    expect(hsts(undefined)).toBe('max-age=31536000');
    expect(hsts(false)).toBe('max-age=31536000');
    expect(hsts(true)).toBe('max-age=31536000; includeSubDomains');
  });

  it('put the policy, without frame-ancestors, allowing only the page’s own stylesheet and its WhatsApp popup’s, and the map only on the contact pages, at the top of every page’s <head>', () => {
    for (const file of PAGES) {
      const html = text(result, file);
      const frames = /(^|\/)contact\/index\.html$/.test(file) ? 'https://www.google.com' : "'none'";
      // The popup's contents, which the client puts into the page, start with a <style> of their own.
      const popup = text(result, popupFile(/data-whatsapp-src="([^"]+)"/.exec(html)![1]!));
      const metaPolicy = SAMPLE_POLICY.replace('STYLE', `${inlineStyle(html).source} ${inlineStyle(popup).source}`)
        .replace("; frame-ancestors 'none'", '')
        .replace('frame-src https://www.google.com', `frame-src ${frames}`);
      const doc = parseHtml(html);
      const metas = [...doc.querySelectorAll('meta[http-equiv]')];
      expect(
        metas.map((m) => [m.getAttribute('http-equiv'), m.getAttribute('content')]),
        file,
      ).toEqual([['Content-Security-Policy', metaPolicy]]);
      // Before the stylesheet and scripts it governs, straight after the charset.
      const head = [...doc.head.children].map((el) => el.tagName.toLowerCase() + (el.getAttribute('http-equiv') ? '[csp]' : ''));
      expect(head.slice(0, 2), file).toEqual(['meta', 'meta[csp]']);
      expect(doc.head.children[0]!.getAttribute('charset')?.toLowerCase()).toBe('utf-8');
    }
  });

  it('render pages with no inline script or style, no event handler attributes and no script URLs', () => {
    const js = result.files.find((f) => /^assets\/.*\.js$/.test(f.path))!.path;
    for (const file of PAGES) expect(inlineFindings(text(result, file), `/${js}`, metaStyleSources(text(result, file))), file).toEqual([]);
  });

  it('load nothing the policy does not allow: every script, stylesheet and image from the site, the map from its origin', () => {
    const policy = new Map(contentSecurityPolicy(result.site));
    for (const file of PAGES) {
      for (const element of elements(text(result, file))) {
        const tag = element.tagName.toLowerCase();
        const src = element.getAttribute('src');
        if ((tag === 'script' || tag === 'img') && src) expect(src, `${file}: <${tag}>`).toMatch(/^\/[^/]/);
        if (tag === 'link' && element.getAttribute('rel') === 'stylesheet') expect(element.getAttribute('href')).toMatch(/^\/[^/]/);
        if (tag === 'iframe') expect(policy.get('frame-src')).toContain(new URL(src!).origin);
        // The map's frame comes later, from the script: the page's own policy must already allow it.
        const map = element.getAttribute('data-map-src');
        if (map) expect(/frame-src ([^;"]*)/.exec(text(result, file))?.[1]?.split(' '), file).toContain(new URL(map).origin);
        if (tag === 'form' && element.getAttribute('action')) {
          expect(policy.get('form-action')).toContain(new URL(element.getAttribute('action')!).origin);
        }
        if (element.hasAttribute('data-endpoint')) {
          expect(policy.get('connect-src')).toContain(new URL(element.getAttribute('data-endpoint')!).origin);
        }
      }
    }
    // The stylesheet pulls in nothing from elsewhere and needs no data: images.
    for (const [, target] of style.text.matchAll(/url\(\s*['"]?([^'")]*)/g)) expect(target).toMatch(/^\/[^/]/);
    expect(style.text).not.toMatch(/@import\s/);
  });

  it('open every new tab with rel="noopener noreferrer", the social links included', async () => {
    const withSocial = await build({
      contentDir: await editedContent([
        ['site.yaml', ['social', 0, 'url'], 'https://www.facebook.com/example'],
        ['site.yaml', ['social', 1, 'url'], 'https://www.instagram.com/example'],
      ]),
      now: NOW,
    });
    let blank = 0;
    for (const file of PAGES) {
      for (const link of parseHtml(text(withSocial, file)).querySelectorAll('[target]')) {
        expect(link.getAttribute('target'), file).toBe('_blank');
        expect(link.getAttribute('rel')?.split(/\s+/).sort(), `${file}: ${link.outerHTML.slice(0, 100)}`).toEqual([
          'noopener',
          'noreferrer',
        ]);
        blank++;
      }
      expect(text(withSocial, file)).toContain('href="https://www.facebook.com/example"');
    }
    expect(blank).toBeGreaterThan(PAGES.length * 2);
  });
});

describe('the relay address from --form-endpoint', () => {
  it('replaces the content’s relay in connect-src and form-action, in every page', async () => {
    const result = await build({ contentDir: SAMPLE_CONTENT, formEndpoint: 'http://127.0.0.1:8787/relay', now: NOW });
    const policy = new Map(contentSecurityPolicy(result.site));
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:8787']);
    expect(policy.get('form-action')).toEqual(["'self'", 'http://127.0.0.1:8787']);
    expect(text(result, 'index.html')).toContain("connect-src 'self' http://127.0.0.1:8787;");
    expect(text(result, 'contact/index.html')).toContain("form-action 'self' http://127.0.0.1:8787;");
    expect(text(result, 'contact/index.html')).not.toContain('formsubmit.co');
  });
});

describe('markup in content renders as text', () => {
  const SCRIPT = '<script>alert(1)</script>';
  const IMG = '<img src=x onerror=alert(1)>';
  const EDITS: Edit[] = [
    ['site.yaml', ['company', 'name'], SCRIPT],
    ['site.yaml', ['company', 'description'], `</script>${SCRIPT}`],
    ['site.yaml', ['contact', 'hours'], IMG],
    ['pages/home.yaml', ['hero', 'title'], IMG],
    ['pages/home.yaml', ['seo', 'title'], `</title>${SCRIPT}`],
    ['pages/contact.yaml', ['form', 'fields', 'name', 'placeholder'], `">${IMG}`],
    ['services.yaml', ['services', 0, 'title'], IMG],
    ['services.yaml', ['services', 0, 'pricing', 'note'], SCRIPT],
    ['testimonials.yaml', ['testimonials', 0, 'comment'], SCRIPT],
    ['whatsapp.yaml', ['greeting'], SCRIPT],
    ['whatsapp.yaml', ['actions', 0, 'message'], `"><script>alert(1)</script>`],
    ['layout.yaml', ['footer', 'rights'], IMG],
  ];
  let result: BuildResult;
  beforeAll(async () => {
    result = await build({ contentDir: await editedContent(EDITS), now: NOW });
  });

  it('escapes it in every page, and no such element or handler appears', () => {
    const js = result.files.find((f) => /^assets\/.*\.js$/.test(f.path))!.path;
    for (const file of PAGES) {
      const html = text(result, file);
      expect(inlineFindings(html, `/${js}`, metaStyleSources(html)), file).toEqual([]);
      const doc = parseHtml(html);
      // The page's own images (the features' drawings on /services/) are fine; the content's are text.
      expect(doc.querySelectorAll('img[onerror], img[src="x"]').length, file).toBe(0);
      expect(html, file).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html, file).not.toContain(SCRIPT);
      expect(html, file).not.toContain('<img src=x');
    }
    const home = parseHtml(text(result, 'index.html'));
    expect(home.querySelector('h1')?.textContent).toContain(IMG);
    expect(home.querySelector('title')?.textContent).toBe(`</title>${SCRIPT}`);
    expect(text(result, 'services/index.html')).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(parseHtml(text(result, 'contact/index.html')).querySelector('#quote-name')?.getAttribute('placeholder')).toBe(`">${IMG}`);
    // The WhatsApp popup's contents, which the client puts into every page: the greeting and a message were markup.
    const popup = text(result, popupFile(/data-whatsapp-src="([^"]+)"/.exec(text(result, 'index.html'))![1]!));
    expect(inlineFindings(popup.replace(/^<style>[\s\S]*?<\/style>/, ''), `/${js}`, [])).toEqual([]);
    expect(popup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(popup).not.toContain(SCRIPT);
    const message = parseHtml(`<!doctype html><body>${popup}`).querySelector('a[data-whatsapp-action]')!.getAttribute('href')!;
    expect(new URL(message).searchParams.get('text')).toBe(`"><script>alert(1)</script>`);
  });

  it('keeps the JSON-LD a single data block whose text survives as data', () => {
    for (const file of PAGES) {
      const doc = parseHtml(text(result, file));
      const blocks = [...doc.querySelectorAll('script[type="application/ld+json"]')];
      expect(blocks.length, file).toBe(1);
      const data = JSON.parse(blocks[0]!.textContent ?? '') as { name: string; description?: string };
      expect(data.name).toBe(SCRIPT);
      // The description travels on the pages that describe the company.
      if (['index.html', 'about/index.html'].includes(file)) expect(data.description, file).toBe(`</script>${SCRIPT}`);
    }
  });
});

/** Form settings for a relay other than FormSubmit (both addresses, no recipient), with `addresses` changed. */
function otherRelay(addresses: { endpoint?: string; plainEndpoint?: string }) {
  return {
    endpoint: 'https://relay.example/ajax',
    plainEndpoint: 'https://relay.example/post',
    subjectPrefix: 'Quote',
    timeoutSeconds: 20,
    ...addresses,
  };
}

describe('unsafe links are refused with a located problem', () => {
  /** `value` is the unsafe value where the edit writes more than it (a whole block). */
  const CASES: Array<{ name: string; edit: Edit; path: string; code: string; message: RegExp; value?: string }> = [
    {
      name: 'a javascript: directions link',
      edit: ['site.yaml', ['contact', 'directionsUrl'], 'javascript:alert(1)'],
      path: 'contact.directionsUrl',
      code: 'unsafe-url',
      message: /uses "javascript:"/,
    },
    {
      name: 'javascript: in capitals behind a space',
      edit: ['site.yaml', ['contact', 'directionsUrl'], ' JavaScript:alert(1)'],
      path: 'contact.directionsUrl',
      code: 'unsafe-url',
      message: /uses "javascript:"/,
    },
    {
      name: 'a data: map',
      edit: ['site.yaml', ['contact', 'mapEmbedUrl'], 'data:text/html,<script>alert(1)</script>'],
      path: 'contact.mapEmbedUrl',
      code: 'unsafe-url',
      message: /uses "data:"/,
    },
    {
      name: 'a map on another host',
      edit: ['site.yaml', ['contact', 'mapEmbedUrl'], 'https://maps.evil.example/embed'],
      path: 'contact.mapEmbedUrl',
      code: 'unsafe-url',
      message: /points at maps\.evil\.example/,
    },
    {
      name: 'a relay with a javascript: address',
      edit: ['site.yaml', ['form'], otherRelay({ endpoint: 'javascript:fetch(1)' })],
      value: 'javascript:fetch(1)',
      path: 'form.endpoint',
      code: 'unsafe-url',
      message: /uses "javascript:"/,
    },
    {
      name: 'a relay address with a password',
      edit: ['site.yaml', ['form'], otherRelay({ plainEndpoint: 'https://user:secret@relay.example/' })],
      value: 'https://user:secret@relay.example/',
      path: 'form.plainEndpoint',
      code: 'unsafe-url',
      message: /user name or password/,
    },
    {
      name: 'a plain http site address',
      edit: ['site.yaml', ['seo', 'siteUrl'], 'http://www.example.com'],
      path: 'seo.siteUrl',
      code: 'unsafe-url',
      message: /uses http:/,
    },
    {
      name: 'a Facebook link to another site',
      edit: ['site.yaml', ['social', 0, 'url'], 'https://facebook.com.evil.example/page'],
      path: 'social[1].url',
      code: 'unsafe-url',
      message: /points at facebook\.com\.evil\.example, but a Facebook link must lead to facebook\.com\./,
    },
    {
      name: 'an Instagram link on Facebook',
      edit: ['site.yaml', ['social', 1, 'url'], 'https://www.facebook.com/example'],
      path: 'social[2].url',
      code: 'unsafe-url',
      message: /points at www\.facebook\.com, but an Instagram link must lead to instagram\.com\./,
    },
    {
      name: 'a javascript: menu link',
      edit: ['layout.yaml', ['header', 'cta', 'href'], 'javascript:alert(1)'],
      path: 'header.cta.href',
      code: 'unknown-reference',
      message: /not a page of this site/,
    },
    {
      name: 'a link to another host written as //',
      edit: ['pages/home.yaml', ['hero', 'primary', 'href'], '//evil.example/'],
      path: 'hero.primary.href',
      code: 'unknown-reference',
      message: /not a page of this site/,
    },
  ];

  for (const { name, edit, path: dotPath, code, message, value = String(edit[2]) } of CASES) {
    it(`refuses ${name}`, async () => {
      const content = await editedContent([edit]);
      const { problems, sources } = await checkContent(content);
      expect(
        problems.map((p) => [p.path, p.code]),
        name,
      ).toEqual([[dotPath, code]]);
      const [problem] = problems;
      expect(problem!.file).toBe(path.join(content, edit[0]));
      expect(problem!.message).toMatch(message);
      // The location is the value itself: its line, at its column (after an opening quote, if any).
      const line = sources.get(problem!.file)!.split('\n')[problem!.line! - 1]!;
      expect(line.slice(problem!.column! - 1).replace(/^["']/, '')).toMatch(new RegExp(`^${escapeForRegExp(value.slice(0, 8))}`));
    });
  }

  it('accepts each network on its own hosts, X on x.com and twitter.com', async () => {
    const content = await editedContent([
      ['site.yaml', ['social', 0, 'url'], 'https://www.facebook.com/example'],
      ['site.yaml', ['social', 1, 'url'], 'https://instagram.com/example'],
      ['site.yaml', ['social', 2, 'url'], 'https://www.youtube.com/@example'],
      ['site.yaml', ['social', 3, 'url'], 'https://in.linkedin.com/company/example'],
      ['site.yaml', ['social', 4], { network: 'x', label: 'X', url: 'https://twitter.com/example' }],
      ['site.yaml', ['social', 5], { network: 'x', label: 'X', url: 'https://x.com/example' }],
    ]);
    expect((await checkContent(content)).problems).toEqual([]);
  });
});

function escapeForRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
