import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { jsonSchemaFiles, schemaPath } from '../../../../../generator/schema/derived/json-schema.js';
import { CONTENT_FILES, ICON_NAMES, type ContentFile } from '../../../../../generator/schema/index.js';
import { SAMPLE_CONTENT } from '../../../../helpers/content.js';

/**
 * Property test: for every kind of field, `site check` (zod) and the editors' JSON Schemas accept
 * and refuse the same values. Each run writes one generated value into one field of the sample
 * content and asks both; the rest of the file is valid, so the verdicts are about that value.
 * (A refusal in a sibling field would show as both refusing; the last test rules that out.)
 * Values are drawn near each field's rules (addresses with odd hosts, ports and spaces, phones
 * with separators, numbers around their limits, texts of spaces) as well as at random.
 */

const ajv = new Ajv({ strict: true, allErrors: false, formats: { email: true }, code: { optimize: false } });
ajv.addVocabulary(['errorMessage', 'patternErrorMessage']);
const validators = new Map<ContentFile, ValidateFunction>();
for (const file of jsonSchemaFiles()) {
  const name = (Object.keys(CONTENT_FILES) as ContentFile[]).find((n) => schemaPath(n) === file.path)!;
  validators.set(name, ajv.compile(JSON.parse(String(file.contents))));
}

const samples = new Map<ContentFile, unknown>();
function sample(file: ContentFile): unknown {
  if (!samples.has(file)) samples.set(file, parseDocument(readFileSync(path.join(SAMPLE_CONTENT, file), 'utf8')).toJS());
  return samples.get(file);
}

/** Both verdicts on the sample file with `value` written at `at`. */
function verdicts(file: ContentFile, at: Array<string | number>, value: unknown): { zod: boolean; json: boolean } {
  const data = structuredClone(sample(file)) as Record<string | number, any>;
  let parent = data;
  for (const key of at.slice(0, -1)) parent = parent[key];
  parent[at.at(-1)!] = value;
  return { zod: CONTENT_FILES[file].safeParse(data).success, json: validators.get(file)!(data) };
}

// ---- values near each kind's rules ----

const anything = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }));
const spacey = fc.stringMatching(/^[ \t\u00a0\u2003]{0,3}[a-zA-Z]{0,3}[ \t]{0,2}$/);

const HOST_PARTS = [
  'www.',
  'maps.',
  'evil',
  'google.com',
  'openstreetmap.org',
  'facebook.com',
  'x.com',
  'twitter.com',
  'example.in',
  'a-b.',
  '-a.',
  'xn--p1ai',
  'localhost',
  '127.0.0.1',
  '[::1]',
  'ex_ample.com',
  'EXAMPLE.COM',
  '1.2.3',
  'ok.co',
  '.',
];
const webAddress = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('https://', 'http://', 'HTTPS://', 'https:/', 'https:', 'javascript:', 'https:// ', 'ftp://', ''),
      fc.constantFrom('', 'user@', 'user:pw@'),
      fc.array(fc.constantFrom(...HOST_PARTS), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')),
      fc.constantFrom('', ':443', ':0', ':65535', ':65536', ':99999', ':', ':08'),
      fc.constantFrom(
        '',
        '/',
        '/maps?q=Edappally, Kochi&output=embed',
        '/x y',
        '?a=1|2',
        '#top',
        '/%zz',
        '/a\tb',
        '/a\nb',
        '\\@evil.com',
        '/ok#a#b',
        '/ü',
      ),
    )
    .map((parts) => parts.join('')),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string(),
);
const phoneLike = fc.oneof(
  fc.stringMatching(/^[+]?[\d\s().-]{0,18}$/),
  fc.stringMatching(/^\+9[\s-]?1[\d\s]{8,14}$/),
  fc.integer(),
  fc.string(),
);
const idLike = fc.oneof(fc.stringMatching(/^[a-zA-Z0-9_-]{0,10}$/), fc.string());
const hrefLike = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('/', '/about', '/about/', '/services/', '/contact', 'contact', '/pricing', '', '//about', '/about//'),
      fc.oneof(
        fc.constant(''),
        fc.stringMatching(/^#[A-Za-z0-9_ -]{0,6}$/),
        fc.string().map((s) => `#${s}`),
      ),
    )
    .map(([p, f]) => p + f),
  fc.string(),
);
const numberNear = (low: number, high: number) =>
  fc.oneof(
    fc.integer({ min: low - 3, max: high + 3 }),
    fc.double({ min: low - 1, max: high + 1 }),
    fc.constantFrom(low, high, low - 1, high + 1, 0, -0, 2 ** 53, Infinity, -Infinity, Number.NaN),
    fc.integer().map(String),
    anything,
  );
const coordinateLike = (limit: number) =>
  fc.oneof(
    // At least five decimals: the number of decimals is checked by site check alone (below).
    fc.integer({ min: (-limit - 2) * 100000, max: (limit + 2) * 100000 }).map((n) => (n % 10 === 0 ? n + 1 : n) / 100000),
    fc.constantFrom(limit + 0.00001, -limit - 0.00001, 'ten', null, true),
  );

