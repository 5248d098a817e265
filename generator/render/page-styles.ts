/**
 * Each page carries, in its <head>, only the style rules that can apply to it: a rule whose
 * selector needs a class no element of the page has is left out. The whole stylesheet is about
 * 26 KB; the home page uses three quarters of it and the 404 page half. Fewer bytes before the
 * first paint matter most where the page would otherwise not fit in the first round trip of a
 * new connection (about 14 KB compressed), and the browser matches fewer rules.
 *
 * Only classes decide: the client script changes data-* attributes, `hidden` and ARIA states,
 * never classes (client/HOOKS.md), so a page's classes are all in its HTML. A class written
 * inside parentheses or brackets (`:not(.x)`, `:is(.x, .y)`, `[class~=x]`) decides nothing,
 * since such a selector can match without it.
 */

/** The classes on any element of `html`. */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Group rules whose contents are rules themselves, pruned inside; other at-rules stay whole. */
const GROUPS = /^@(media|supports|layer|container)\b/i;

/**
 * `css` (as esbuild writes it: no comments) without the style rules that need a class missing
 * from `classes`. Selectors of a list are dropped one by one; a rule left with none is dropped,
 * and so is a group rule left empty. The stylesheet is read once and kept for the next page.
 */
export function stylesForClasses(css: string, classes: ReadonlySet<string>): string {
  return emit(rulesOf(css), classes);
}

/**
 * Only the style rules of `css` that a part loaded later needs and no page has: those whose
 * selector needs one of `own` (classes only that part has) and otherwise classes of `classes`.
 * At-rules that are not groups (@font-face, @keyframes) stay with the pages.
 */
export function stylesOnlyFor(css: string, own: ReadonlySet<string>, classes: ReadonlySet<string>): string {
  return emit(rulesOf(css), classes, own);
}

/** A rule of the stylesheet, read into what deciding and writing it needs. */
type Rule =
  | { kind: 'whole'; text: string }
  | { kind: 'group'; prelude: string; rules: Rule[] }
  | { kind: 'style'; selectors: Array<{ text: string; needs: string[] }>; body: string };

let lastParsed: { css: string; rules: Rule[] } = { css: '', rules: [] };

/** The rules of `css`, read once and kept for the next page. */
function rulesOf(css: string): Rule[] {
  if (css !== lastParsed.css) lastParsed = { css, rules: parseRules(css) };
  return lastParsed.rules;
}

function parseRules(css: string): Rule[] {
  return blocks(css).map((block): Rule => {
    if (block.body === undefined) return { kind: 'whole', text: `${block.prelude};` };
    const prelude = block.prelude.trim();
    if (GROUPS.test(prelude)) return { kind: 'group', prelude: block.prelude, rules: parseRules(block.body) };
    if (prelude.startsWith('@')) return { kind: 'whole', text: `${block.prelude}{${block.body}}` };
    const selectors = splitTopLevel(block.prelude).map((text) => ({ text, needs: requiredClasses(text) }));
    return { kind: 'style', selectors, body: block.body };
  });
}

function emit(rules: readonly Rule[], classes: ReadonlySet<string>, own?: ReadonlySet<string>): string {
  let out = '';
  for (const rule of rules) {
    if (rule.kind === 'whole') out += own ? '' : rule.text;
    else if (rule.kind === 'group') {
      const inner = emit(rule.rules, classes, own);
      if (inner) out += `${rule.prelude}{${inner}}`;
    } else {
      const kept = rule.selectors.filter(
        ({ needs }) => needs.every((name) => classes.has(name) || own?.has(name)) && (!own || needs.some((name) => own.has(name))),
      );
      if (kept.length) out += `${kept.map(({ text }) => text).join(',')}{${rule.body}}`;
    }
  }
  return out;
}

interface Block {
  prelude: string;
  /** undefined for a statement ending in `;`, such as `@import` or `@charset`. */
  body?: string;
}

/** What the reader of a stylesheet stops at: braces, statement ends, strings and escapes. */
const SPECIAL = /[{};"'\\]/g;

/** The top-level statements and blocks of `css`, reading through strings and escapes. */
function blocks(css: string): Block[] {
  const out: Block[] = [];
  let start = 0;
  let depth = 0;
  let prelude = '';
  SPECIAL.lastIndex = 0;
  for (let match = SPECIAL.exec(css); match; match = SPECIAL.exec(css)) {
    const c = match[0];
    const at = match.index;
    if (c === '\\') SPECIAL.lastIndex = at + 2;
    else if (c === '"' || c === "'") SPECIAL.lastIndex = closingQuote(css, at);
    else if (c === '{') {
      if (depth++ === 0) {
        prelude = css.slice(start, at);
        start = at + 1;
      }
    } else if (c === '}') {
      if (depth === 0) throw new Error(`The stylesheet closes a rule it never opened: "${css.slice(Math.max(0, at - 60), at + 1)}"`);
      if (--depth === 0) {
        out.push({ prelude, body: css.slice(start, at) });
        start = at + 1;
      }
    } else if (depth === 0) {
      out.push({ prelude: css.slice(start, at) });
      start = at + 1;
    }
  }
  if (depth > 0) throw new Error(`A rule in the stylesheet is never closed: "${prelude.slice(0, 60)}"`);
  if (css.slice(start).trim()) throw new Error(`The stylesheet ends inside a rule: "${css.slice(start, start + 60)}"`);
  return out;
}

/** The index just past the quote that closes the string opening at `from`. */
function closingQuote(css: string, from: number): number {
  const quote = css[from];
  let at = from + 1;
  while (at < css.length && css[at] !== quote) at += css[at] === '\\' ? 2 : 1;
  return at + 1;
}

/** Parentheses, brackets or escapes: a selector that needs reading character by character. */
const NESTED = /[([\\]/;

/** A class in a selector without parentheses, brackets or escapes. */
const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;

/** Calls `visit` with each character of `text` outside parentheses and brackets, skipping escapes. */
function eachTopLevel(text: string, visit: (c: string, at: number) => void): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) visit(c, i);
  }
}

/** A selector list split at its top-level commas (not those inside `:is(…)` or `[…]`). */
function splitTopLevel(list: string): string[] {
  if (!NESTED.test(list)) return list.split(',');
  const parts: string[] = [];
  let start = 0;
  eachTopLevel(list, (c, at) => {
    if (c !== ',') return;
    parts.push(list.slice(start, at));
    start = at + 1;
  });
  parts.push(list.slice(start));
  return parts;
}

/**
 * The classes an element must have for `selector` to match anything: those outside parentheses
 * and brackets. A class with an escape in its name is not read, so it never removes a rule.
 */
function requiredClasses(selector: string): string[] {
  if (!NESTED.test(selector)) return Array.from(selector.matchAll(CLASS), (match) => match[1]!);
  const names: string[] = [];
  eachTopLevel(selector, (c, at) => {
    if (c !== '.') return;
    const name = /^-?[_a-zA-Z][\w-]*/.exec(selector.slice(at + 1))?.[0];
    if (name && selector[at + 1 + name.length] !== '\\') names.push(name);
  });
  return names;
}
