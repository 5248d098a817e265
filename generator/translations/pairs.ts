import type { PathSegment } from '../problems/locate.js';

/**
 * Which translated list item translates which English one, never by place alone. An item may name
 * the English item's `id` (services, reviews, quick actions, figures have one): it then stays with
 * that item when the English list is reordered, or an item is taken out above it. An item without
 * an id is found by the English it was translated from (the record, sources.ts): it follows its
 * English text when that moves, and a text put in above it has no translation yet rather than
 * borrowing its neighbour's. Only an item whose recorded English is nowhere in the list now (its
 * English was rewritten; the record then says it is outdated) or that has no record at all pairs
 * by its place, unless an id or a recorded text has claimed the English item there; with a record,
 * such items then go, in order, to the English items still without a translation, so a translation
 * added at the end of the list is found (added between others, it would take the record of the
 * item whose place it took).
 */
export interface Pairs {
  /** For each English item, the index of its translation, or undefined when it has none. */
  translationOf: (number | undefined)[];
  /** Translated items that translate no English item: an id not in the English list, a second item for one, or items past its end. */
  unpaired: number[];
}

/**
 * The English recorded for the texts of a translated list item, by their place inside the item
 * ('' for an item that is a text, '.title', '.steps[2]'); undefined when nothing is recorded for it.
 */
export type RecordedItem = (index: number) => ReadonlyMap<string, string> | undefined;

/** The id a list item names, if any. */
export const idOf = (item: unknown): string | undefined => {
  const id = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>).id : undefined;
  return typeof id === 'string' ? id : undefined;
};

/** Pairs the items of one list of a translation file: its English list, its translated list, and the list's place in the file (services[office].whatsIncluded). */
export type Pairer = (english: readonly unknown[], translated: readonly unknown[], place: string) => Pairs;

/** Pairs by id, else by place: for a translation whose folder keeps no record of its English. */
export const byIdOrPlace: Pairer = (english, translated) => pairItems(english, translated);

/**
 * Pairs the lists of one translation file, finding items without an id by the English `recorded`
 * for them (the file's block of the record: each text by its place in the translation file).
 */
export function pairerOf(recorded: ReadonlyMap<string, string> | undefined): Pairer {
  if (!recorded || recorded.size === 0) return byIdOrPlace;
  const items = itemsOf(recorded);
  return (english, translated, place) => pairItems(english, translated, (index) => items.get(place + itemPlace(translated, index)));
}

/** The place of a field or list item inside `container`, after the place of `container` itself. */
export function placeIn(place: string, segment: PathSegment, container: unknown): string {
  if (typeof segment === 'number') return place + itemPlace(container, segment);
  return place ? `${place}.${segment}` : segment;
}

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A list item's place as problems name it (problems/locate.ts formatPath): `[id]` by an id no
 * other item of the list has, else `[2]`, counted from 1. Written here rather than imported so the
 * editor's bundle, which pairs items too, does not take in the YAML library with it.
 */
function itemPlace(list: unknown, index: number): string {
  const id = Array.isArray(list) ? idOf(list[index]) : undefined;
  const named = id !== undefined && ID.test(id) && /[a-z]/.test(id) && (list as unknown[]).filter((item) => idOf(item) === id).length === 1;
  return `[${named ? id : index + 1}]`;
}

/** Two texts that read the same: a re-wrapped line or a trailing space changes nothing to translate. */
export function sameText(a: string, b: string): boolean {
  return a === b || a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
}

/** The recorded texts of every list item the record names: for `steps[2].title`, under `steps[2]` as `.title`. */
function itemsOf(recorded: ReadonlyMap<string, string>): Map<string, Map<string, string>> {
  const items = new Map<string, Map<string, string>>();
  for (const [key, english] of recorded) {
    for (let end = key.indexOf(']'); end >= 0; end = key.indexOf(']', end + 1)) {
      const item = key.slice(0, end + 1);
      let texts = items.get(item);
      if (!texts) items.set(item, (texts = new Map()));
      texts.set(key.slice(end + 1), english);
    }
  }
  return items;
}

export function pairItems(english: readonly unknown[], translated: readonly unknown[], recorded?: RecordedItem): Pairs {
  const translationOf: (number | undefined)[] = english.map(() => undefined);
  const taken = new Set<number>();
  const unpaired: number[] = [];
  const loose: number[] = [];
  translated.forEach((item, index) => {
    const id = idOf(item);
    if (id === undefined) return loose.push(index);
    const at = english.findIndex((candidate) => idOf(candidate) === id);
    if (at >= 0 && translationOf[at] === undefined) {
      translationOf[at] = index;
      taken.add(index);
    } else unpaired.push(index);
  });
  if (recorded) {
    for (const { english: at, translated: index } of recordedMatches(english, loose, recorded)) {
      if (translationOf[at] !== undefined || taken.has(index)) continue;
      translationOf[at] = index;
      taken.add(index);
    }
  }
  const left: number[] = [];
  for (const index of loose) {
    if (taken.has(index)) continue;
    if (index < english.length && translationOf[index] === undefined) translationOf[index] = index;
    else left.push(index);
  }
  // With a record, a translation added at the end of the list is for the first English items still without one.
  const open = recorded ? translationOf.flatMap((at, i) => (at === undefined ? [i] : [])) : [];
  left.forEach((index, n) => {
    if (n < open.length) translationOf[open[n]!] = index;
    else unpaired.push(index);
  });
  unpaired.sort((a, b) => a - b);
  return { translationOf, unpaired };
}

interface Match {
  english: number;
  translated: number;
  /** How many of the item's recorded texts the English item has now. */
  same: number;
  /** Whether it has every one of them. */
  whole: boolean;
}

/**
 * Each English item that has what a translated item was translated from, best first: every
 * recorded text the same before some of them, more before fewer, then the nearer place.
 */
function recordedMatches(english: readonly unknown[], loose: readonly number[], recorded: RecordedItem): Match[] {
  const texts = english.map((item) => itemTexts(item));
  const matches: Match[] = [];
  for (const index of loose) {
    const was = recorded(index);
    if (!was || was.size === 0) continue;
    texts.forEach((now, at) => {
      let same = 0;
      for (const [place, text] of was) {
        const current = now.get(place);
        if (current !== undefined && sameText(current, text)) same++;
      }
      if (same > 0) matches.push({ english: at, translated: index, same, whole: same === was.size });
    });
  }
  const distance = (match: Match) => Math.abs(match.english - match.translated);
  return matches.sort((a, b) => Number(b.whole) - Number(a.whole) || b.same - a.same || distance(a) - distance(b));
}

/**
 * Every text inside an English list item, by its place inside the item, named as the record names
 * places. A YAML alias can name one of its own ancestors, so a value already on the way down is
 * passed over rather than walked again for ever.
 */
function itemTexts(item: unknown, place = '', out = new Map<string, string>(), above = new Set<object>()): Map<string, string> {
  if (typeof item === 'string') out.set(place, item);
  else if (typeof item === 'object' && item !== null && !above.has(item)) {
    above.add(item);
    if (Array.isArray(item)) item.forEach((entry: unknown, i) => itemTexts(entry, place + itemPlace(item, i), out, above));
    else for (const [key, value] of Object.entries(item)) itemTexts(value, `${place}.${key}`, out, above);
    above.delete(item);
  }
  return out;
}
