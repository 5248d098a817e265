import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { isMap, isNode, isScalar, isSeq, parseDocument, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { CONTENT_FILES, type ContentFile } from '../../../../generator/schema/index.js';
import { captureIo, contentWithFixture, SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * Random damage to the shipped content, the kind an operator's editor, a bad paste or a hostile
 * file could do: changed types, deleted and added keys, odd Unicode, very long strings, deep
 * nesting, anchors and aliases. Whatever the file says, `site check` must answer like it does for
 * any content mistake (exit 0 or 1, never a stack trace, never a hang), and every location it
 * prints must lie inside the file it names.
 *
 * Bounded: two hundred runs in all, each a full in-process `site check` of the ten files.
 * A failure prints fast-check's seed and the shrunk case; FUZZ_SEED=<seed> replays it.
 */

const NAMES = Object.keys(CONTENT_FILES) as ContentFile[];
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Runs per property; FUZZ_RUNS=2000 for a longer hunt by hand. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

let dir: string;
let content: string;
const shipped = new Map<ContentFile, string>();
const translations = new Map<string, string>();

beforeAll(async () => {
  dir = await contentWithFixture();
  content = path.join(dir, 'content');
  for (const name of NAMES) shipped.set(name, await readFile(path.join(SAMPLE_CONTENT, name), 'utf8'));
  // A damaged English file can leave its Malayalam file with texts to add or take out: those are located there.
  for (const name of NAMES) translations.set(`ml/${name}`, await readFile(path.join(SAMPLE_CONTENT, 'ml', name), 'utf8'));
  // Warm up (the lazy imports, zod's first parse), so timings measure the content alone.
  expect(await main(['check', '--content', content], captureIo(dir))).toBe(0);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Writes `source` as content file `name`, runs `site check` in process, then restores the file. */
async function checkWith(name: ContentFile, source: string): Promise<Outcome> {
  const file = path.join(content, name);
  await writeFile(file, source);
  try {
    const io = captureIo(dir);
    const started = performance.now();
    const code = await main(['check', '--content', content], io);
    return { code, stdout: io.stdout(), stderr: io.stderr(), ms: performance.now() - started };
  } finally {
    await writeFile(file, shipped.get(name)!);
  }
}

/**
 * What every answer must be like: exit 0 or 1, no stack, and each `file:line:column` it prints
 * pointing inside that file as written (lines split the way the formatter splits them).
 */
function expectWellFormed(outcome: Outcome, written: ReadonlyMap<string, string>): void {
  expect([0, 1], outcome.stderr.slice(0, 2000)).toContain(outcome.code);
  expect(outcome.stderr).not.toMatch(/\n\s+at \S/);
  expect(outcome.stderr).not.toContain('this is a bug');
  for (const [, file, line, column] of outcome.stderr.matchAll(/^(content\/\S+?\.yaml):(\d+):(\d+)/gm)) {
    const source =
      written.get(file!) ?? shipped.get(file!.slice('content/'.length) as ContentFile) ?? translations.get(file!.slice('content/'.length));
    expect(source, `${file} is not a content file`).toBeDefined();
    const lines = source!.split(/\r?\n/);
    const at = Number(line);
    expect(at, `${file}:${line}:${column} is past the last line (${lines.length})`).toBeLessThanOrEqual(lines.length);
    expect(at).toBeGreaterThanOrEqual(1);
    const length = lines[at - 1]!.length;
    expect(Number(column), `${file}:${line}:${column} is past the end of its line (${length} characters)`).toBeLessThanOrEqual(length + 1);
    expect(Number(column)).toBeGreaterThanOrEqual(1);
  }
}

// ---- what the fuzzer writes ----

/** Text that trips parsers and terminals: YAML indicators, line breaks of other systems, BOMs, bidi controls, lone surrogates. */
const NASTY = [
  '',
  ' ',
  '\t',
  '\r',
  '\r\n',
  '\n\n',
  '\u0085',
  '\u2028',
  '\u2029',
  '\uFEFF',
  '\u0000',
  '\u001b[31m',
  '\u202E',
  '\u200B',
  '\uD800',
  '\uDFFF',
  'e\u0301',
  '👨‍👩‍👧',
  '𝕂𝕖𝕣𝕒𝕝𝕒',
  'കേരളം',
  '#',
  ' #',
  ': ',
  '- ',
  '? ',
  '&a ',
  '*a',
  '!!binary ',
  '!<tag:x> ',
  '%YAML 1.1',
  '---',
  '...',
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  '|',
  '>-',
  '<<: ',
  '@',
  '`',
  '\\',
  '\\u0000',
];

const oddText = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.array(fc.constantFrom(...NASTY), { maxLength: 6 }).map((parts) => parts.join('')),
);

const longText = fc
  .tuple(fc.constantFrom('x', 'ക', '₹', ' ', 'ab\n'), fc.integer({ min: 1_000, max: 200_000 }))
  .map(([unit, n]) => unit.repeat(n));

/** A value nested `depth` lists or maps deep. */
const deep = fc.tuple(fc.integer({ min: 20, max: 400 }), fc.boolean()).map(([depth, maps]) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = maps ? { k: value } : [value];
  return value;
});

const scalar = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.bigInt().map((n) => n * 10n ** 30n),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }),
  oddText,
);

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: longText },
  { weight: 1, arbitrary: deep },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.dictionary(oddText, scalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.constant({}) },
);

const oddKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '<<', '', 'servces', 'id', 'title'), oddText);

type Segment = string | number;

/** Every path into a plain value, the root included; an alias to an ancestor (a cycle) is not followed. */
function paths(value: unknown, prefix: Segment[] = [], seen = new Set<unknown>()): Segment[][] {
  const out: Segment[][] = [prefix];
  if (!value || typeof value !== 'object' || seen.has(value)) return out;
  seen.add(value);
  // Not value.map: a mutation may have given the array an own "constructor" key, which map() would call.
  const entries: Array<[Segment, unknown]> = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  for (const [key, item] of entries) out.push(...paths(item, [...prefix, key], seen));
  return out;
}

function parentOf(root: unknown, at: readonly Segment[]): Record<Segment, unknown> | undefined {
  let node = root;
  for (const segment of at.slice(0, -1)) node = (node as Record<Segment, unknown>)[segment];
  return node && typeof node === 'object' ? (node as Record<Segment, unknown>) : undefined;
}

/** Sets an own property, even one named __proto__, the way a YAML key would be. */
function define(target: Record<Segment, unknown>, key: Segment, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'delete'; pick: number }
  | { kind: 'add'; pick: number; key: string; value: unknown }
  | { kind: 'rename'; pick: number; key: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: oddValue }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), pick: fc.nat(), key: oddKey, value: oddValue }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), key: oddKey }),
);

/** Applies mutations to the file's data and writes it back as YAML. */
/**
 * A deep copy, own keys such as __proto__ included. Each run inserts copies: fast-check hands the
 * same value objects to several runs while it shrinks, and an inserted original could be changed
 * by a later run (pushed into itself), turning it into a cycle no file can hold.
 */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return [...value.values()].map(copy);
  if (!value || typeof value !== 'object') return value;
  const out: Record<Segment, unknown> = {};
  for (const [key, item] of Object.entries(value)) define(out, key, copy(item));
  return out;
}

function mutateData(source: string, mutations: readonly Mutation[]): string {
  let data = parseDocument(source).toJS() as unknown;
  for (const original of mutations) {
    const m = 'value' in original ? { ...original, value: copy(original.value) } : original;
    const all = paths(data);
    const at = all[m.pick % all.length]!;
    if (at.length === 0) {
      if (m.kind === 'replace') data = m.value;
      continue;
    }
    const parent = parentOf(data, at)!;
    const key = at.at(-1)!;
    if (m.kind === 'replace') parent[key] = m.value;
    else if (m.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (m.kind === 'add') {
      const target = parent[key];
      if (target && typeof target === 'object' && !Array.isArray(target)) define(target as Record<Segment, unknown>, m.key, m.value);
      else if (Array.isArray(target)) target.push(m.value);
      else define(parent, m.key, m.value);
    } else if (!Array.isArray(parent)) {
      const value = parent[key];
      delete parent[key];
      define(parent, m.key, value);
    }
  }
  return stringify(data, { aliasDuplicateObjects: false, lineWidth: 0 });
}

type Edit =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'cut'; at: number; length: number }
  | { kind: 'duplicate-line'; at: number }
  | { kind: 'alias'; from: number; to: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: oddText }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant('duplicate-line' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('alias' as const), from: fc.nat(), to: fc.nat() }),
);

/** Edits the YAML text itself, the way a slip of the keyboard or a paste would. */
function editText(source: string, edits: readonly Edit[]): string {
  let text = source;
  for (const e of edits) {
    if (e.kind === 'insert') {
      const at = e.at % (text.length + 1);
      text = text.slice(0, at) + e.text + text.slice(at);
    } else if (e.kind === 'cut') {
      const at = e.at % (text.length + 1);
      text = text.slice(0, at) + text.slice(at + e.length);
    } else if (e.kind === 'duplicate-line') {
      const lines = text.split('\n');
      const at = e.at % lines.length;
      lines.splice(at, 0, lines[at]!);
      text = lines.join('\n');
    } else {
      // Anchor one node and put an alias to it in place of another.
      const doc = parseDocument(text);
      if (doc.errors.length > 0 || !isNode(doc.contents)) continue;
      const all = paths(doc.toJS()).filter((p) => p.length > 0);
      if (all.length < 2) continue;
      const source = doc.getIn(all[e.from % all.length]!, true);
      if (!isScalar(source) && !isMap(source) && !isSeq(source)) continue;
      doc.setIn(all[e.to % all.length]!, doc.createAlias(source, 'a'));
      try {
        text = doc.toString({ lineWidth: 0 });
      } catch {
        // An alias that would come before its anchor, or stand in for it: yaml will not write it.
      }
    }
  }
  return text;
}

const anyFile = fc.constantFrom(...NAMES);