interface Kind {
  name: string;
  file: ContentFile;
  at: Array<string | number>;
  values: fc.Arbitrary<unknown>;
}

const KINDS: Kind[] = [
  { name: 'text', file: 'pages/home.yaml', at: ['hero', 'title'], values: fc.oneof(spacey, fc.string(), anything) },
  { name: 'optional text', file: 'pages/home.yaml', at: ['hero', 'secondary', 'more'], values: fc.oneof(spacey, anything) },
  {
    name: 'list of texts',
    file: 'site.yaml',
    at: ['company', 'areaServed'],
    values: fc.oneof(fc.array(fc.oneof(spacey, fc.string(), fc.integer()), { maxLength: 3 }), anything),
  },
  { name: 'price in rupees', file: 'services.yaml', at: ['services', 0, 'pricing', 'starting'], values: numberNear(0, 100000) },
  { name: 'year', file: 'site.yaml', at: ['company', 'foundedYear'], values: numberNear(1900, 2100) },
  { name: 'seconds', file: 'site.yaml', at: ['form', 'timeoutSeconds'], values: numberNear(5, 120) },
  { name: 'latitude', file: 'site.yaml', at: ['contact', 'geo', 'latitude'], values: coordinateLike(90) },
  { name: 'longitude', file: 'site.yaml', at: ['contact', 'geo', 'longitude'], values: coordinateLike(180) },
  {
    name: 'rating',
    file: 'testimonials.yaml',
    at: ['testimonials', 0, 'rating'],
    values: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom('5', 5.0, 4.9), anything),
  },
  {
    name: 'icon',
    file: 'whatsapp.yaml',
    at: ['actions', 0, 'icon'],
    values: fc.oneof(fc.constantFrom(...ICON_NAMES, 'Home', 'rocket', ''), anything),
  },
  {
    name: 'day',
    file: 'site.yaml',
    at: ['contact', 'openingHours', 'days', 0],
    values: fc.oneof(fc.constantFrom('Mo', 'Su', 'Mon', 'mo', ''), anything),
  },
  {
    name: 'country',
    file: 'site.yaml',
    at: ['contact', 'address', 'country'],
    values: fc.oneof(fc.constantFrom('IN', 'in', 'India'), anything),
  },
  { name: 'id', file: 'services.yaml', at: ['services', 0, 'id'], values: idLike },
  {
    name: 'PIN code',
    file: 'site.yaml',
    at: ['contact', 'address', 'postalCode'],
    values: fc.oneof(fc.stringMatching(/^\d{4,7}$/), fc.integer({ min: 0, max: 9999999 }), anything),
  },
  {
    name: '24-hour time',
    file: 'site.yaml',
    at: ['contact', 'openingHours', 'opens'],
    values: fc.oneof(fc.stringMatching(/^\d{1,3}:\d{1,3}$/), anything),
  },
  { name: 'phone', file: 'site.yaml', at: ['contact', 'phone'], values: phoneLike },
  {
    name: 'email',
    file: 'site.yaml',
    at: ['contact', 'email'],
    values: fc.oneof(fc.emailAddress(), fc.stringMatching(/^[a-z0-9.@+ -]{0,14}$/), anything),
  },
  { name: 'web address', file: 'site.yaml', at: ['seo', 'siteUrl'], values: webAddress },
  { name: 'map address', file: 'site.yaml', at: ['contact', 'mapEmbedUrl'], values: webAddress },
  { name: 'link to a page', file: 'layout.yaml', at: ['header', 'cta', 'href'], values: hrefLike },
  {
    name: 'social link',
    file: 'site.yaml',
    at: ['social', 0],
    values: fc.record(
      { network: fc.constantFrom('facebook', 'x', 'youtube', 'twitter'), label: fc.constantFrom('Facebook', ' '), url: webAddress },
      { requiredKeys: ['network', 'label'] },
    ),
  },
];

describe('site check and the editor schemas agree', () => {
  for (const kind of KINDS) {
    it(`on every value of a ${kind.name}`, () => {
      fc.assert(
        fc.property(kind.values, (value) => {
          const { zod, json } = verdicts(kind.file, kind.at, value);
          expect(json, `${JSON.stringify(value)}: site check ${zod ? 'accepts' : 'refuses'} it`).toBe(zod);
        }),
        { numRuns: 200 },
      );
    });
  }

  it('and both accept the sample values, so each run above changed only the field it names', () => {
    for (const kind of KINDS) {
      let value = sample(kind.file) as any;
      for (const key of kind.at) value = value[key];
      expect(value, kind.name).toBeDefined();
      expect(verdicts(kind.file, kind.at, value), kind.name).toEqual({ zod: true, json: true });
    }
  });

  it('leave the decimals of a position to site check, which counts them as written in the file', () => {
    expect(verdicts('site.yaml', ['contact', 'geo', 'latitude'], 10.03)).toEqual({ zod: true, json: true });
    expect(verdicts('site.yaml', ['contact', 'geo', 'latitude'], 10.02731)).toEqual({ zod: true, json: true });
  });
});
