import type { LoadedFile } from '../load/load.js';
import { formatPath } from '../problems/locate.js';
import { MAX_PROBLEMS_PER_FILE, tooManyProblems, type Problem } from '../problems/problem.js';
import { schemaAt } from '../schema/derived/walk.js';
import { isTranslatableLeaf } from '../schema/derived/translation-schema.js';
import { FACT_TOKEN, statFact } from '../schema/facts.js';
import { CONTENT_FILES, officesOf } from '../schema/index.js';
import type { SiteSettings } from '../schema/site.js';
import { cityIndex, KERALA_CITIES } from './places.js';
import { locateWords, textsOf, type TextAt } from './texts.js';
import { Recent, type Session } from '../contract/session.js';

/**
 * Texts that state a fact site.yaml says otherwise: "since 2008" when the company was founded in
 * 2012, "5000+ moves" when the figure says 8000+, "our team in Kochi" when the main office is in
 * Kozhikode. Each is a located warning that names the fact to write instead.
 *
 * It speaks only when a number or place is stated as that fact, so prices, phone numbers, dates
 * of reviews, hours and counts of steps pass: a year only after "since", "founded in" and the
 * like; years only as experience ("15+ years of experience", "over 15 years"); a figure only with
 * its own mark (+, %, /5, "over", "more than", -ലധികം) and followed by its own words ("moves",
 * the figure's label); a city only where it is said to be the company's ("from", "based in", "our
 * office in"), never in a route ("Kochi to Bengaluru"), a review or a form's example.
 */
export function findContradictions(
  files: readonly LoadedFile[],
  english: SiteSettings,
  translated: ReadonlyMap<string, SiteSettings>,
  now: Date,
  session?: Session,
): Problem[] {
  const years = now.getFullYear() - english.company.foundedYear;
  const recent =
    session?.recent<string, LastFound>('check/contradictions', RECENTLY_FOUND) ?? new Recent<string, LastFound>(RECENTLY_FOUND);
  const officeCities = new Set(officesOf(english).map((office) => cityIndex(office.address.city)));
  return files.flatMap((file) => {
    // Reviews are customers' own words ("we have used them since 2015"): not the company's facts to correct.
    if (file.data === undefined || file.name === 'testimonials.yaml') return [];
    const settings = (file.language && translated.get(file.language.folder)) || english;
    const ctx: Context = { english, settings, years, officeCities, malayalam: file.language !== undefined, recent };
    return remembered(file, ctx, () => fileContradictions(file, ctx));
  });
}

function fileContradictions(file: LoadedFile, ctx: Context): Problem[] {
  // Each stretch found is counted, and only the first MAX_PROBLEMS_PER_FILE are located (the
  // costly part): a file listing thousands of years is looked at once, not once per warning.
  const shown: Problem[] = [];
  let total = 0;
  for (const text of textsOf(file)) {
    const key = text.path.at(-1);
    if (key === 'placeholder' || key === 'location' || !isVisitorText(file, text)) continue;
    // What a fact already names is right by construction: blank it out, keeping every other place.
    const words = text.value.replace(FACT_TOKEN, (token) => ' '.repeat(token.length));
    // Years and figures are stated in digits: a text without one is looked at for places only.
    const numbers = /\d/.test(words) ? [...foundingYears(words, ctx), ...experience(words, ctx), ...figures(words, ctx)] : [];
    // A stretch is said once per text, however many rules catch it ("15+ years" is experience and a figure) or however often it is written.
    const said = new Set<string>();
    for (const found of [...numbers, ...cities(words, ctx)]) {
      if (said.has(found.words)) continue;
      said.add(found.words);
      total++;
      if (shown.length < MAX_PROBLEMS_PER_FILE) shown.push(located(file, text, found));
    }
  }
  if (file.name === 'site.yaml' && !file.language)
    shown.push(...yearsFigure(file, ctx.english, ctx.years), ...cityNames(file, ctx.english));
  if (total > shown.length) shown.push(leftOut(file, total));
  return shown;
}

/** Closes a file's list when more places say otherwise than are shown: how many, and that fixing these shows the rest. */
function leftOut(file: LoadedFile, total: number): Problem {
  return {
    ...tooManyProblems(file.file, total, MAX_PROBLEMS_PER_FILE),
    severity: 'warning',
    more: 'fact-contradicted',
    message: `This file states a fact otherwise than site.yaml in ${total} places; only the first ${MAX_PROBLEMS_PER_FILE} are shown, so the list stays readable.`,
    hint: 'write the facts’ names in these, then check again to see the rest',
  };
}

