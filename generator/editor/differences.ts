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
  const walk = (theirs: unknown, mine: unknown, path: PathSegment[]) => {
    if (sameValue(theirs, mine)) return;
    if (isRecord(theirs) && isRecord(mine)) {
      for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) walk(theirs[key], mine[key], [...path, key]);
      return;
    }
    // A list of the same length is told apart item by item; one grown or shrunk is one value.
    if (Array.isArray(theirs) && Array.isArray(mine) && theirs.length === mine.length) {
      theirs.forEach((item, index) => walk(item, mine[index], [...path, index]));
      return;
    }
    const changed = changedSide(at(values.base, path), theirs, mine);
    found.push({
      path,
      label: fieldName(formatPath(path, values.mine)),
      theirs: shown(theirs),
      mine: shown(mine),
      ...(changed ? { changed } : {}),
    });
  };
  walk(values.theirs, values.mine, []);
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
  found.forEach((difference, index) => {
    if (choose(difference, index) === 'mine') put(result, difference.path, at(values.mine, difference.path));
  });
  return new TextEncoder().encode(saveYaml(utf8(versions.theirs!), result).text);
}

function put(root: Record<string, unknown>, path: readonly PathSegment[], value: unknown): void {
  const parent = at(root, path.slice(0, -1)) as Record<PathSegment, unknown>;
  const key = path[path.length - 1]!;
  if (value === undefined) delete parent[key];
  else parent[key] = structuredClone(value);
}
