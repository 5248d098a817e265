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
 * and so is a group rule left empty.
 */
export function stylesForClasses(css: string, classes: ReadonlySet<string>): string {
  let out = '';
  for (const block of blocks(css)) {
    if (block.body === undefined) {
      out += `${block.prelude};`;
      continue;
    }
    const prelude = block.prelude.trim();
    if (GROUPS.test(prelude)) {
      const inner = stylesForClasses(block.body, classes);
      if (inner) out += `${block.prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) {
      out += `${block.prelude}{${block.body}}`;
    } else {
      const kept = splitTopLevel(block.prelude).filter((selector) => requiredClasses(selector).every((name) => classes.has(name)));
      if (kept.length) out += `${kept.join(',')}{${block.body}}`;
    }
  }
  return out;
}

interface Block {
  prelude: string;
  /** undefined for a statement ending in `;`, such as `@import` or `@charset`. */
  body?: string;
}

/** The top-level statements and blocks of `css`, reading through strings and escapes. */
function blocks(css: string): Block[] {
  const out: Block[] = [];
  let at = 0;
  while (at < css.length) {
    const open = scanTo(css, at, (c) => c === '{' || c === ';');
    if (open >= css.length) {
      if (css.slice(at).trim()) throw new Error(`The stylesheet ends inside a rule: "${css.slice(at, at + 60)}"`);
      break;
    }
    if (css[open] === ';') {
      out.push({ prelude: css.slice(at, open) });
      at = open + 1;
      continue;
    }
    let depth = 1;
    const close = scanTo(css, open + 1, (c) => {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      return depth === 0;
    });
    if (close >= css.length) throw new Error(`A rule in the stylesheet is never closed: "${css.slice(at, at + 60)}"`);
    out.push({ prelude: css.slice(at, open), body: css.slice(open + 1, close) });
    at = close + 1;
  }
  return out;
}

/** The index of the first character outside strings for which `stop` is true, or css.length. */
function scanTo(css: string, from: number, stop: (c: string) => boolean): number {
  let quote = '';
  for (let i = from; i < css.length; i++) {
    const c = css[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (stop(c)) return i;
  }
  return css.length;
}

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
  const names: string[] = [];
  eachTopLevel(selector, (c, at) => {
    if (c !== '.') return;
    const name = /^-?[_a-zA-Z][\w-]*/.exec(selector.slice(at + 1))?.[0];
    if (name && selector[at + 1 + name.length] !== '\\') names.push(name);
  });
  return names;
}