/**
 * The last warnings found in each file, with what they were found from: the file's text and the
 * facts the rules read. A session (`site dev`) checks the whole content on every save, and a save
 * changes one file; the others are looked at again only when a fact they are held against has
 * changed. Two languages' files with room to spare.
 */
const RECENTLY_FOUND = 64;

function remembered(file: LoadedFile, ctx: Context, find: () => Problem[]): Problem[] {
  const facts = {
    founded: ctx.english.company.foundedYear,
    years: ctx.years,
    offices: officesOf(ctx.english).map((office) => office.address.city),
    stats: ctx.english.stats.map((stat) => [stat.id, stat.value, stat.label]),
    labels: ctx.settings.stats.map((stat) => stat.label),
    malayalam: ctx.malayalam,
  };
  const from = `${file.name}\0${JSON.stringify(facts)}\0${file.source}`;
  const recent = ctx.recent.recall(file.file);
  const problems = recent?.from === from ? recent.problems : find();
  ctx.recent.keep(file.file, { from, problems });
  return problems.map((problem) => ({ ...problem }));
}

/** A text visitors read in their language: not an address, a name, a figure, an id or a link. */
function isVisitorText(file: LoadedFile, text: TextAt): boolean {
  const schema = schemaAt(CONTENT_FILES[file.name], text.path);
  return schema !== undefined && isTranslatableLeaf(schema);
}

interface Context {
  english: SiteSettings;
  settings: SiteSettings;
  years: number;
  officeCities: ReadonlySet<number>;
  malayalam: boolean;
  /** What each file was last found to say, while a session lasts. */
  recent: Recent<string, LastFound>;
}

/** The warnings last found in a file, and what they were found from. */
interface LastFound {
  from: string;
  problems: Problem[];
}

interface Found {
  /** The stretch of the text that states the fact. */
  words: string;
  /** What site.yaml says, as a clause: "the company was founded in 2012 (company.foundedYear)". */
  truth: string;
  /** The stretch as it should be written, with the fact named. */
  write: string;
  /** How to write it, when more needs saying than the stretch to write. */
  hint?: string;
}

function located(file: LoadedFile, text: TextAt, found: Found): Problem {
  return {
    code: 'fact-contradicted',
    severity: 'warning',
    file: file.file,
    ...locateWords(file, text, found.words),
    path: formatPath(text.path, file.data),
    message: `This text says "${found.words}", but site.yaml says otherwise: ${found.truth}.`,
    hint: `${found.hint ?? `write "${found.write}" instead`}: the text then always says what site.yaml says`,
  };
}

const YEAR = '((?:19|20)\\d\\d)';

// Built once: matchAll works on a copy of a pattern, so one pattern serves every text.
const FOUNDED_MALAYALAM = [new RegExp(`${YEAR}(?:-?ൽ)?\\s+(?:\\S+\\s+){0,3}?(?:മുതൽ|സ്ഥാപി|ആരംഭി|തുടങ്ങി|രജിസ്റ്റർ)`, 'gu')];
const FOUNDED_ENGLISH = [
  new RegExp(`\\b(?:since|established in|founded in|estd\\.?|est\\.|started in|in business since)\\s+${YEAR}\\b`, 'giu'),
  new RegExp(`\\b(?:registered|founded|established|started|set up|began)\\b[^.;]{0,30}?\\bin\\s+${YEAR}\\b`, 'giu'),
];

function foundingYears(text: string, ctx: Context): Found[] {
  const founded = ctx.english.company.foundedYear;
  const patterns = ctx.malayalam ? FOUNDED_MALAYALAM : FOUNDED_ENGLISH;
  return patterns.flatMap((pattern) =>
    [...text.matchAll(pattern)]
      .filter((match) => Number(match[1]) !== founded)
      .map((match) => ({
        words: match[0],
        truth: `the company was founded in ${founded} (company.foundedYear)`,
        write: match[0].replace(match[1]!, '${founded}'),
      })),
  );
}

function experience(text: string, ctx: Context): Found[] {
  const pattern = ctx.malayalam
    ? /(\d{1,3})\s*(?:\+|-ലധികം|ലധികം)?\s+വർഷ\S*\s+(?:\S+\s+)?(?:പരിചയ|പ്രവർത്തന|സേവന)/gu
    : /\b(?:(?:over|more than)\s+(\d{1,3})\s+years?\b|(\d{1,3})\s*\+\s*years?\b|(\d{1,3})\s+years?\s+(?:of\s+)?(?:experience|in business|of service|of moving|serving))/giu;
  return [...text.matchAll(pattern)].flatMap((match) => {
    const stated = match[1] ?? match[2] ?? match[3];
    if (Number(stated) === ctx.years) return [];
    return [
      {
        words: match[0],
        truth: `the company has been in business ${ctx.years} years (from company.foundedYear to the build’s year)`,
        write: match[0].replace(stated!, '${years}'),
      },
    ];
  });
}

