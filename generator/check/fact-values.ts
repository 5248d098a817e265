import type { LoadedFile } from '../load/load.js';
import { formatPath, type PathSegment } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import { FACT_TOKEN, factSources, resolveFacts, type FactCycle, type FactSource, type Facts } from '../schema/facts.js';
import { locateWords, textsOf } from './texts.js';

/** The facts of the English site and of each translation, by the translation's folder (ml). */
export interface ContentFacts {
  english: Facts;
  /** A language without a site.yaml of its own has the English facts. */
  languages: ReadonlyMap<string, Facts>;
  /** Facts that name themselves, directly or through others, located where each names the next. */
  problems: Problem[];
}

interface PlacedSource extends FactSource {
  file: LoadedFile;
}

/**
 * Each language's facts, read from site.yaml as written (before it is checked, so that every
 * text is checked as it will be shown): English from site.yaml, a translation's city from its own
 * site.yaml (contact.cityName), the rest from English.
 */
export function contentFacts(files: readonly LoadedFile[], now: Date): ContentFacts {
  const site = files.find((file) => file.name === 'site.yaml' && !file.language);
  const english: PlacedSource[] = site?.data === undefined ? [] : factSources(site.data, now).map((source) => ({ ...source, file: site }));
  const resolved = resolveFacts(english);
  const problems = resolved.cycles.flatMap((cycle) => cycleProblems(cycle, english));
  const languages = new Map<string, Facts>();
  for (const file of files) {
    if (file.name !== 'site.yaml' || !file.language || file.data === undefined) continue;
    const city = factSources(file.data, now).find((source) => source.name === 'city' && source.path[1] === 'cityName');
    if (!city) continue;
    const own = [...english.filter((source) => source.name !== 'city'), { ...city, file }];
    const translated = resolveFacts(own);
    languages.set(file.language.folder, translated.facts);
    // A cycle the translation's own city is part of; the others are the English file's, reported once.
    problems.push(...translated.cycles.filter((cycle) => cycle.includes('city')).flatMap((cycle) => cycleProblems(cycle, own)));
  }
  return { english: resolved.facts, languages, problems };
}

/** One problem for each fact of `cycle`, where it names the next one. */
function cycleProblems(cycle: FactCycle, sources: readonly PlacedSource[]): Problem[] {
  const chain = [...cycle, cycle[0]!].map((name) => `\${${name}}`);
  return cycle.flatMap((name, index) => {
    const source = sources.find((candidate) => candidate.name === name)!;
    const next = cycle[(index + 1) % cycle.length]!;
    const text = textsOf(source.file).find((candidate) => samePath(candidate.path, source.path));
    const token = Array.from(source.value.matchAll(FACT_TOKEN)).find((match) => match[1]!.trim() === next)?.[0];
    if (!text || !token) return [];
    const order = [...chain.slice(index, -1), ...chain.slice(0, index + 1)];
    return [
      {
        code: 'fact-cycle' as const,
        file: source.file.file,
        ...locateWords(source.file, text, token),
        path: formatPath(source.path, source.file.data),
        message: `"${token}" makes ${what(source)} depend on itself: ${order.map((fact, at) => (at === 0 ? fact : at === 1 ? ` names ${fact}` : `, which names ${fact}`)).join('')}.`,
        hint: 'write the words themselves in one of them instead of naming a fact, so each fact ends in words of its own',
      },
    ];
  });
}

function what(source: PlacedSource): string {
  const where = formatPath(source.path, source.file.data);
  if (source.name === 'company') return `the company’s name (${where})`;
  if (source.name === 'city') return `the city (${where})`;
  return `the figure "${source.name.replace(/^stats\./, '')}" (${where})`;
}

const samePath = (a: readonly PathSegment[], b: readonly PathSegment[]) =>
  a.length === b.length && a.every((segment, index) => segment === b[index]);
