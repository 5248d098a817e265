import { parse, stringify } from 'yaml';
import { formatPath, type PathSegment } from '../problems/locate.js';
import { isRecord, sameValue } from './content/compare.js';
import { saveYaml } from './content/yaml-save.js';
import { fieldName } from './form-model.js';

/**
 * Two versions of one content file, the owner's and the one someone else published, told apart
 * value by value, so that the owner chooses between them by field, not by line.
 */

/** One value that differs between their version of a file and mine. */
export interface Difference {
  /** Where it is in the file; [] for the whole file (a photo, or text that is not YAML). */
  path: PathSegment[];
  /** The field as the form labels it: Service 1 › Price › Starting. */
  label: string;
  /** Each side as shown to the owner; null where that side has no such value (or no such file). */
  theirs: string | null;
  mine: string | null;
  /** The side that changed it from the version both started from, when only one side did. */
  changed?: 'theirs' | 'mine';
  /** Where it is in my version, when its place there differs (an entry earlier in my list). */
  minePath?: PathSegment[];
  /** A whole entry one side has and the other has not: the list it is in (their path) and its id. */
  entry?: { list: PathSegment[]; id: string };
}

export type Side = 'theirs' | 'mine';

/** A file's three versions, as bytes (a Buffer on Node; plain bytes in the Worker); undefined where the file is not there. */
export interface Versions {
  base: Uint8Array | undefined;
  theirs: Uint8Array | undefined;
  mine: Uint8Array | undefined;
}

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index]);

const isYaml = (file: string) => /\.ya?ml$/i.test(file);

/** The file's values read as YAML from each side, or undefined when one side is not a YAML map. */
function parsed(
  file: string,
  versions: Versions,
): { base: unknown; theirs: Record<string, unknown>; mine: Record<string, unknown> } | undefined {
  if (!isYaml(file) || !versions.theirs || !versions.mine) return undefined;
  try {
    const read = (bytes: Uint8Array | undefined) => (bytes ? (parse(utf8(bytes)) as unknown) : undefined);
    const [base, theirs, mine] = [read(versions.base), read(versions.theirs), read(versions.mine)];
    return isRecord(theirs) && isRecord(mine) ? { base, theirs, mine } : undefined;
  } catch {
    return undefined;
  }
}

function at(value: unknown, path: readonly PathSegment[]): unknown {
  let here = value;
  for (const segment of path)
    here = here !== null && typeof here === 'object' ? (here as Record<PathSegment, unknown>)[segment] : undefined;
  return here;
}

function shown(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  return stringify(value, { lineWidth: 0 }).trimEnd();
}

/** The ids of a list's entries, in order, when every entry is a map with an id of its own; else undefined. */
function idsOf(list: unknown[]): string[] | undefined {
  const ids = list.map((item) => (isRecord(item) && typeof item.id === 'string' ? item.id : undefined));
  return ids.every((id) => id !== undefined) && new Set(ids).size === ids.length ? (ids as string[]) : undefined;
}

/** An entry as the owner chooses it whole: by its title (or name, question, id), not as YAML. */
function entryShown(entry: Record<string, unknown>): string {
  const name = [entry.title, entry.name, entry.question, entry.label, entry.id].find((text) => typeof text === 'string');
  return `${name as string} (the whole entry)`;
}

function changedSide(base: unknown, theirs: unknown, mine: unknown): Side | undefined {
  if (sameValue(base, theirs)) return 'mine';
  if (sameValue(base, mine)) return 'theirs';
  return undefined;
}