/** A figure's value as a number and the mark it carries: "5000+" → 5000, "+"; "4.9/5" → 4.9, "/5". */
function figureShape(value: string): { number: number; mark: '+' | '%' | '/5' } | undefined {
  const match = /^\s*(\d[\d,]*(?:\.\d+)?)\s*(\+|%|\/\s*5)\s*$/.exec(value);
  if (!match) return undefined;
  return { number: Number(match[1]!.replace(/,/g, '')), mark: match[2]!.replace(/\s/g, '') as '+' | '%' | '/5' };
}

/** The words a figure is known by: its id and the longer words of its label, singular, in lower case. */
function figureWords(id: string, label: string): string[] {
  return [id, ...label.split(/[\s/]+/)].map((word) => stem(word)).filter((word) => word.length >= 4);
}

function stem(word: string): string {
  return word
    .toLowerCase()
    .replace(/[^\p{L}\p{M}]/gu, '')
    .replace(/ies$/, 'y')
    .replace(/s$/, '');
}

/** Two words are the same when one starts with the other, or they share most of a long start (Malayalam endings change). */
function sameWord(a: string, b: string): boolean {
  if (a.startsWith(b) || b.startsWith(a)) return Math.min(a.length, b.length) >= 4;
  let common = 0;
  while (common < a.length && a[common] === b[common]) common++;
  return common >= 5 && common >= 0.6 * Math.min(a.length, b.length);
}

/** The mark a figure carries in a text: "+" (also "over", "more than", -ലധികം), "%" or "/5" (also "out of 5"). */
function markOf(mark: string | undefined, over: string | undefined): '+' | '%' | '/5' | undefined {
  if (mark === undefined) return over ? '+' : undefined;
  if (/ലധികം|\+/.test(mark)) return '+';
  if (mark === '%') return '%';
  return '/5';
}

function figures(text: string, ctx: Context): Found[] {
  const found: Found[] = [];
  const pattern = ctx.malayalam
    ? /(?<![\d₹.,+])()(\d[\d,]*(?:\.\d+)?)(\+|%|\/5|-?ലധികം)((?:\s+\S+){1,3})/gu
    : /(?<![\d₹.,+])(?:\b(over|more than)\s+)?(\d[\d,]*(?:\.\d+)?)(\+|%|\/5|\s+out of 5)?((?:\s+[\p{L}-]+){1,3})/giu;
  for (const match of text.matchAll(pattern)) {
    const [whole, over, digits, rawMark, rest] = match;
    const mark = markOf(rawMark, over);
    if (!mark) continue;
    const number = Number(digits!.replace(/,/g, ''));
    // The figure's words follow it before any other number ("50+ cities and 5000+ moves").
    const after = rest!.split(/\d/)[0]!.split(/\s+/).map(stem).filter(Boolean);
    ctx.english.stats.forEach((stat, index) => {
      const shape = figureShape(stat.value);
      if (!shape || shape.mark !== mark || shape.number === number) return;
      const label = ctx.settings.stats[index]?.label ?? stat.label;
      const known = [...figureWords(stat.id, stat.label), ...figureWords(stat.id, label)];
      if (!after.some((word) => known.some((knownWord) => sameWord(word, knownWord)))) return;
      found.push({
        words: whole.slice(0, whole.length - rest!.length),
        truth: `the figure "${stat.label}" is ${stat.value} (stats, id ${stat.id})`,
        write: `\${${statFact(stat.id)}}`,
      });
    });
  }
  return found;
}

const ENGLISH_BEFORE =
  /\b(?:our|(?:company|firm|movers|packers|team|office|crew|business)\s+(?:in|from|at)|based\s+in|started\s+in|grew\s+from|headquartered\s+in|within|across)\s+$/i;
const ENGLISH_AFTER = /^(?:-based|\s+(?:based|office|team|moving team|(?:family\s+)?(?:firm|company|business)|movers|packers)\b)/i;

/** Each city's names as patterns, built once, to find each naming of a city in a text. */
const CITY_WORDS = {
  english: KERALA_CITIES.map((city) => city.english.map((name) => new RegExp(`\\b${name}\\b`, 'gi'))),
  malayalam: KERALA_CITIES.map((city) => city.malayalam.map((name) => new RegExp(`${name}[\\p{L}\\p{M}]*`, 'gu'))),
};

/**
 * Every English name in one pattern, read once per text: names are whole words, so no two namings
 * overlap and one pass finds each of them. A Malayalam name is a stem that may sit inside a longer
 * word, so each is looked for on its own (a plain search, which is quick).
 */
