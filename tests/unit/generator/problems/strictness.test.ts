import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { build, checkContent } from '../../../../generator/build.js';
import { uiProblem } from '../../../../generator/editor/content/problems.js';
import { ContentError, type Problem } from '../../../../generator/problems/problem.js';
import { isNotice, STRICTNESS, strictnessOf, type Verdict } from '../../../../generator/problems/strictness.js';
import { captureIo, contentWithFixture, FIXTURES, replacePlaceholders, ROOT } from '../../../helpers/content.js';

const NOW = new Date('2031-05-01T12:00:00Z');
const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of the sample (with a fixture laid over it), its placeholders replaced, and `edit` made to one file. */
async function edited(file: string, edit: (doc: ReturnType<typeof parseDocument>) => void, fixture?: string): Promise<string> {
  const dir = await contentWithFixture(fixture);
  temporary.push(dir);
  await replacePlaceholders(dir);
  const at = path.join(dir, 'content', file);
  const doc = parseDocument(await readFile(at, 'utf8'));
  edit(doc);
  await writeFile(at, String(doc));
  return dir;
}

const wrongInitials = (doc: ReturnType<typeof parseDocument>) => doc.setIn(['testimonials', 0, 'name'], 'Arun Prakash');
/** The sample's home card that names no service (Vehicle Transport) made to name one, keeping its own title and link. */
const cardOfItsOwn = (doc: ReturnType<typeof parseDocument>) => {
  const cards = (doc.getIn(['services', 'items']) as { items: unknown[] }).items;
  const at = cards.findIndex((_, i) => doc.getIn(['services', 'items', i, 'title']) === 'Vehicle Transport');
  doc.setIn(['services', 'items', at, 'service'], 'residential');
};

async function cli(dir: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(dir);
  const code = await main([...args, '--content', 'content'], io);
  return { code, out: io.stdout(), err: io.stderr() };
}

const VERDICT_WORDS: Record<Verdict, string> = {
  refuses: 'refuses it',
  accepts: 'publishes it',
  'refuses-incomplete': 'refuses it only with `completeTranslations: true` in site.yaml',
};

describe('the one table of what the deploy refuses', () => {
  it('is the table docs/reference/strictness.md shows, row for row', async () => {
    const doc = await readFile(path.join(ROOT, 'docs/reference/strictness.md'), 'utf8');
    const header = '| warning | code | `--strict` (the deploy) | why |';
    const lines = doc.split('\n');
    const start = lines.indexOf(header);
    expect(start, 'docs/reference/strictness.md has the table').toBeGreaterThan(0);
    const rows = lines.slice(
      start + 2,
      lines.findIndex((line, at) => at > start && !line.startsWith('|')),
    );
    const expected = Object.entries(STRICTNESS).map(
      ([code, row]) => `| ${row.what} | \`${code}\` | ${VERDICT_WORDS[row.verdict]} | ${row.why} |`,
    );
    expect(rows).toEqual(expected);
  });

  it('has a row for every kind of warning the checks report, and none for a kind they never report', async () => {
    // Every fixture (each a kind of mistake, or a likely one), and the likely mistakes no fixture holds.
    const dirs = await Promise.all(
      readdirSync(FIXTURES).map(async (name) => {
        const dir = await contentWithFixture(name);
        temporary.push(dir);
        return dir;
      }),
    );
    dirs.push(await edited('testimonials.yaml', wrongInitials), await edited('pages/home.yaml', cardOfItsOwn));
    const reported = new Map<string, Problem>();
    for (const dir of dirs) {
      const { warnings } = await checkContent(path.join(dir, 'content'), { now: NOW });
      for (const warning of warnings) {
        // A notice that more were left out names their kind, which is what the deploy judges it by.
        if (isNotice(warning)) expect(warning.more, warning.message).toBeDefined();
        const code = warning.more ?? warning.code;
        if (!reported.has(code)) reported.set(code, warning);
      }
    }
    for (const [code, warning] of reported) expect(strictnessOf(warning), `${code}: ${warning.message}`).toBeDefined();
    expect([...reported.keys()].sort()).toEqual(Object.keys(STRICTNESS).sort());
  }, 300_000);
});

describe('site check and site build say what the deploy refuses (review initials that disagreed with the name passed --strict, printed as refused)', () => {
  it('--strict refuses review initials that are not the name’s, in check and build alike', async () => {
    const dir = await edited('testimonials.yaml', wrongInitials);
    const plain = await cli(dir, ['check']);
    expect(plain.code).toBe(0);
    expect(plain.err).toContain('The initials "AM" are not those of Arun Prakash');
    expect(plain.out).toContain('Look at the 1 other warning: the deploy (site build --strict) refuses them.');
    const strict = await cli(dir, ['check', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.err).toContain('a strict build (the deploy) refuses review initials that are not the writer’s');
    await expect(build({ contentDir: path.join(dir, 'content'), now: NOW, strict: true })).rejects.toBeInstanceOf(ContentError);
  });

  it('a warning the deploy publishes is said to be published, and --strict lets it through', async () => {
    const dir = await edited('pages/home.yaml', cardOfItsOwn);
    const plain = await cli(dir, ['check']);
    expect(plain.code).toBe(0);
    expect(plain.out).not.toContain('refuses');
    expect(plain.out).toContain(
      'The deploy accepts the 2 warnings about a value that disagrees with the one beside it (a home card’s own title or link, a starting price above a price of its list): look at them all the same.',
    );
    const strict = await cli(dir, ['check', '--strict']);
    expect(strict.code).toBe(0);
    expect(strict.err).toContain('(warning)');
    const out = await mkdtemp(path.join(os.tmpdir(), 'site-out-'));
    temporary.push(out);
    const built = await cli(dir, ['build', '--strict', '--out', out]);
    expect(built.code).toBe(0);
    expect(built.err).not.toContain('refuses');
    expect(built.err).toContain('the deploy accepts the 2 warnings above about a value that disagrees with the one beside it');
  }, 120_000);
});

describe('the editor’s Publish refusal', () => {
  it('names, in the editor’s words, the rule that refuses each warning', async () => {
    const dir = await contentWithFixture();
    temporary.push(dir);
    const content = path.join(dir, 'content');
    const { problems } = await checkContent(content, { strict: true, now: NOW });
    const shown = problems.filter((problem) => problem.code === 'placeholder').map((problem) => uiProblem(problem, content));
    expect(shown.length).toBeGreaterThan(0);
    for (const problem of shown) {
      expect(problem.message).toMatch(/^Replace the sample value in /);
      expect(problem.hint).toMatch(/a strict build \(the deploy\) refuses placeholders$/);
    }
  });
});

describe('a file with more than 50 warnings (the notice that more were left out was counted as one more warning, and as one the deploy refused)', () => {
  it('is summed up by its warnings, the notice apart', async () => {
    // 60 paragraphs in English, 3 in Malayalam: more than 50 translation warnings in one file.
    const dir = await edited('pages/about.yaml', (doc) => {
      doc.setIn(
        ['story', 'paragraphs'],
        Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of our story.`),
      );
    });
    const { code, out, err } = await cli(dir, ['check']);
    expect(code).toBe(0);
    expect(err).toMatch(/This file has \d+ translation warnings; only the first 50 are shown/);
    // The summary counts the warnings printed, and the notice is not one of them.
    const printed = err.split('\n').filter((line) => line.endsWith('  (warning)')).length;
    expect(err).toContain(`\n${printed - 1} warnings in `);
    expect(out).not.toContain('other warning');
    expect(out).not.toContain('refuses');
  });
});
