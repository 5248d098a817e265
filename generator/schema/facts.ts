import { officesOf } from './offices.js';
import type { SiteSettings } from './site.js';

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

/**
 * Each fact's value in the language `settings` are in, on the build's date. A figure may name the
 * other facts ("${years}+"); those are filled in here, so a text naming the figure reads "18+".
 */
export function factsOf(settings: Pick<SiteSettings, 'company' | 'contact' | 'offices' | 'stats'>, now: Date): Facts {
  const { company } = settings;
  const base = new Map<string, string>([
    ['company', company.name],
    ['founded', String(company.foundedYear)],
    ['years', String(now.getFullYear() - company.foundedYear)],
    ['city', officesOf(settings)[0]!.city],
  ]);
  const facts = new Map(base);
  for (const stat of settings.stats) facts.set(statFact(stat.id), fillFacts(stat.value, base));
  return facts;
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