/** Every value that differs between their version and mine, the smallest that can be chosen on its own. */
export function differences(file: string, versions: Versions): Difference[] {
  const values = parsed(file, versions);
  if (!values) return wholeFile(file, versions);
  const found: Difference[] = [];
  // `base`: the value both started from at this place, found the way mine is (entries by their id).
  const walk = (theirs: unknown, mine: unknown, base: unknown, path: PathSegment[], minePath: PathSegment[]) => {
    if (sameValue(theirs, mine)) return;
    if (isRecord(theirs) && isRecord(mine)) {
      for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)]))
        walk(theirs[key], mine[key], isRecord(base) ? base[key] : undefined, [...path, key], [...minePath, key]);
      return;
    }
    if (Array.isArray(theirs) && Array.isArray(mine)) {
      // Entries with ids are matched by id: each value in them is a choice of its own, and an
      // entry one side removed or added is one choice, so a list is never offered whole as text.
      const [theirIds, myIds] = [idsOf(theirs), idsOf(mine)];
      if (theirIds && myIds && (theirIds.length !== myIds.length || theirIds.some((id, index) => id !== myIds[index]))) {
        entries(theirs, mine, base, theirIds, myIds, path, minePath);
        return;
      }
      // A list of the same length is told apart item by item; one grown or shrunk is one value.
      if (theirs.length === mine.length) {
        theirs.forEach((item, index) =>
          walk(item, mine[index], Array.isArray(base) ? base[index] : undefined, [...path, index], [...minePath, index]),
        );
        return;
      }
    }
    const changed = changedSide(base, theirs, mine);
    found.push({
      path,
      label: fieldName(formatPath(minePath, values.mine)),
      theirs: shown(theirs),
      mine: shown(mine),
      ...(changed ? { changed } : {}),
      ...(sameValue(path, minePath) ? {} : { minePath }),
    });
  };
  const entries = (
    theirs: unknown[],
    mine: unknown[],
    base: unknown,
    theirIds: string[],
    myIds: string[],
    path: PathSegment[],
    minePath: PathSegment[],
  ) => {
    const baseEntry = (id: string) => (Array.isArray(base) ? base.find((item) => isRecord(item) && item.id === id) : undefined);
    // In my order, each entry only they have just before the one that followed it in theirs.
    const place = (id: string) => (myIds.includes(id) ? myIds.indexOf(id) : theirIds.indexOf(id) - 0.5);
    const order = [...new Set([...myIds, ...theirIds])].sort((a, b) => place(a) - place(b));
    for (const id of order) {
      const [theirIndex, myIndex] = [theirIds.indexOf(id), myIds.indexOf(id)];
      if (theirIndex >= 0 && myIndex >= 0) {
        walk(theirs[theirIndex], mine[myIndex], baseEntry(id), [...path, theirIndex], [...minePath, myIndex]);
        continue;
      }
      const [theirEntry, myEntry] = [theirs[theirIndex], mine[myIndex]] as (Record<string, unknown> | undefined)[];
      const changed = changedSide(baseEntry(id), theirEntry, myEntry);
      const side = myEntry ? { data: values.mine, at: [...minePath, myIndex] } : { data: values.theirs, at: [...path, theirIndex] };
      found.push({
        path: myEntry ? [...path, myIndex] : [...path, theirIndex],
        label: fieldName(formatPath(side.at, side.data)),
        theirs: theirEntry ? entryShown(theirEntry) : null,
        mine: myEntry ? entryShown(myEntry) : null,
        ...(changed ? { changed } : {}),
        ...(myEntry ? { minePath: [...minePath, myIndex] } : {}),
        entry: { list: path, id },
      });
    }
  };
  walk(values.theirs, values.mine, values.base, [], []);
  return found;
}

function wholeFile(file: string, versions: Versions): Difference[] {
  const { base, theirs, mine } = versions;
  if (theirs && mine && equalBytes(theirs, mine)) return [];
  const photo = !isYaml(file);
  const describe = (bytes: Uint8Array | undefined) =>
    bytes === undefined ? null : photo ? `a photo of ${Math.max(1, Math.round(bytes.length / 1024))} KB` : utf8(bytes);
  const same = (a: Uint8Array | undefined, b: Uint8Array | undefined) =>
    a === undefined ? b === undefined : b !== undefined && equalBytes(a, b);
  const changed = same(base, theirs) ? 'mine' : same(base, mine) ? 'theirs' : undefined;
  return [
    {
      path: [],
      label: photo ? 'the photo' : 'the whole file',
      theirs: describe(theirs),
      mine: describe(mine),
      ...(changed ? { changed } : {}),
    },
  ];
}

/**
 * Their version of the file with the values chosen as mine put in (their comments and layout
 * kept), or undefined where the file is to be removed. `choose` gives the side for each difference.
 */
export function resolve(file: string, versions: Versions, choose: (difference: Difference, index: number) => Side): Uint8Array | undefined {
  const found = differences(file, versions);
  const values = parsed(file, versions);
  if (!values) return found.length > 0 && choose(found[0]!, 0) === 'mine' ? versions.mine : versions.theirs;
  const result = structuredClone(values.theirs);
  const entries: Difference[] = [];
  found.forEach((difference, index) => {
    if (choose(difference, index) !== 'mine') return;
    if (difference.entry) entries.push(difference);
    else put(result, difference.path, at(values.mine, difference.minePath ?? difference.path));
  });
  // Entries added or removed last: values inside their entries are placed by their list as it was.
  for (const { entry, minePath } of entries) {
    const list = at(result, entry!.list) as Record<string, unknown>[];
    const there = list.findIndex((item) => item.id === entry!.id);
    if (there >= 0) list.splice(there, 1);
    if (minePath)
      list.splice(Math.min(Number(minePath.at(-1)), list.length), 0, structuredClone(at(values.mine, minePath)) as Record<string, unknown>);
  }
  return new TextEncoder().encode(saveYaml(utf8(versions.theirs!), result).text);
}

function put(root: Record<string, unknown>, path: readonly PathSegment[], value: unknown): void {
  const parent = at(root, path.slice(0, -1)) as Record<PathSegment, unknown>;
  const key = path[path.length - 1]!;
  if (value === undefined) delete parent[key];
  else parent[key] = structuredClone(value);
}
