import { describe, expect, it } from 'vitest';
import { foldConstantTokens } from '../../../../generator/render/css-constants.js';

describe('foldConstantTokens', () => {
  it('writes a constant token in where it is used and drops its declaration', () => {
    const css = ':root{--sp-4: 1rem;--c-primary: #0b5563}.a{margin:var(--sp-4);color:var(--c-primary)}';
    expect(foldConstantTokens(css)).toBe('.a{margin:1rem;color:#0b5563}');
  });

  it('keeps a token that is set again anywhere else, and every use of it', () => {
    const css =
      ':root{--header-h: 4.5rem;--gap: 1rem}@media(max-width:59.99em){:root{--header-h: 3.9rem}}.h{height:var(--header-h);gap:var(--gap)}';
    expect(foldConstantTokens(css)).toBe(
      ':root{--header-h: 4.5rem}@media(max-width:59.99em){:root{--header-h: 3.9rem}}.h{height:var(--header-h);gap:1rem}',
    );
  });

  it('writes in a token whose value reads only constant tokens, such as a shadow in the primary’s shade', () => {
    const css = ':root{--c-dark-rgb: 7 59 69;--shadow: 0 1px 2px rgb(var(--c-dark-rgb) / .06)}.x{box-shadow:var(--shadow)}';
    expect(foldConstantTokens(css)).toBe('.x{box-shadow:0 1px 2px rgb(7 59 69 / .06)}');
  });

  it('keeps a token that reads a token set again elsewhere, and the token it reads', () => {
    const css =
      ':root{--c-accent: #f4a024;--c-focus: var(--c-accent);--c-line: #ddd}.x{outline-color:var(--c-focus);border-color:var(--c-line)}.y{color:var(--c-accent)}.z{--c-accent: #fff}';
    expect(foldConstantTokens(css)).toBe(
      ':root{--c-accent: #f4a024;--c-focus: var(--c-accent)}.x{outline-color:var(--c-focus);border-color:#ddd}.y{color:var(--c-accent)}.z{--c-accent: #fff}',
    );
  });

  it('leaves a use with a fallback as it is, with its token declared', () => {
    const css = ':root{--w: 2px}.a{border-width:var(--w, 1px)}';
    expect(foldConstantTokens(css)).toBe(':root{--w: 2px}.a{border-width:var(--w, 1px)}');
  });

  it('does not take one token for another that starts with its name', () => {
    const css = ':root{--sp-1: .25rem;--sp-10: 5rem}.a{padding:var(--sp-10) var(--sp-1)}';
    expect(foldConstantTokens(css)).toBe('.a{padding:5rem .25rem}');
  });

  it('reads values with semicolons inside strings as one value', () => {
    const css = ':root{--quote: "a;b";--font: "Noto Sans", sans-serif}.q:before{content:var(--quote);font-family:var(--font)}';
    expect(foldConstantTokens(css)).toBe('.q:before{content:"a;b";font-family:"Noto Sans", sans-serif}');
  });

  it('leaves a stylesheet without tokens unchanged', () => {
    expect(foldConstantTokens('.a{color:red}')).toBe('.a{color:red}');
  });
});
