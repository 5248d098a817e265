import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { startEditor, type EditorServer } from '../../../helpers/editor-server.js';
import { captureIo, contentWithFixture, SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * Hostile values where an operator's text goes: control characters (escapes, bells, line breaks
 * that would start a CI log line with "::"), nesting thousands deep, texts and lists far past any
 * page, and YAML tags. Fed through `site check`, `site build` and the editor's save, each must
 * answer as for any content mistake: exit 0 or 1 (never 2, never a stack), nothing printed raw
 * (no control character, no line a CI runner would run), and the editor still answering for the
 * other files. Facts named in texts, texts at and past their limits, and facts in paths: what
 * check accepts builds, what it refuses build refuses too, each problem located. Bounded in runs
 * and time; FUZZ_SEED=<seed> replays a failure.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const FILES = ['site.yaml', 'services.yaml', 'testimonials.yaml', 'pages/home.yaml', 'ml/services.yaml'];

/** A control character, or one of the Unicode ones a terminal or a log acts on. */
const activeChar = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.constantFrom(0x2028, 0x2029, 0x202e, 0xfeff, 0x3000, 0xfffe),
  )
  .map((code) => String.fromCharCode(code));

/** Text holding active characters among CI workflow commands, as a JavaScript string. */
const hostileText = fc
  .array(
    fc.oneof(
      activeChar,
      fc.constantFrom(
        '::notice title=x::valid',
        '::add-mask::secret',
        '::stop-commands::x',
        '\n::error::',
        'a',
        ' ',
        '\u001b]0;t\u0007',
        '\u001b[2J',
      ),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** `text` as a YAML double-quoted scalar, every character outside printable ASCII escaped. */
function quoted(text: string): string {
  return `"${[...text].map((char) => (/[ -~]/.test(char) && char !== '"' && char !== '\\' ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)).join('')}"`;
}

/** What may follow `key:` on a line: each a hostile value, written as YAML. */
const hostileYaml = fc.oneof(
  hostileText.map(quoted),
  fc.constantFrom(
    '!!binary aGVsbG8=',
    '!!timestamp 2001-12-14',
    '!!set {a, b}',
    '!!omap [a: 1]',
    '!custom x',
    '!!str 12',
    '!!float 1',
    '!!map {}',
  ),
  fc.integer({ min: 1, max: 5000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1, max: 3000 }).map((n) => `\n    ${'- '.repeat(n)}x`),
  fc.integer({ min: 1, max: 3000 }).map((n) => `\n    ${'? '.repeat(n)}x`),
  fc.integer({ min: 200, max: 20_000 }).map((n) => `"${'x'.repeat(n)}"`),
  fc.integer({ min: 150, max: 400 }).map((n) => `[${Array.from({ length: n }, (_, i) => `a${i}`).join(', ')}]`),
);

/** Lines `key: value` with the value on the same line: where a hostile value goes. */
function valueLines(source: string): number[] {
  return source.split('\n').flatMap((line, index) => (/^\s*(?:- )?[A-Za-z]+: [^|>\s]/.test(line) ? [index] : []));
}

function withValue(source: string, line: number, value: string): string {
  const lines = source.split('\n');
  lines[line] = lines[line]!.replace(/^(\s*(?:- )?[A-Za-z]+:) .*$/, `$1 ${value}`);
  return lines.join('\n');
}

/** Nothing a terminal or a CI runner acts on: no control character but the line break, no line starting with "::". */
function expectInert(printed: string): void {
  expect(printed).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/);
  for (const line of printed.split('\n')) expect(line.trimStart().startsWith('::'), line.slice(0, 200)).toBe(false);
  expect(printed).not.toContain('this is a bug');
  expect(printed).not.toMatch(/\n\s+at \S/);
}

let dir: string;
let content: string;
const samples = new Map<string, string>();

beforeAll(async () => {
  dir = await contentWithFixture();
  content = path.join(dir, 'content');
  for (const name of FILES) samples.set(name, await readFile(path.join(SAMPLE_CONTENT, name), 'utf8'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const hostileEdit = fc.record({ file: fc.constantFrom(...FILES), pick: fc.nat(), value: hostileYaml });

async function runWith(edit: { file: string; pick: number; value: string }, args: string[]) {
  const source = samples.get(edit.file)!;
  const lines = valueLines(source);
  const target = path.join(content, edit.file);
  await writeFile(target, withValue(source, lines[edit.pick % lines.length]!, edit.value));
  try {
    const io = captureIo(dir);
    const code = await main(args, io);
    return { code, printed: `${io.stdout()}\n${io.stderr()}` };
  } finally {
    await writeFile(target, source);
  }
}

describe('hostile values through site check and site build', () => {
  it('check answers 0 or 1, printing nothing raw', async () => {
    await fc.assert(
      fc.asyncProperty(hostileEdit, async (edit) => {
        const { code, printed } = await runWith(edit, ['check', '--strict', '--content', content]);
        expect([0, 1], printed.slice(0, 2000)).toContain(code);
        expectInert(printed);
      }),
      { numRuns: 40, seed: SEED, interruptAfterTimeLimit: 30_000 },
    );
  }, 120_000);

  it('build answers 0 or 1, printing nothing raw, and a site it builds carries no control character', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'site-fuzz-out-'));
    try {
      await fc.assert(
        fc.asyncProperty(hostileEdit, async (edit) => {
          const { code, printed } = await runWith(edit, ['build', '--content', content, '--out', path.join(out, 'dist')]);
          expect([0, 1], printed.slice(0, 2000)).toContain(code);
          expectInert(printed);
          if (code !== 0) return;
          const pages = (await readdir(path.join(out, 'dist'), { recursive: true })).filter((name) => String(name).endsWith('.html'));
          for (const page of pages)
            expect(await readFile(path.join(out, 'dist', String(page)), 'utf8')).not.toMatch(
              /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/,
            );
        }),
        { numRuns: 6, seed: SEED, interruptAfterTimeLimit: 60_000 },
      );
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * Texts that name facts, known and unknown, nested and left open, as written by hand or pasted;
 * long texts (around each limit of the schema, as written and as shown with the facts written out);
 * and facts written where no fact is filled in (paths, addresses, phone numbers). Written where
 * any value goes, in any file: a fact's own value (the name, the city, a figure) among them.
 */
const factName = fc.constantFrom(
  'company',
  'founded',
  'years',
  'city',
  ' city ',
  'stats.years',
  'stats.moves',
  'stats.cities',
  'stats.nothing',
  'nope',
  '',
  '${city}',
  'stats.${city}',
);
const factPiece = fc.oneof(
  factName.map((name) => `\${${name}}`),
  fc.constantFrom('Movers of ', ' since ', 'x', ' ', 'മുതൽ ', '${', '}', '$', '{'),
);
/** About `length` characters of pieces, cut there: near a limit as written, or far past it as shown. */
const factText = fc
  .tuple(
    fc.array(factPiece, { minLength: 1, maxLength: 8 }),
    fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 250, max: 320 }), fc.integer({ min: 4_900, max: 5_100 })),
  )
  .map(([pieces, length]) => {
    const once = pieces.join('');
    return once.repeat(Math.ceil(length / Math.max(1, once.length))).slice(0, length);
  });
const factPath = fc.constantFrom(
  'images/${city}.jpg',
  '/${city}',
  '/contact#${city}',
  'https://www.example.com/${company}',
  'hello@${city}.in',
  '+91 ${years}',
  '${stats.moves}',
);
const factYaml = fc.oneof(factText.map(quoted), factPath.map(quoted));
const factEdit = fc.record({ file: fc.constantFrom(...FILES), pick: fc.nat(), value: factYaml });

/** A problem printed with where it is: file:line:column, then the field. */
const LOCATED = /^content\/\S+:\d+:\d+  /m;

describe('facts, long texts and paths through site check and site build', () => {
  it('content that check accepts builds, and content it refuses is refused by build too, each problem located', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'site-fuzz-facts-'));
    try {
      await fc.assert(
        fc.asyncProperty(factEdit, async (edit) => {
          const checked = await runWith(edit, ['check', '--content', content]);
          expect([0, 1], checked.printed.slice(0, 2000)).toContain(checked.code);
          expectInert(checked.printed);
          if (checked.code === 1) expect(checked.printed, checked.printed.slice(0, 2000)).toMatch(LOCATED);
          const built = await runWith(edit, ['build', '--content', content, '--out', path.join(out, 'dist')]);
          expectInert(built.printed);
          expect(built.code, built.printed.slice(0, 2000)).toBe(checked.code);
          if (built.code !== 0) return;
          const pages = (await readdir(path.join(out, 'dist'), { recursive: true })).filter((name) => /\.(html|xml)$/.test(String(name)));
          for (const page of pages) expect(await readFile(path.join(out, 'dist', String(page)), 'utf8'), String(page)).not.toContain('${');
        }),
        { numRuns: 10, seed: SEED, interruptAfterTimeLimit: 60_000 },
      );
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('hostile values through the editor', () => {
  let editor: EditorServer;
  beforeAll(async () => {
    editor = await startEditor();
  }, 60_000);
  afterAll(async () => {
    await editor?.close();
  });

  /** A value that JSON can carry and the editor's form could send: a text, a deep list, a long list. */
  const hostileValue = fc.oneof(
    hostileText,
    fc.integer({ min: 1, max: 5000 }).map((n) => `${'x'.repeat(n * 4)}`),
    fc.integer({ min: 1, max: 3000 }).map((n) => {
      let value: unknown = 'x';
      for (let i = 0; i < n; i++) value = [value];
      return value;
    }),
    fc.integer({ min: 150, max: 10_000 }).map((n) => Array.from({ length: n }, (_, i) => `a${i}`)),
  );

  /** The paths of every text in a file's value. */
  function textPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
    if (typeof value === 'string') return [at];
    if (Array.isArray(value)) return value.flatMap((item, i) => textPaths(item, [...at, i]));
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => textPaths(item, [...at, key]));
    return [];
  }

  it('a save of any of them is answered (never 500), and every other file still opens', async () => {
    const kept = new Map<string, string>();
    for (const name of FILES) kept.set(name, await readFile(path.join(editor.contentDir, name), 'utf8'));
    try {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...FILES), fc.nat(), hostileValue, async (file, pick, hostile) => {
          const opened = (await editor.api('GET', `/__edit/api/file?file=${file}`)).json();
          const paths = textPaths(opened.value);
          const at = paths[pick % paths.length]!;
          const value = structuredClone(opened.value);
          let parent = value;
          for (const key of at.slice(0, -1)) parent = parent[key];
          parent[at.at(-1)!] = hostile;
          const saved = await editor.api('POST', '/__edit/api/save', { file, value, version: opened.version });
          expect(saved.status, saved.text.slice(0, 500)).not.toBe(500);
          for (const other of FILES.filter((name) => name !== file)) {
            const read = await editor.api('GET', `/__edit/api/file?file=${other}`);
            expect(read.status, `${other}: ${read.text.slice(0, 300)}`).toBe(200);
          }
          await writeFile(path.join(editor.contentDir, file), kept.get(file)!);
        }),
        { numRuns: 15, seed: SEED, interruptAfterTimeLimit: 30_000 },
      );
    } finally {
      for (const [name, text] of kept) await writeFile(path.join(editor.contentDir, name), text);
    }
  }, 120_000);
});
