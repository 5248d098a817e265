import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parseDocument } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../../../bin/cli.js';
import { jsonSchemaFiles, modeline, schemaPath } from '../../../../../generator/schema/derived/json-schema.js';
import { loadContent } from '../../../../../generator/load/load.js';
import { CONTENT_FILES, type ContentFile } from '../../../../../generator/schema/index.js';
import { translationSchema } from '../../../../../generator/schema/derived/translation-schema.js';
import { TRANSLATIONS } from '../../../../../generator/contract/languages.js';
import { captureIo, contentWithFixture, FIXTURES, ROOT, SAMPLE_CONTENT } from '../../../../helpers/content.js';

/**
 * The JSON Schemas in schemas/ are what operators' editors check the YAML with. They are generated
 * from the zod schemas, so these tests hold the two to the same verdicts: the shipped content
 * passes both, and a file zod rejects for its shape is underlined in the editor too.
 */

const NAMES = Object.keys(CONTENT_FILES) as ContentFile[];
/** Every file content may hold: the English ones, then each translation's (ml/site.yaml, …). */
const ALL_NAMES: Array<ContentFile | `${string}/${ContentFile}`> = [
  ...NAMES,
  ...TRANSLATIONS.flatMap((language) => NAMES.map((name) => `${language.folder}/${name}` as const)),
];

/** A loaded file's own name (ml/site.yaml for a translation) and the zod schema it is checked with. */
function fileKey(file: { name: ContentFile; language?: { folder: string } }): ContentFile | `${string}/${ContentFile}` {
  return file.language ? `${file.language.folder}/${file.name}` : file.name;
}

function zodSchemaOf(key: ContentFile | `${string}/${ContentFile}`) {
  if (key in CONTENT_FILES) return CONTENT_FILES[key as ContentFile];
  const english = CONTENT_FILES[key.slice(key.indexOf('/') + 1) as ContentFile];
  return translationSchema(english)! as (typeof CONTENT_FILES)[ContentFile];
}
const SCHEMAS = path.join(ROOT, 'schemas');

// ---- a JSON Schema validator (ajv) ----

const GENERATED = jsonSchemaFiles();
const validators = new Map<string, ValidateFunction>();
let ajv: Ajv | undefined;

function validatorFor(name: ContentFile | `${string}/${ContentFile}`): ValidateFunction {
  if (!ajv) {
    // Strict mode catches anything in the schemas a validator would not understand, apart from
    // yaml-language-server's message keywords. zod writes a pattern beside format: "email", so
    // the format itself need not be checked. Unoptimised code compiles several times faster.
    ajv = new Ajv({ strict: true, allErrors: true, formats: { email: true }, code: { optimize: false } });
    ajv.addVocabulary(['errorMessage', 'patternErrorMessage']);
  }
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile(JSON.parse(GENERATED.find((f) => f.path === schemaPath(name))!.contents as string));
    validators.set(name, validate);
  }
  return validate;
}

function jsonVerdict(name: ContentFile | `${string}/${ContentFile}`, data: unknown): { ok: boolean; errors: unknown } {
  const validate = validatorFor(name);
  const ok = validate(data);
  return { ok, errors: validate.errors };
}

type ZodVerdict = { ok: true } | { ok: false; shape: boolean; codes: string[] };

/**
 * zod's verdict on one file. A shape problem is one a JSON Schema states directly (a wrong type,
 * a missing or unknown key, a value outside a list, an empty list or text); the rest are checks
 * in code (`custom` issues) such as duplicate ids.
 */
function zodVerdict(name: ContentFile | `${string}/${ContentFile}`, data: unknown): ZodVerdict {
  const result = zodSchemaOf(name).safeParse(data);
  if (result.success) return { ok: true };
  const codes = result.error.issues.map((issue) =>
    issue.code === 'custom' ? `custom:${String((issue.params as { problem?: string } | undefined)?.problem)}` : issue.code,
  );
  return { ok: false, shape: codes.some((code) => !code.startsWith('custom:')), codes };
}

