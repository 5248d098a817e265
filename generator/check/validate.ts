import { z } from 'zod';
import type { LoadedFile } from '../load/load.js';
import { formatPath, locateKey, locateParent, locateValue, type PathSegment } from '../problems/locate.js';
import { MAX_PROBLEMS_PER_FILE, tooManyProblems, type Problem, type ProblemCode } from '../problems/problem.js';
import { CONTENT_FILES, type ContentFile, type Site } from '../schema/index.js';
import { closest } from '../problems/suggest.js';
import { decimalProblems } from './decimals.js';
import { checkReferences } from './references.js';
import { checkConsistency } from './consistency.js';
import { rangeWords } from '../schema/derived/bounds.js';
import { boundsAt, metaAt, shapeAt } from '../schema/derived/walk.js';
import { fillFacts, fillTexts, type Facts } from '../schema/facts.js';
import type { SiteSettings } from '../schema/site.js';

export interface ValidateResult {
  /** Present only when every file is complete and valid. */
  site?: Site;
  problems: Problem[];
  /** Things that do not stop a build but are most likely mistakes (a service the form leaves out). */
  warnings: Problem[];
  /** The English files whose data matches their schema, which their translations are checked against. */
  matching: ReadonlySet<ContentFile>;
  /** site.yaml's settings as written, its facts not filled in (the contradiction check reads the figures so). */
  writtenSettings?: SiteSettings;
}

/**
 * Checks every loaded file against its schema, then the references between files. Each text is
 * checked as it will be shown, with the `facts` it names filled in (a text's length is the shown
 * one), and the site comes back so.
 */
export function validateContent(loaded: readonly LoadedFile[], facts?: Facts): ValidateResult {
  // Translation files are checked against these by translations/validate.ts.
  const files = loaded.filter((file) => !file.language);
  const problems: Problem[] = [];
  const parsed = new Map<ContentFile, unknown>();
  const matching = new Set<ContentFile>();
  for (const file of files) {
    if (file.data === undefined) continue;
    const schema = CONTENT_FILES[file.name];
    const shown = facts ? fillTexts(schema, file.data, (text) => fillFacts(text, facts)) : file.data;
    // Each issue carries the value as shown, for its message (a text's length with its facts filled in).
    const result = schema.safeParse(shown, { reportInput: true });
    if (result.success) matching.add(file.name);
    const imprecise = decimalProblems(file, schema);
    if (result.success && imprecise.length === 0) parsed.set(file.name, result.data);
    else problems.push(...imprecise, ...(result.success ? [] : fileProblems(result.error.issues, file, schema)));
  }
  const references = checkReferences(files, parsed);
  problems.push(...references.problems);
  const warnings = [...references.warnings, ...checkConsistency(files, parsed)];

  const all = Object.keys(CONTENT_FILES) as ContentFile[];
  if (problems.length > 0 || !all.every((name) => parsed.has(name))) return { problems, warnings, matching };
  const site = assemble(parsed);
  return { problems, warnings, matching, site, writtenSettings: writtenSettings(files) ?? site.settings };
}

/** site.yaml parsed as written; undefined when only its shown texts fit (one is longer as written). */
function writtenSettings(files: readonly LoadedFile[]): SiteSettings | undefined {
  const data = files.find((file) => file.name === 'site.yaml')?.data;
  const result = CONTENT_FILES['site.yaml'].safeParse(data);
  return result.success ? result.data : undefined;
}

export function assemble(parsed: Map<ContentFile, unknown>): Site {
  const get = <F extends ContentFile>(name: F) => parsed.get(name) as z.infer<(typeof CONTENT_FILES)[F]>;
  return {
    settings: get('site.yaml'),
    services: get('services.yaml').services,
    testimonials: get('testimonials.yaml').testimonials,
    whatsapp: get('whatsapp.yaml'),
    layout: get('layout.yaml'),
    pages: {
      home: get('pages/home.yaml'),
      about: get('pages/about.yaml'),
      services: get('pages/services.yaml'),
      contact: get('pages/contact.yaml'),
      notFound: get('pages/not-found.yaml'),
      privacy: get('pages/privacy.yaml'),
    },
  };
}

/** Where a content file's data sits in the assembled Site: a path in the file, prefixed with this, is a path in the Site. */
export const SITE_PLACE: Record<ContentFile, readonly string[]> = {
  'site.yaml': ['settings'],
  // These two files hold one list each under the same name the Site gives it.
  'services.yaml': [],
  'testimonials.yaml': [],
  'whatsapp.yaml': ['whatsapp'],
  'layout.yaml': ['layout'],
  'pages/home.yaml': ['pages', 'home'],
  'pages/about.yaml': ['pages', 'about'],
  'pages/services.yaml': ['pages', 'services'],
  'pages/contact.yaml': ['pages', 'contact'],
  'pages/not-found.yaml': ['pages', 'notFound'],
  'pages/privacy.yaml': ['pages', 'privacy'],
};

