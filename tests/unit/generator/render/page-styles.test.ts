import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../../generator/build.js';
import { bundleAssets } from '../../../../generator/bundle/bundle.js';
import { classesOf, stylesForClasses } from '../../../../generator/render/page-styles.js';
import { ROOT, SAMPLE_CONTENT } from '../../../helpers/content.js';
import { fillWhatsAppPopup } from '../../../helpers/dom.js';

/** Each page carries only the style rules that can apply to it. */

describe('the rules a page keeps', () => {
  const keep = (css: string, ...classes: string[]) => stylesForClasses(css, new Set(classes));

  it('drops a rule whose selector needs a class the page lacks, and keeps element and attribute rules', () => {
    expect(keep('.card{color:red}.hero{color:blue}', 'hero')).toBe('.hero{color:blue}');
    expect(keep('p{margin:0}[data-open] .menu{display:block}:root{--x: 1}', 'menu')).toBe(
      'p{margin:0}[data-open] .menu{display:block}:root{--x: 1}',
    );
    expect(keep('.site-header[data-scrolled] .brand{gap:0}', 'site-header')).toBe('');
  });

  it('keeps the selectors of a list that can match and drops the others', () => {
    expect(keep('.a,.b>p,.c:hover{color:red}', 'b', 'c')).toBe('.b>p,.c:hover{color:red}');
  });

  it('does not let a class inside :not(), :is() or [class~=…] remove a rule', () => {
    expect(keep('.a:not(.b){x:1}.a:is(.c,.d){x:2}[class~=e]{x:3}', 'a')).toBe('.a:not(.b){x:1}.a:is(.c,.d){x:2}[class~=e]{x:3}');
  });

  it('prunes inside @media and @supports, drops them when empty, and keeps @font-face and @keyframes whole', () => {
    const css =
      '@media (min-width:48em){.a{x:1}.b{x:2}}@media print{.b{x:3}}@supports (display:grid){.a{x:4}}' +
      '@font-face{font-family:X;src:url(/x.woff2)}@keyframes rise{from{opacity:0}}';
    expect(keep(css, 'a')).toBe(
      '@media (min-width:48em){.a{x:1}}@supports (display:grid){.a{x:4}}@font-face{font-family:X;src:url(/x.woff2)}@keyframes rise{from{opacity:0}}',
    );
  });

  it('reads through strings holding braces, and keeps statements such as @charset', () => {
    expect(keep('@charset "utf-8";.a:after{content:"}{"}.b{x:1}', 'a')).toBe('@charset "utf-8";.a:after{content:"}{"}');
  });

  it('keeps a rule whose class has an escape in its name rather than guess', () => {
    expect(keep('.md\\:wide{x:1}')).toBe('.md\\:wide{x:1}');
  });

  it('refuses a stylesheet that is cut off, instead of writing half of it', () => {
    expect(() => keep('.a{x:1}.b{x:2', 'a')).toThrow(/never closed/);
  });

  it('reads the classes of every element, SVG included', () => {
    expect([...classesOf('<div class="a  b"><svg class="icon"></svg><p data-class="no">x</p></div>')]).toEqual(['a', 'b', 'icon']);
  });
});

describe('the pages built from the sample content', () => {
  let result: BuildResult;
  let whole: string;
  beforeAll(async () => {
    [result, { styles: whole }] = await Promise.all([
      build({ contentDir: SAMPLE_CONTENT, now: new Date('2025-06-01T00:00:00Z') }),
      bundleAssets(),
    ]);
  });

  const window = new Window({
    settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  });
  const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;

  it('leave out only selectors that match no element of the page, its WhatsApp popup’s contents included', () => {
    const files = new Map(result.files.map((f) => [f.path, String(f.contents)]));
    const pages = result.files.filter((f) => f.path.endsWith('.html') && !f.path.startsWith('assets/'));
    expect(pages.length).toBeGreaterThan(8);
    for (const page of pages) {
      const html = String(page.contents);
      const own = styleOf(html);
      expect(own.length, page.path).toBeLessThan(whole.length);
      const doc = new window.DOMParser().parseFromString(html, 'text/html');
      // The popup's contents arrive with the style rules only they need.
      const popup = fillWhatsAppPopup(doc as unknown as Document, (path) => files.get(path));
      const popupStyle = popup.querySelector('style')?.textContent ?? '';
      const kept = new Set([...selectorsOf(own), ...selectorsOf(popupStyle)]);
      // The popup's rules travel with it only, not in every page as well.
      expect(popupStyle.length, page.path).toBeGreaterThan(100);
      for (const selector of selectorsOf(popupStyle)) expect(selectorsOf(own), `${page.path}: ${selector}`).not.toContain(selector);
      for (const selector of selectorsOf(whole)) {
        if (kept.has(selector)) continue;
        // Without its states and pseudo-elements the selector matches at least what it would.
        const structural = selector.replace(/::?[\w-]+(\([^)]*\))?/g, '').trim() || '*';
        expect(doc.querySelector(structural), `${page.path}: ${selector}`).toBeNull();
      }
    }
  });

  it('send the 404 page and the about page fewer rules than the home page', () => {
    const size = (file: string) => styleOf(String(result.files.find((f) => f.path === file)!.contents)).length;
    expect(size('404.html')).toBeLessThan(size('index.html'));
    expect(size('about/index.html')).toBeLessThan(size('index.html'));
  });
});

describe('the client script', () => {
  it('never sets a class, which would find no rule in a page that did not carry it already', async () => {
    const dir = path.join(ROOT, 'client');
    const files = (await readdir(dir)).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(3);
    for (const name of files) {
      const source = await readFile(path.join(dir, name), 'utf8');
      expect(source, `client/${name}`).not.toMatch(/classList|className|setAttribute\(\s*['"]class['"]|toggleAttribute\(\s*['"]class['"]/);
    }
  });
});

/** Every selector of every style rule, inside @media too (not those of @keyframes). */
function selectorsOf(css: string): string[] {
  const out: string[] = [];
  for (const match of css
    .replace(/@keyframes[^{]*\{([^{}]*\{[^}]*\})*\}/g, '')
    .replace(/@font-face\{[^}]*\}/g, '')
    .matchAll(/(?<=^|[{};])([^{};@][^{};]*)\{[^{}]*\}/g)) {
    out.push(...match[1]!.split(/,(?![^(]*\))/).map((s) => s.trim()));
  }
  return out;
}
