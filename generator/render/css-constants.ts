/**
 * The stylesheet's design tokens (the custom properties of its first `:root` rule) written in
 * where they are used, when nothing can change them: a token declared nowhere else, with a plain
 * value (no var() of its own). `var(--sp-4)` becomes `1rem` and `var(--c-primary)` `#0b5563`, so
 * each page carries a few hundred bytes less before its first paint, while the source keeps its
 * names. A token whose value reads only such tokens is written in the same way. A token set again
 * anywhere (in a media query, on one element, by a language) keeps working as a custom property,
 * and so does any use of a token with a fallback, `var(--x, y)`.
 */
export function foldConstantTokens(css: string): string {
  // Every build of a process folds the same stylesheet until the colours change: the last answer is kept.
  if (lastFolded?.css !== css) lastFolded = { css, folded: foldTokens(css) };
  return lastFolded.folded;
}

let lastFolded: { css: string; folded: string } | undefined;

function foldTokens(css: string): string {
  const root = /:root\{([^{}]*)\}/.exec(css);
  if (!root) return css;
  const declarations = splitDeclarations(root[1]!);
  const rest = css.slice(0, root.index) + '\u0000' + css.slice(root.index + root[0].length);
  const setElsewhere = new Set([...rest.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]!));
  // A token made of other constant tokens (a shadow in the primary's shade) is constant too, once they are written in.
  const values = new Map<string, string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, value] of declarations) {
      if (values.has(name) || setElsewhere.has(name)) continue;
      const resolved = [...values].reduce((text, [token, plain]) => text.split(`var(${token})`).join(plain), value);
      if (!resolved.includes('var(')) {
        values.set(name, resolved);
        grew = true;
      }
    }
  }
  const constant = ([name]: [string, string]) => values.has(name);
  let folded = rest;
  for (const [name, value] of values) folded = folded.split(`var(${name})`).join(value);
  // Tokens something still reads (the rest of the stylesheet, or a token that stays) stay declared.
  const keep = new Set(declarations.filter((declaration) => !constant(declaration)).map(([name]) => name));
  for (let grew = true; grew; ) {
    grew = false;
    const readers = [folded, ...declarations.filter(([name]) => keep.has(name)).map(([, value]) => value)].join('\n');
    for (const [name] of declarations) {
      if (!keep.has(name) && (readers.includes(`var(${name})`) || readers.includes(`var(${name},`))) {
        keep.add(name);
        grew = true;
      }
    }
  }
  const kept = declarations.filter(([name]) => keep.has(name));
  const rootRule = kept.length ? `:root{${kept.map(([name, value]) => `${name}: ${value}`).join(';')}}` : '';
  return folded.replace('\u0000', rootRule);
}

/** `--name: value` pairs of a declaration block, split at semicolons outside strings and brackets. */
function splitDeclarations(block: string): Array<[name: string, value: string]> {
  const out: Array<[string, string]> = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  const take = (end: number) => {
    const text = block.slice(start, end);
    const colon = text.indexOf(':');
    const name = text.slice(0, colon).trim();
    if (colon > 0 && name.startsWith('--')) out.push([name, text.slice(colon + 1).trim()]);
    start = end + 1;
  };
  for (let at = 0; at < block.length; at += 1) {
    const c = block[at]!;
    if (quote) {
      if (c === '\\') at += 1;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (c === ';' && depth === 0) take(at);
  }
  if (block.slice(start).trim()) take(block.length);
  return out;
}