// ---- zod issues → located problems ----

type Issue = z.core.$ZodIssue;
type Schema = z.core.$ZodType;

/** One file's located problems, at most MAX_PROBLEMS_PER_FILE of them (locating is what costs), then how many more there are. */
export function fileProblems(issues: readonly Issue[], file: LoadedFile, root: Schema): Problem[] {
  const found: Problem[] = [];
  let total = 0;
  for (const issue of issues) {
    total += issue.code === 'unrecognized_keys' ? issue.keys.length : 1;
    const room = MAX_PROBLEMS_PER_FILE - found.length;
    if (room <= 0) continue;
    found.push(...issueProblems(issue.code === 'unrecognized_keys' ? { ...issue, keys: issue.keys.slice(0, room) } : issue, file, root));
  }
  if (total > found.length) found.push(tooManyProblems(file.file, total, found.length));
  return found;
}

/** The editor's words for a problem whose hint is the schema's own (which speaks of lines and colons). */
function issueProblems(issue: Issue, file: LoadedFile, root: Schema): Problem[] {
  const meta = metaAt(root, issue.path as PathSegment[]);
  const found = describeIssue(issue, file, root);
  const editorHint = meta.editorHint;
  if (!editorHint) return found;
  return found.map((problem) =>
    problem.editor || problem.hint !== meta.hint ? problem : { ...problem, editor: { message: problem.message, hint: editorHint } },
  );
}

function describeIssue(issue: Issue, file: LoadedFile, root: Schema): Problem[] {
  const path = issue.path as PathSegment[];
  const at = (where: 'value' | 'parent', p: PathSegment[] = path) =>
    (where === 'value' ? locateValue : locateParent)(file.doc, file.lineCounter, file.source, p);
  const base = { file: file.file, path: formatPath(path, file.data) };
  const meta = metaAt(root, path);
  const input = 'input' in issue ? issue.input : valueAt(file.data, path);
  const expected = meta.expected ?? describeExpected(issue);
  const field = String(path.at(-1) ?? 'value');
  const hint = meta.suggest?.(input) ?? meta.hint;

  const empty = {
    ...base,
    ...at('value'),
    code: 'missing-field' as const,
    message: `The field "${field}" is empty; it needs ${expected}.`,
    hint: meta.hint,
  };
  // A box left empty (a new entry's id, a choice not made yet) is said to be empty, not to hold
  // an empty text; the editor leaves out the hint, which for a choice lists every option in its menu.
  if (typeof input === 'string' && input.trim() === '' && (issue.code === 'invalid_format' || issue.code === 'invalid_value'))
    return [{ ...empty, editor: { message: `{field} is required: fill it in with ${expected}.` } }];
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const known = Object.keys(shapeAt(root, path) ?? {});
        const guess = closest(key, known);
        return {
          ...base,
          ...locateKey(file.doc, file.lineCounter, file.source, [...path, key]),
          path: formatPath([...path, key], file.data),
          code: 'unknown-field' as const,
          message: `Unknown field "${key}": the site does not read it, so its value would be lost.${guess ? ` Did you mean "${guess}"?` : ''}`,
          hint: guess ? `rename "${key}" to "${guess}"` : `the fields allowed here are: ${known.join(', ')}`,
        };
      });
    case 'invalid_type':
      if (input === undefined) {
        return [
          {
            ...base,
            ...at('parent'),
            code: 'missing-field',
            message: `The required field "${field}" is missing from ${path.length > 1 ? formatPath(path.slice(0, -1), file.data) : 'the top level of the file'}; it needs ${expected}.`,
            hint: `add a line "${field}: …" inside this block, indented like its neighbours`,
            editor: { message: `{field} is required: fill it in with ${expected}.` },
          },
        ];
      }
      if (input === null) return [empty];
      return [
        {
          ...base,
          ...at('value'),
          code: 'wrong-type',
          message: `Expected ${expected}, got ${describeValue(input)}.${wrongTypeAdvice(issue, input, expected)}`,
          hint,
          // In the editor a box holds no quotes: a number typed so it cannot be read is just that.
          ...(typeof input === 'string'
            ? { editor: { message: `{field} needs ${expected}; "${input}" cannot be read as one.`, ...(hint ? { hint } : {}) } }
            : {}),
        },
      ];
    case 'invalid_value': {
      const allowed = issue.values.map(String);
      // "5" in quotes is text, though it reads like the number 5: say what differs, not "did you mean 5".
      const quoted = typeof input === 'string' && issue.values.some((v) => typeof v === 'number' && String(v) === input.trim());
      const guess = typeof input === 'string' && !quoted ? closest(input, allowed) : undefined;
      const advice = quoted ? ` ${REMOVE_QUOTES}` : guess ? ` Did you mean "${guess}"?` : '';
      return [
        {
          ...base,
          ...at('value'),
          code: 'not-allowed',
          message: `Expected ${expected}, got ${describeValue(input)}.${advice}`,
          hint: meta.hint ?? `allowed values: ${allowed.join(', ')}`,
        },
      ];
    }
    case 'invalid_format':
      return [
        { ...base, ...at('value'), code: 'bad-format', message: `Expected ${expected}, got ${describeValue(input)}.`, hint: meta.hint },
      ];
    case 'too_small': {
      const needs = `${expected} ${rangeWords(boundsAt(root, path)) ?? ''}`.trim();
      return [
        {
          ...base,
          ...at('value'),
          code: 'too-few',
          message: tooSmall(issue, input, needs),
          hint: meta.hint ?? tooSmallHint(issue),
          // In the editor a number too small is named by its field, as one that cannot be read is.
          ...(issue.origin === 'number' && typeof input === 'number'
            ? { editor: { message: `{field} needs ${needs}; it is ${input}.` } }
            : {}),
        },
      ];
    }
    case 'too_big':
      if (issue.origin === 'string' && typeof input === 'string') {
        const written = valueAt(file.data, path);
        // Counted as the schema counts, by code point: an emoji is one character, not the two halves JavaScript's length counts.
        const characters = (text: string) => [...text.trim()].length.toLocaleString('en');
        const asShown =
          typeof written === 'string' && written.trim() !== input.trim()
            ? ` as shown, with the facts it names written out (${characters(written)} as written)`
            : '';
        return [
          {
            ...base,
            ...at('value'),
            code: 'too-many',
            message: `This text is ${characters(input)} characters long${asShown}; this field holds at most ${Number(issue.maximum).toLocaleString('en')}, which is as much as its place on the page can show.`,
            hint: 'shorten it, or move the detail to a longer field such as a description',
          },
        ];
      }
      return [
        {
          ...base,
          ...at('value'),
          code: 'too-many',
          message: `Expected ${`${expected} ${rangeWords(boundsAt(root, path)) ?? ''}`.trim()}, got ${describeValue(input)}.`,
          hint: meta.hint,
        },
      ];
    case 'custom': {
      const params = (issue.params ?? {}) as { problem?: ProblemCode; hint?: string };
      return [{ ...base, ...at('value'), code: params.problem ?? 'invalid-value', message: issue.message, hint: params.hint ?? meta.hint }];
    }
    default:
      return [
        { ...base, ...at('value'), code: 'invalid-value', message: `Expected ${expected}, got ${describeValue(input)}.`, hint: meta.hint },
      ];
  }
}