describe('site check on randomly damaged content', () => {
  it('answers every change of types and keys with exit 0 or 1 and locations inside the file', async () => {
    await fc.assert(
      fc.asyncProperty(anyFile, fc.array(mutation, { minLength: 1, maxLength: 4 }), async (name, mutations) => {
        const source = mutateData(shipped.get(name)!, mutations);
        const outcome = await checkWith(name, source);
        expectWellFormed(outcome, new Map([[`content/${name}`, source]]));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 60_000);

  it('answers every slip in the YAML text, anchors and aliases included, the same way', async () => {
    await fc.assert(
      fc.asyncProperty(anyFile, fc.array(edit, { minLength: 1, maxLength: 4 }), async (name, edits) => {
        const source = editText(shipped.get(name)!, edits);
        const outcome = await checkWith(name, source);
        expectWellFormed(outcome, new Map([[`content/${name}`, source]]));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 60_000);
});

/** Longer than any honest check takes even on a busy machine; far shorter than a hang or blow-up. */
const HANG_MS = 10_000;

describe('hostile files', () => {
  /** The "billion laughs": ten levels of nine aliases each, a billion strings once expanded. */
  const BILLION_LAUGHS = [
    'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
    ...Array.from({ length: 9 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`),
    '',
  ].join('\n');

  it('refuses an alias bomb at once, with a located too-complex problem', async () => {
    const outcome = await checkWith('whatsapp.yaml', BILLION_LAUGHS);
    // Expanded, the bomb takes minutes and gigabytes; the bound only has to tell that apart from a
    // refusal on a loaded two-core machine, so it is generous.
    expect(outcome.ms).toBeLessThan(HANG_MS);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(
      /^content\/whatsapp\.yaml:\d+:\d+\n {2}The file whatsapp\.yaml repeats its aliases \(\*name\) too many times to be read safely/m,
    );
    expectWellFormed(outcome, new Map([['content/whatsapp.yaml', BILLION_LAUGHS]]));
  });

  it('refuses an alias bomb hidden under a real key of a valid file', async () => {
    const source = `${shipped.get('site.yaml')!}\n${BILLION_LAUGHS.replace(/^/gm, '  ').replace(/^/, 'bomb:\n')}`;
    const outcome = await checkWith('site.yaml', source);
    expect(outcome.ms).toBeLessThan(HANG_MS);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain('too many times to be read safely');
    expectWellFormed(outcome, new Map([['content/site.yaml', source]]));
  });

  it('still reads a file that uses a few aliases as an operator would', async () => {
    const source = shipped
      .get('whatsapp.yaml')!
      .replace(/^(openLabel: )(.*)$/m, '$1&label $2')
      .replace(/^(closeLabel: ).*$/m, '$1*label');
    expect(source).toContain('*label');
    const outcome = await checkWith('whatsapp.yaml', source);
    // The sample's placeholders are warnings; nothing about whatsapp.yaml is. The alias gave
    // closeLabel openLabel's English, so its Malayalam is asked to be reviewed, and that is all.
    expect(outcome.stderr).not.toMatch(/^content\/whatsapp\.yaml/m);
    expect(outcome.stderr.match(/^content\/ml\/whatsapp\.yaml.*$/gm)).toEqual([
      expect.stringMatching(/^content\/ml\/whatsapp\.yaml:\d+:\d+  closeLabel  \(warning\)$/),
    ]);
    expect(outcome.stderr).toMatch(/The English changed from ".*" to "Chat with us on WhatsApp"; review this translation\./);
    expect(outcome.code).toBe(0);
  });

  const HUGE: Array<{ name: string; source: string; says: RegExp }> = [
    {
      name: 'flow lists nested 20,000 deep',
      source: `x: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`,
      says: /^content\/whatsapp\.yaml:1:\d+\n  Lists or settings are nested so deeply here that the file cannot be read safely\./m,
    },
    {
      name: 'block lists nested 2,000 deep',
      source: `x:\n${Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i)}- `).join('\n')}\n`,
      says: /nested so deeply|cannot be read as YAML/,
    },
    { name: 'a 3 MB line', source: `openLabel: ${'ക'.repeat(1_000_000)}\n`, says: /Unknown field|missing/ },
    {
      name: '50,000 different keys',
      source: Array.from({ length: 50_000 }, (_, i) => `k${i}: v`).join('\n'),
      says: /This file has 50007 problems; only the first 50 are shown/,
    },
    {
      name: '50,000 repeated keys',
      source: Array(50_000).fill('title: v').join('\n'),
      says: /This file has 49999 problems; only the first 50 are shown/,
    },
  ];

  for (const { name, source, says } of HUGE) {
    it(`refuses ${name} quickly, with locations inside the file`, async () => {
      const outcome = await checkWith('whatsapp.yaml', source);
      expect(outcome.code).toBe(1);
      expect(outcome.ms).toBeLessThan(HANG_MS);
      expect(outcome.stderr).toMatch(says);
      expectWellFormed(outcome, new Map([['content/whatsapp.yaml', source]]));
    }, 30_000);
  }
});
