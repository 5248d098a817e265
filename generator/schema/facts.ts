import type { PathSegment } from '../problems/locate.js';
import { isTranslatableLeaf, metaOf, shapeOf } from './derived/translation-schema.js';
import type { Schema } from './derived/walk.js';
import { TEXT_PATTERN, type FieldMeta } from './fields.js';

/**
 * Facts written once in site.yaml that any text may name, as `${name}`: a sentence then says what
 * the fact says today. `$` and braces were chosen because YAML reads them as plain text even at
 * the start of a value (a bare `{` there would open a YAML mapping), and prose never has them.
 */
export const FACT_TOKEN = /\$\{([^{}]*)\}/g;

/** What each fact is, for messages and the README: the names a text may use. */
export const FACT_NAMES = {
  company: 'the company’s name (company.name)',
  founded: 'the year the company was founded (company.foundedYear)',
  years: 'how many years the company has been in business: the build’s year minus the founding year',
  city: 'the city of the main office (contact.cityName, else contact.address.city)',
} as const;

export type Facts = ReadonlyMap<string, string>;

/** The name of each figure as a fact: stats.moves for the figure with id moves. */
export const statFact = (id: string) => `stats.${id}`;

/** A fact as site.yaml writes it: its value may name other facts. */
export interface FactSource {
  name: string;
  value: string;
  /** Where in site.yaml (or its translation) the value is written. */
  path: PathSegment[];
}

/**
 * Each fact as written in `settings` (site.yaml's data, checked or not: what is missing or of the
 * wrong kind is left out, and the check reports it), on the build's date. The city is the main
 * office's, in the language `settings` are in.
 */
export function factSources(settings: unknown, now: Date): FactSource[] {
  const site = fields(settings);
  const company = fields(site.company);
  const contact = fields(site.contact);
  const sources: FactSource[] = [];
  const text = (name: string, value: unknown, path: PathSegment[]) => {
    if (typeof value === 'string') sources.push({ name, value: value.trim(), path });
  };
  text('company', company.name, ['company', 'name']);
  if (typeof company.foundedYear === 'number') {
    sources.push({ name: 'founded', value: String(company.foundedYear), path: ['company', 'foundedYear'] });
    sources.push({ name: 'years', value: String(now.getFullYear() - company.foundedYear), path: ['company', 'foundedYear'] });
  }
  if (typeof contact.cityName === 'string') text('city', contact.cityName, ['contact', 'cityName']);
  else text('city', fields(contact.address).city, ['contact', 'address', 'city']);
  if (Array.isArray(site.stats)) {
    site.stats.forEach((stat: unknown, index) => {
      const { id, value } = fields(stat);
      if (typeof id === 'string') text(statFact(id), value, ['stats', index, 'value']);
    });
  }
  return sources;
}

const fields = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A chain of facts each naming the next, the last naming the first (one fact naming itself: a chain of one). */
export type FactCycle = string[];

/**
 * Each fact's value with the facts it names written out, through any number of them ("Movers of
 * ${city}" → "Movers of Kochi"), and the cycles that cannot be: a fact that names itself, directly
 * or through others, keeps the name where the cycle closes (the check refuses it).
 */
export function resolveFacts(sources: readonly FactSource[]): { facts: Map<string, string>; cycles: FactCycle[] } {
  const written = new Map(sources.map((source) => [source.name, source.value]));
  const facts = new Map<string, string>();
  const cycles: FactCycle[] = [];
  const seen = new Set<string>();
  const resolve = (name: string, chain: string[]): string => {
    const done = facts.get(name);
    if (done !== undefined) return done;
    const at = chain.indexOf(name);
    if (at >= 0) {
      const cycle = chain.slice(at);
      const key = [...cycle].sort().join('\0');
      if (!seen.has(key)) cycles.push(cycle);
      seen.add(key);
      return `\${${name}}`;
    }
    const value = written.get(name)!;
    const filled = value.includes('${')
      ? value.replace(FACT_TOKEN, (token, raw: string) => (written.has(raw.trim()) ? resolve(raw.trim(), [...chain, name]) : token))
      : value;
    facts.set(name, filled);
    return filled;
  };
  for (const name of written.keys()) resolve(name, []);
  return { facts, cycles };
}

/**
 * Each fact's value in the language `settings` are in, on the build's date, with the facts it
 * names written out: a figure "${years}+" reads "18+", a name "Movers of ${city}" reads "Movers of Kochi".
 */
export function factsOf(settings: unknown, now: Date): Facts {
  return resolveFacts(factSources(settings, now)).facts;
}

/** Every fact name a text may use, given the figures' ids. */
export function factNames(statIds: readonly string[]): string[] {
  return [...Object.keys(FACT_NAMES), ...statIds.map(statFact)];
}

/** `text` with each `${name}` of a known fact replaced by its value; an unknown name is left as it is (check reports it). */
export function fillFacts(text: string, facts: Facts): string {
  if (!text.includes('${')) return text;
  return text.replace(FACT_TOKEN, (token, name: string) => facts.get(name.trim()) ?? token);
}

// Schemas and their metadata never change once made, so each schema's answer is worked out once.
const visitorText = new WeakMap<Schema, boolean>();

/**
 * Whether a field holds words a visitor reads, where facts are filled in: any text (schema/fields.ts
 * text(), longText(), sameText()), a photo's alt text, a label. Never a path, a web or email
 * address, a phone number, an id or a date: a fact there would change what the value points to.
 */
export function isVisitorText(schema: Schema): boolean {
  let known = visitorText.get(schema);
  if (known === undefined) {
    known = isTranslatableLeaf(schema) || metaOf<FieldMeta>(schema, 'pattern') === TEXT_PATTERN;
    visitorText.set(schema, known);
  }
  return known;
}

/**
 * `value` (a content file's data, or a part of it that `schema` describes) with `fill` applied to
 * each visitor text that names a fact. What the schema does not describe is left as it is; parts
 * where nothing changed are the same objects.
 */
export function fillTexts(schema: Schema, value: unknown, fill: (text: string) => string): unknown {
  if (typeof value === 'string') return value.includes('${') && isVisitorText(schema) ? fill(value) : value;
  if (value === null || typeof value !== 'object') return value;
  const shape = shapeOf(schema);
  if (Array.isArray(value)) {
    if (shape.kind !== 'array') return value;
    const items = value.map((item) => fillTexts(shape.element, item, fill));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (shape.kind !== 'object') return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const filled = Object.hasOwn(shape.fields, key) ? fillTexts(shape.fields[key]!, item, fill) : item;
    changed ||= filled !== item;
    return [key, filled] as const;
  });
  return changed ? Object.fromEntries(entries) : value;
}