const REMOVE_QUOTES = 'Remove the quotes around it: in quotes it is text, not a number.';

/** `expected` carries the field's range in words ("a number of rupees more than 0"). */
function tooSmall(issue: z.core.$ZodIssueTooSmall, input: unknown, expected: string): string {
  if (issue.origin === 'array') {
    const needs = `at least ${String(issue.minimum)} item${issue.minimum === 1 ? '' : 's'}`;
    const count = Array.isArray(input) ? input.length : 0;
    return count === 0 ? `This list is empty, but it needs ${needs}.` : `This list has ${count}, but it needs ${needs}.`;
  }
  if (issue.origin === 'string') return `This field is empty; it needs ${expected}.`;
  return `Expected ${expected}, got ${describeValue(input)}.`;
}

/** What to do about a value of the wrong kind when the fix is not obvious from the message alone. */
function wrongTypeAdvice(issue: z.core.$ZodIssueInvalidType, input: unknown, expected: string): string {
  const wantsNumber = issue.expected === 'number' || issue.expected === 'int';
  if (wantsNumber && typeof input === 'string' && input.trim() !== '' && Number.isFinite(Number(input))) return ` ${REMOVE_QUOTES}`;
  if (issue.expected === 'int' && typeof input === 'number' && !/whole number/.test(expected))
    return ' It needs to be a whole number, without a decimal point.';
  if (issue.expected === 'string' && typeof input === 'number') return ' Put it in quotes, so the digits are kept exactly as written.';
  return '';
}

function tooSmallHint(issue: z.core.$ZodIssueTooSmall): string | undefined {
  if (issue.origin === 'array') return 'add entries on their own lines below, each starting with "- ", instead of []';
  return undefined;
}

function describeExpected(issue: Issue): string {
  const expected = issue.code === 'invalid_type' ? issue.expected : undefined;
  switch (expected) {
    case 'number':
    case 'int':
      return 'a number';
    case 'string':
      return 'some text';
    case 'array':
      return 'a list (lines starting with "- ")';
    case 'object':
      return 'a group of "key: value" settings';
    case 'boolean':
      return 'true or false';
    default:
      return 'a valid value';
  }
}

export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return `the text "${value.length > 60 ? `${value.slice(0, 57)}…` : value}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value === 'number' ? 'the number ' : ''}${String(value)}`;
  if (Array.isArray(value)) return 'a list';
  return 'a group of settings';
}

function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let value = data;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PathSegment, unknown>)[segment];
  }
  return value;
}
