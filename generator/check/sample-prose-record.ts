import type { LoadedFile } from '../load/load.js';
import type { PathSegment } from '../problems/locate.js';
import { proseKey, recordName } from './sample-texts.js';
import { textsOf } from './texts.js';

/**
 * The sample's prose, by file, as sample-prose.ts records it: every English text of four words or
 * more (shorter ones are labels and headings any company words alike: "Get Free Quote", "Our
 * Services"), and each translated text whose English counterpart is one of those, so a Malayalam
 * label is left out as its English is, whatever its number of words.
 */
export function recordProse(files: readonly LoadedFile[], into: Map<string, Set<string>> = new Map()): Map<string, Set<string>> {
  for (const file of files) {
    if (file.data === undefined) continue;
    const english = file.language ? files.find((other) => other.name === file.name && !other.language && other.data !== undefined) : file;
    if (!english) continue;
    const keys = into.get(recordName(file)) ?? new Set<string>();
    for (const text of textsOf(file)) {
      const counterpart = file.language ? valueAt(english.data, counterpartPath(file.data, english.data, text.path)) : text.value;
      if (typeof counterpart === 'string' && isProse(counterpart)) keys.add(proseKey(text.value));
    }
    if (keys.size > 0) into.set(recordName(file), keys);
  }
  return into;
}

/** Four words or more, one of them with a letter: a sentence, not a label, a link or a figure. */
export function isProse(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length >= 4 && words.some((word) => /\p{L}/u.test(word));
}

/** The record as the source of sample-prose.ts: files and keys sorted, so recording again changes only what changed. */
export function recordSource(record: ReadonlyMap<string, ReadonlySet<string>>): string {
  const files = [...record.keys()].sort();
  const lines = files.map(
    (name) =>
      `  '${name}': [\n${[...record.get(name)!]
        .sort()
        .map((key) => `    '${key}',`)
        .join('\n')}\n  ],`,
  );
  return [
    '// Written by scripts/record-sample-prose.mjs from the sample content: record again, do not edit by hand.',
    '',
    "/** The sample content's prose, by file: the key of each text's words (proseKey in sample-texts.ts). */",
    'export const SAMPLE_PROSE: Readonly<Record<string, readonly string[]>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}

/**
 * The English path a translated text stands for: list items are matched by their `id` where the
 * translation's item has one (a Malayalam list in another order), else by place.
 */
function counterpartPath(translated: unknown, english: unknown, path: readonly PathSegment[]): PathSegment[] {
  const out: PathSegment[] = [];
  let mine = translated;
  let theirs = english;
  for (const segment of path) {
    let step = segment;
    if (typeof segment === 'number' && Array.isArray(mine) && Array.isArray(theirs)) {
      const id = idOf(mine[segment]);
      const found = id === undefined ? -1 : theirs.findIndex((item) => idOf(item) === id);
      if (found >= 0) step = found;
    }
    out.push(step);
    mine = child(mine, segment);
    theirs = child(theirs, step);
  }
  return out;
}

function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  return path.reduce<unknown>((value, segment) => child(value, segment), data);
}

function child(value: unknown, segment: PathSegment): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<PathSegment, unknown>)[segment] : undefined;
}

function idOf(item: unknown): unknown {
  return item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
}