/** Checks in code that the schemas approximate with a pattern (addresses, phones, links to pages), so editors catch them as well. */
const PATTERNED = new Set([
  'custom:unsafe-url',
  'custom:bad-format',
  'custom:unknown-reference',
  'custom:photo-outside-content',
  'custom:photo-unsupported',
]);

const temporary: string[] = [];
afterEach(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

// ---- the committed files ----

describe('the committed JSON Schemas', () => {
  it('are what `site schema` generates from the zod schemas now (run `node bin/site.js schema` after changing a schema)', async () => {
    for (const file of GENERATED) {
      const committed = await readFile(path.join(SCHEMAS, file.path), 'utf8').catch(() => `(missing schemas/${file.path})`);
      expect(committed, `schemas/${file.path}`).toBe(file.contents);
    }
  });

  it('has no schema for a file the site does not read', async () => {
    const found = (await readdir(SCHEMAS, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(SCHEMAS, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    expect(found.sort()).toEqual(ALL_NAMES.map(schemaPath).sort());
  });

  it('is named by the first line of every content file, by a path relative to that file', async () => {
    for (const name of ALL_NAMES) {
      const source = await readFile(path.join(SAMPLE_CONTENT, name), 'utf8');
      const first = source.split('\n')[0]!;
      expect(first, `content/${name}`).toBe(modeline(name));
      const target = first.replace(/^# yaml-language-server: \$schema=/, '');
      // The sample is a copy of content/: resolve from where the operator's files live.
      expect(existsSync(path.resolve(ROOT, 'content', path.dirname(name), target)), `${name} → ${target}`).toBe(true);
    }
    expect(modeline('services.yaml')).toBe('# yaml-language-server: $schema=../schemas/services.schema.json');
    expect(modeline('pages/home.yaml')).toBe('# yaml-language-server: $schema=../../schemas/pages/home.schema.json');
    expect(modeline('ml/pages/home.yaml')).toBe('# yaml-language-server: $schema=../../../schemas/ml/pages/home.schema.json');
  });

  it('describe fields in the words of the error messages, with no keyword editors do not know', () => {
    const site = JSON.parse(GENERATED.find((f) => f.path === 'site.schema.json')!.contents as string);
    const phone = site.properties.contact.properties.phone;
    expect(phone.description).toBe('The number visitors call; shown on every page');
    expect(phone.errorMessage).toMatch(/^Expected an international phone number\. Hint: write \+ and the country code/);
    expect(phone.pattern).toBeTypeOf('string');
    expect(JSON.stringify(site)).not.toMatch(/"(expected|hint)":/);
  });
});

/** Every object inside a JSON Schema, with where it is. */
function* subschemas(value: unknown, at = '#'): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* subschemas(item, `${at}/${i}`);
  } else if (value && typeof value === 'object') {
    yield [at, value as Record<string, unknown>];
    for (const [key, item] of Object.entries(value)) yield* subschemas(item, `${at}/${key}`);
  }
}

describe('what editors say', () => {
  const all = GENERATED.flatMap((file) => [...subschemas(JSON.parse(String(file.contents)), file.path)]);

  it('every pattern carries a message in words, which yaml-language-server shows instead of the expression', () => {
    const patterns = all.filter(([, schema]) => typeof schema.pattern === 'string');
    expect(patterns.length).toBeGreaterThan(20);
    const bare = patterns.filter(
      ([, schema]) => typeof schema.patternErrorMessage !== 'string' || !/^[A-Z].*\.$/.test(schema.patternErrorMessage),
    );
    expect(bare.map(([at]) => at)).toEqual([]);
    for (const [, schema] of patterns) expect(schema.patternErrorMessage).not.toContain('(?');
  });

  it('every limit is said in words: none is left where the editor would word it itself', () => {
    const LIMITS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'minLength', 'maxLength'];
    const worded: string[] = [];
    for (const [at, schema] of all) {
      const limits = LIMITS.filter((key) => typeof schema[key] === 'number');
      if (limits.length === 0) continue;
      // A limit may stand only as the condition of an if, whose else carries the words.
      expect(at, `${at} has ${limits.join(', ')} outside an if`).toMatch(/\/if$/);
      const parent = all.find(([where]) => where === at.replace(/\/if$/, ''))![1];
      expect((parent.else as { errorMessage?: string }).errorMessage, at).toMatch(/^(Expected|This list|This text)/);
      worded.push((parent.else as { errorMessage: string }).errorMessage);
    }
    expect(worded).toContain('Expected a whole number of rupees more than 0. Hint: write the price as a plain number, e.g. 8999.');
    expect(worded).toContain(
      'Expected a number of seconds from 5 to 120. Hint: how long to wait for the relay before showing the error, e.g. 20.',
    );
    expect(worded).toContain('This text may be at most 300 characters long, as much as its place on the page can show.');
  });

  it('a social link on the wrong site is explained, not shown as a regular expression', () => {
    const site = JSON.parse(GENERATED.find((f) => f.path === 'site.schema.json')!.contents as string);
    const facebook = site.properties.social.items.allOf[0].then.properties.url;
    expect(facebook.patternErrorMessage).toBe(
      'A Facebook link is an https:// address on facebook.com, e.g. https://www.facebook.com/your-company.',
    );
  });
});

describe('site schema', () => {
  it('writes every schema into --out, in the same layout as content/', async () => {
    const dir = await contentWithFixture();
    temporary.push(dir);
    const io = captureIo(dir);
    expect(await main(['schema', '--out', 'editor-schemas'], io)).toBe(0);
    expect(io.stdout()).toBe(`Wrote ${ALL_NAMES.length} JSON Schemas into editor-schemas/.`);
    for (const file of GENERATED) {
      expect(await readFile(path.join(dir, 'editor-schemas', file.path), 'utf8')).toBe(file.contents);
    }
  });
});

// ---- agreement with the validator ----

describe('the JSON Schemas agree with site check', () => {
  it('accept the shipped content, which site check accepts', async () => {
    const loaded = await loadContent(SAMPLE_CONTENT);
    expect(loaded.problems).toEqual([]);
    expect(loaded.files.map(fileKey)).toEqual(ALL_NAMES);
    for (const file of loaded.files) {
      expect(zodVerdict(fileKey(file), file.data)).toEqual({ ok: true });
      expect(jsonVerdict(fileKey(file), file.data), fileKey(file)).toEqual({ ok: true, errors: null });
    }
  });

  const fixtures = readdirSync(FIXTURES).filter((name) => existsSync(path.join(FIXTURES, name, 'content')));

  it('reject every fixture file that zod rejects for its shape or a patterned check, and accept the files zod accepts', async () => {
    const tally = { agreeOk: 0, agreeRejected: 0, notExpressible: 0, unreadable: 0 };
    for (const fixture of fixtures) {
      const dir = await contentWithFixture(fixture);
      temporary.push(dir);
      const overlay = (await readdir(path.join(FIXTURES, fixture, 'content'), { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path
            .relative(path.join(FIXTURES, fixture, 'content'), path.join(entry.parentPath, entry.name))
            .split(path.sep)
            .join('/'),
        );
      const loaded = await loadContent(path.join(dir, 'content'));
      for (const file of loaded.files.filter((f) => overlay.includes(fileKey(f)))) {
        const where = `${fixture}: ${fileKey(file)}`;
        if (loaded.problems.some((problem) => problem.file === file.file && problem.code === 'yaml-syntax')) {
          // Not YAML at all (a syntax error, a duplicate key): the editor's YAML parser reports those.
          tally.unreadable++;
          continue;
        }
        // An empty file or a list at the top has no `data` from the loader, but the editor checks it all the same.
        const data = file.data ?? file.doc.toJS();
        const zod = zodVerdict(fileKey(file), data);
        const json = jsonVerdict(fileKey(file), data);
        if (zod.ok) {
          expect(json.ok, `${where}: zod accepts it, the JSON Schema should too: ${JSON.stringify(json.errors)}`).toBe(true);
          tally.agreeOk++;
        } else if (zod.shape || zod.codes.every((code) => PATTERNED.has(code))) {
          expect(json.ok, `${where}: zod rejects it (${zod.codes.join(', ')}), the JSON Schema should too`).toBe(false);
          tally.agreeRejected++;
        } else {
          tally.notExpressible++;
        }
      }
    }
    // Most fixtures are shape mistakes; the duplicate id, an impossible date (2026-02-30), a
    // GSTIN of the right form with the wrong check character and brand colours of too little contrast are
    // checks in code that JSON Schema cannot state; YAML syntax mistakes are the parser's to report.
    // Translation files whose lists are shorter or longer than the English ones are accepted by
    // both: only site check, which holds each against its English file, can count the items.
    expect(tally).toEqual({ agreeOk: expect.any(Number), agreeRejected: expect.any(Number), notExpressible: 4, unreadable: 10 });
    expect(tally.agreeRejected, 'fixtures whose shape mistakes both refuse').toBeGreaterThanOrEqual(21);
  });

  /** One-line mistakes laid on the shipped content, each of which both must refuse. */
  const MISTAKES: Array<{ name: string; file: ContentFile; path: Array<string | number>; value: unknown }> = [
    { name: 'a price written as text', file: 'services.yaml', path: ['services', 0, 'pricing', 'starting'], value: '8,999' },
    { name: 'a text of only spaces', file: 'pages/home.yaml', path: ['hero', 'title'], value: '   ' },
    { name: 'an Indian number with nine digits', file: 'site.yaml', path: ['contact', 'phone'], value: '+91 98470 1234' },
    { name: 'a phone number without the country code', file: 'site.yaml', path: ['contact', 'whatsapp'], value: '98470 12345' },
    { name: 'a javascript: link', file: 'site.yaml', path: ['contact', 'directionsUrl'], value: 'javascript:alert(1)' },
    { name: 'a map on another host', file: 'site.yaml', path: ['contact', 'mapEmbedUrl'], value: 'https://evil.example/maps' },
    {
      name: 'a host that only ends like an allowed one',
      file: 'site.yaml',
      path: ['contact', 'mapEmbedUrl'],
      value: 'https://evilgoogle.com/maps',
    },
    { name: 'a user name before the host', file: 'site.yaml', path: ['form', 'endpoint'], value: 'https://google.com@evil.example/' },
    { name: 'a Facebook link to another site', file: 'site.yaml', path: ['social', 0, 'url'], value: 'https://evil.example/company' },
    {
      name: 'an X link on Facebook',
      file: 'site.yaml',
      path: ['social', 3],
      value: { network: 'x', label: 'X', url: 'https://facebook.com/x' },
    },
    { name: 'an icon the site cannot draw', file: 'whatsapp.yaml', path: ['actions', 0, 'icon'], value: 'rocket' },
    { name: 'an id with capitals', file: 'services.yaml', path: ['services', 0, 'id'], value: 'Residential' },
    { name: 'a link to a page that does not exist', file: 'layout.yaml', path: ['header', 'cta', 'href'], value: '/pricing' },
  ];

  for (const mistake of MISTAKES) {
    it(`both refuse ${mistake.name}`, async () => {
      const source = await readFile(path.join(SAMPLE_CONTENT, mistake.file), 'utf8');
      const doc = parseDocument(source);
      doc.setIn(mistake.path, mistake.value);
      const data = doc.toJS() as unknown;
      expect(zodVerdict(mistake.file, data).ok).toBe(false);
      expect(jsonVerdict(mistake.file, data).ok).toBe(false);
    });
  }

  it('both accept a map address with spaces, which the pages carry percent-encoded', async () => {
    const source = await readFile(path.join(SAMPLE_CONTENT, 'site.yaml'), 'utf8');
    const doc = parseDocument(source);
    doc.setIn(['contact', 'mapEmbedUrl'], 'https://www.google.com/maps?q=Edappally, Kochi|Kerala&output=embed');
    const data = doc.toJS() as Record<string, any>;
    expect(zodVerdict('site.yaml', data)).toEqual({ ok: true });
    expect(jsonVerdict('site.yaml', data)).toEqual({ ok: true, errors: null });
    const parsed = CONTENT_FILES['site.yaml'].parse(data);
    expect(parsed.contact.mapEmbedUrl).toBe('https://www.google.com/maps?q=Edappally,%20Kochi%7CKerala&output=embed');
  });

  it('both accept what the patterns must not refuse: separators in phones, subdomains, ports and X on twitter.com', async () => {
    const source = await readFile(path.join(SAMPLE_CONTENT, 'site.yaml'), 'utf8');
    const doc = parseDocument(source);
    doc.setIn(['contact', 'phone'], '(+91) 98470-12345');
    doc.setIn(['contact', 'whatsapp'], '+44 20 7946 0958');
    doc.setIn(['contact', 'mapEmbedUrl'], 'https://maps.google.com:443/maps?q=Kochi&output=embed');
    doc.setIn(['social', 0, 'url'], 'https://www.facebook.com/example');
    doc.setIn(['social', 3], doc.createNode({ network: 'x', label: 'X', url: 'https://twitter.com/example' }));
    const data = doc.toJS() as unknown;
    expect(zodVerdict('site.yaml', data)).toEqual({ ok: true });
    expect(jsonVerdict('site.yaml', data)).toEqual({ ok: true, errors: null });
  });
});

describe('site schema --out proves first that it may write', () => {
  const run = async (dir: string, out: string) => {
    const io = captureIo(dir);
    const code = await main(['schema', '--out', out], io);
    return { code, err: io.stderr() };
  };

  it('never writes into the content folder, where Publish would share the schemas', async () => {
    const dir = await contentWithFixture();
    temporary.push(dir);
    const before = (await readdir(path.join(dir, 'content'), { recursive: true })).sort();
    for (const out of ['content', 'content/ml', './content/', path.join(dir, 'content')]) {
      const { code, err } = await run(dir, out);
      expect(code, out).toBe(1);
      expect(err).toMatch(
        /^Refusing to write the schemas into .*content.* holds the content, which Publish shares, not schemas\. Nothing was written\.$/m,
      );
    }
    expect((await readdir(path.join(dir, 'content'), { recursive: true })).sort()).toEqual(before);
  });

  it('never overwrites a file it did not write, and overwrites its own', async () => {
    const dir = await contentWithFixture();
    temporary.push(dir);
    await mkdir(path.join(dir, 'mine'), { recursive: true });
    await writeFile(path.join(dir, 'mine', 'site.schema.json'), '{"notes": "mine"}');
    const { code, err } = await run(dir, 'mine');
    expect(code).toBe(1);
    expect(err).toContain('it already holds site.schema.json, which site schema did not write and would overwrite.');
    expect(await readFile(path.join(dir, 'mine', 'site.schema.json'), 'utf8')).toBe('{"notes": "mine"}');
    await writeFile(path.join(dir, 'file.json'), 'x');
    expect((await run(dir, 'file.json')).code).toBe(1);
    expect(await readFile(path.join(dir, 'file.json'), 'utf8')).toBe('x');
    expect((await run(dir, 'editor-schemas')).code).toBe(0);
    expect((await run(dir, 'editor-schemas')).code).toBe(0);
  });
});