const ENGLISH_NAMES = new RegExp(`\\b(?:${KERALA_CITIES.map((city) => `(${city.english.join('|')})`).join('|')})\\b`, 'giu');
const MALAYALAM_NAMES = KERALA_CITIES.map((city) => city.malayalam.map((name) => new RegExp(name, 'iu')));

/** The indexes in KERALA_CITIES of the cities `text` names. */
function citiesNamed(text: string, malayalam: boolean): Set<number> {
  if (malayalam) return new Set(MALAYALAM_NAMES.flatMap((names, index) => (names.some((name) => name.test(text)) ? [index] : [])));
  // The pattern holds a group per city, in KERALA_CITIES' order: the group that matched tells the city.
  return new Set(Array.from(text.matchAll(ENGLISH_NAMES), (match) => match.findIndex((group, at) => at > 0 && group !== undefined) - 1));
}

function cities(text: string, ctx: Context): Found[] {
  // A place named alone or in a short list item ("Ernakulam", "Kochi – Bengaluru") states nothing about the company.
  if (text.trim().split(/\s+/).length < 3) return [];
  const main = officesOf(ctx.english)[0]!.address.city;
  // A text naming several cities lists places served ("IT parks in Kochi, shops in Kozhikode"), not where the company is.
  const named = [...citiesNamed(text, ctx.malayalam)];
  if (named.length !== 1 || ctx.officeCities.has(named[0]!)) return [];
  const found: Found[] = [];
  for (const pattern of (ctx.malayalam ? CITY_WORDS.malayalam : CITY_WORDS.english)[named[0]!]!) {
    for (const match of text.matchAll(pattern)) {
      const before = text.slice(Math.max(0, match.index - 40), match.index);
      const after = text.slice(match.index + match[0].length, match.index + match[0].length + 40);
      if (
        ctx.malayalam
          ? isRoute(match[0], before, after)
          : !(ENGLISH_BEFORE.test(before) || ENGLISH_AFTER.test(after)) || /^\s+to\s/i.test(after)
      )
        continue;
      found.push({
        words: match[0],
        truth: `the main office is in ${main} (contact.address.city${ctx.malayalam ? ', or contact.cityName in ml/site.yaml' : ''})`,
        write: '${city}',
        // A Malayalam ending depends on the name it follows, so the fact takes words that need none.
        ...(ctx.malayalam
          ? {
              hint: 'write "${city}" in its place, followed by words that need no ending on it, e.g. "${city} ആസ്ഥാനമായ" (based in) or "${city} നഗരത്തിൽ" (in the city of)',
            }
          : {}),
      });
    }
  }
  return found;
}

/** A Malayalam place on the way to or from somewhere: "…ലേക്ക്" (to), "… നിന്ന് …ലേക്ക്", or a dash. */
function isRoute(word: string, before: string, after: string): boolean {
  const next = after.trim().split(/\s+/).slice(0, 3).join(' ');
  return /ലേക്ക/.test(word) || /ലേക്ക|–|-\s/.test(next) || /(നിന്ന്|–)\s*$/.test(before);
}

/** The figure of years (a figure whose label speaks of years) says another number than the years in business. */
function yearsFigure(file: LoadedFile, english: SiteSettings, years: number): Problem[] {
  return english.stats.flatMap((stat, index) => {
    const shape = figureShape(stat.value);
    if (!/\byears?\b/i.test(stat.label) || !shape || shape.number === years) return [];
    const text = textsOf(file).find((candidate) => candidate.path.join('.') === `stats.${index}.value`);
    if (!text || text.value.includes('${')) return [];
    return [
      located(file, text, {
        words: stat.value,
        truth: `the company has been in business ${years} years (from company.foundedYear to the build’s year)`,
        write: stat.value.replace(String(shape.number), '${years}'),
      }),
    ];
  });
}

/** An office's cityName that names another city than its address (the address was changed, the name was not). */
function cityNames(file: LoadedFile, english: SiteSettings): Problem[] {
  const offices = [
    { at: 'contact', office: english.contact },
    ...(english.offices ?? []).map((office, index) => ({ at: `offices.${index}`, office })),
  ];
  return offices.flatMap(({ at, office }) => {
    const named = office.cityName === undefined ? -1 : cityIndex(office.cityName);
    if (named < 0 || named === cityIndex(office.address.city)) return [];
    const text = textsOf(file).find((candidate) => candidate.path.join('.') === `${at}.cityName`);
    if (!text) return [];
    return [
      located(file, text, {
        words: text.value,
        truth: `the office's address is in ${office.address.city} (${at.replace(/\.(\d+)/, '[$1]')}.address.city)`,
        write: office.address.city,
      }),
    ];
  });
}
