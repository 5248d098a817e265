import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LONG_TEXT_LENGTH, MAX_TEXT_LENGTH } from '../../../../generator/schema/fields.js';
import { checkWithFile } from '../../../helpers/check-with.js';
import { contentWithFixture, SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * What a text may hold to reach a page: no control codes (a page cannot carry them, and the HTML
 * checker fails the deploy on them), no more than its place can show, and in a phone number no
 * character that is not a digit or a separator. Each is refused by `site check --strict`, located
 * at the value, in English and Malayalam files alike.
 */
let dir: string;
const sample = (name: string) => readFile(path.join(SAMPLE_CONTENT, name), 'utf8');

beforeAll(async () => {
  dir = await contentWithFixture();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const checkWith = (name: string, text: string) => checkWithFile(dir, name, text);

/** The sample file with the first `key: …` value (and the lines that continue it) replaced by `value`, written as YAML. */
async function withFirst(name: string, key: string, value: string) {
  const source = await sample(name);
  const match = new RegExp(`^( *)${key}: .*(?:\\n\\1 +\\S.*)*$`, 'm').exec(source)!;
  const line = source.slice(0, match.index).split('\n').length;
  return { text: source.replace(match[0], `${match[1]}${key}: ${value}`), line, column: match[1]!.length + key.length + 3 };
}

describe('control codes in text', () => {
  it.each([
    ['an escape (\\e)', '"Safe \\e[2J moves"', 'U+001B', 6],
    ['a bell (\\a)', '"Safe\\a moves"', 'U+0007', 5],
    ['a carriage return (\\r)', '"Safe\\r moves"', 'U+000D', 5],
    ['a delete (\\x7f)', '"Safe\\x7f moves"', 'U+007F', 5],
    ['a C1 control (\\x9b)', '"Safe\\x9b moves"', 'U+009B', 5],
    ['a noncharacter (\\uFFFE)', '"Safe\\uFFFE moves"', 'U+FFFE', 5],
    ['half of a character pair (\\uD800)', '"Safe\\uD800 moves"', 'U+D800', 5],
  ])('%s in a tagline is refused where it is written', async (_, value, code, at) => {
    const { text, line, column } = await withFirst('services.yaml', 'tagline', value);
    const { code: exit, out } = await checkWith('services.yaml', text);
    expect(exit).toBe(1);
    expect(out).toContain(
      `content/services.yaml:${line}:${column}  services[residential].tagline\n  This text holds the invisible code ${code} at character ${at};`,
    );
  });

  it('is refused in a Malayalam translation too', async () => {
    const { text, line, column } = await withFirst('ml/services.yaml', 'tagline', '"\\e]0;title\\a"');
    const { code, out } = await checkWith('ml/services.yaml', text);
    expect(code).toBe(1);
    expect(out).toContain(`content/ml/services.yaml:${line}:${column}`);
    expect(out).toContain('U+001B at character 1');
  });

  it('keeps tabs and line breaks, which a block of text may hold', async () => {
    const { text } = await withFirst('services.yaml', 'fullDescription', '|\n      First line,\tthen a tab.\n      Second line.');
    const { code, out } = await checkWith('services.yaml', text);
    expect(code, out).toBe(0);
  });
});

describe('how long a text may be', () => {
  // 3 MB: within the most a content file may hold (4 MB), so it is the text's own limit that speaks.
  it(`refuses a 3 MB tagline, saying the limit of ${MAX_TEXT_LENGTH}`, async () => {
    const { text, line, column } = await withFirst('services.yaml', 'tagline', 'x'.repeat(3_000_000));
    const { code, out } = await checkWith('services.yaml', text);
    expect(code).toBe(1);
    expect(out).toContain(
      `content/services.yaml:${line}:${column}  services[residential].tagline\n  This text is 3,000,000 characters long; this field holds at most ${MAX_TEXT_LENGTH},`,
    );
  });

  it(`lets a description run to ${MAX_LONG_TEXT_LENGTH} characters, and no further`, async () => {
    const words = (n: number) => 'a'.repeat(n);
    expect(
      (await checkWith('services.yaml', (await withFirst('services.yaml', 'fullDescription', words(MAX_LONG_TEXT_LENGTH))).text)).code,
    ).toBe(0);
    const { text, line } = await withFirst('services.yaml', 'fullDescription', words(MAX_LONG_TEXT_LENGTH + 1));
    const { code, out } = await checkWith('services.yaml', text);
    expect(code).toBe(1);
    expect(out).toMatch(new RegExp(`^content/services\\.yaml:${line}:\\d+  services\\[residential\\]\\.fullDescription$`, 'm'));
  });

  it(`counts an emoji as one character, as editors' JSON Schemas do: ${MAX_TEXT_LENGTH} trucks are taken, not called ${MAX_TEXT_LENGTH * 2} characters long`, async () => {
    expect((await checkWith('services.yaml', (await withFirst('services.yaml', 'tagline', '🚚'.repeat(MAX_TEXT_LENGTH))).text)).code).toBe(
      0,
    );
    const { text } = await withFirst('services.yaml', 'tagline', '🚚'.repeat(MAX_TEXT_LENGTH + 1));
    const { code, out } = await checkWith('services.yaml', text);
    expect(code).toBe(1);
    expect(out).toContain(`This text is ${MAX_TEXT_LENGTH + 1} characters long; this field holds at most ${MAX_TEXT_LENGTH},`);
  });
});

describe('limits are checked on the text as it will be shown', () => {
  // The sample's company name (Example Movers & Packers, 24 characters) is longer than ${company}
  // (10); a figure (5000+, 5) is shorter than ${stats.moves} (14).
  const repeated = (times: number, token: string, between = '') => Array.from({ length: times }, () => token).join(between);

  it('a tagline of ${company} written 27 times (270 characters as written, 648 as shown) is refused at its line', async () => {
    const { text, line, column } = await withFirst('site.yaml', 'tagline', repeated(27, '${company}'));
    const { code, out } = await checkWith('site.yaml', text);
    expect(code).toBe(1);
    expect(out).toContain(
      `content/site.yaml:${line}:${column}  company.tagline\n  This text is 648 characters long as shown, with the facts it names written out (270 as written); this field holds at most ${MAX_TEXT_LENGTH},`,
    );
  });

  it('a text longer than the limit as written, but not as shown, is accepted', async () => {
    const tagline = repeated(22, '${stats.moves}', ' ');
    expect(tagline.length).toBeGreaterThan(MAX_TEXT_LENGTH);
    const { code, out } = await checkWith('site.yaml', (await withFirst('site.yaml', 'tagline', tagline)).text);
    expect(code, out).toBe(0);
  });

  it('holds for a Malayalam text, with the facts it is shown with', async () => {
    const { text, line, column } = await withFirst('ml/site.yaml', 'tagline', repeated(20, '${company}', ' '));
    const { code, out } = await checkWith('ml/site.yaml', text);
    expect(code).toBe(1);
    expect(out).toContain(
      `content/ml/site.yaml:${line}:${column}  company.tagline\n  This text is 499 characters long as shown, with the facts it names written out (219 as written);`,
    );
  });
});

describe('characters in a phone number', () => {
  it.each([
    ['U+FEFF', '\\uFEFF'],
    ['U+2028', '\\u2028'],
    ['U+3000', '\\u3000'],
    ['U+00A0', '\\u00A0'],
    ['U+000A', '\\n'],
  ])('%s is refused, named by its code', async (code, written) => {
    const site = await sample('site.yaml');
    const { code: exit, out } = await checkWith('site.yaml', site.replace('phone: +91 90000 00000', `phone: "+91 90000${written}00000"`));
    expect(exit).toBe(1);
    expect(out).toMatch(
      new RegExp(
        `^content/site\\.yaml:\\d+:\\d+  contact\\.phone\\n  This phone number holds the character ${code.replace('+', '\\+')} at character 10,`,
        'm',
      ),
    );
  });
});
