/**
 * Old and new versions compared, for yaml-save.ts: whether two values hold the same data, which
 * old list item each new one continues, and how many lines of a file differ.
 */

/** Whether two JSON-like values hold the same data; the order of an object's keys does not count. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x).filter((key) => x[key] !== undefined);
  const other = Object.keys(y).filter((key) => y[key] !== undefined);
  return keys.length === other.length && keys.every((key) => Object.hasOwn(y, key) && sameValue(x[key], y[key]));
}

/** Whether a value is a plain object (a YAML mapping), not a list or null. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * For each new item, the index of the old item it continues (undefined: a new item). An unchanged
 * item is found wherever it moved; an edited one by its id, else by its place.
 */
export function matchItems(old: readonly unknown[], next: readonly unknown[]): (number | undefined)[] {
  const used = new Set<number>();
  const match: (number | undefined)[] = next.map(() => undefined);
  const take = (to: number, from: number) => {
    match[to] = from;
    used.add(from);
  };
  next.forEach((value, to) => {
    if (sameValue(old[to], value)) take(to, to);
  });
  next.forEach((value, to) => {
    if (match[to] !== undefined) return;
    const from = old.findIndex((item, index) => !used.has(index) && sameValue(item, value));
    if (from !== -1) take(to, from);
  });
  const idOf = (value: unknown) => (isRecord(value) && typeof value.id === 'string' ? value.id : undefined);
  next.forEach((value, to) => {
    const id = idOf(value);
    if (match[to] !== undefined || id === undefined) return;
    const from = old.findIndex((item, index) => !used.has(index) && idOf(item) === id);
    if (from !== -1) take(to, from);
  });
  // Same place: an item edited where it stands. Only when no other item claims it by id.
  next.forEach((value, to) => {
    if (match[to] !== undefined || used.has(to) || to >= old.length) return;
    const id = idOf(value);
    const oldId = idOf(old[to]);
    if (id !== undefined && oldId !== undefined && next.some((other) => idOf(other) === oldId)) return;
    take(to, to);
  });
  return match;
}

/** How many lines of `before` and `after` differ: lines removed plus lines added, by longest common subsequence. */
export function changedLines(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  if (x.length === 0 || y.length === 0) return Math.max(x.length, y.length);
  let previous = new Array<number>(y.length + 1).fill(0);
  for (const line of x) {
    const row = new Array<number>(y.length + 1).fill(0);
    for (let j = 0; j < y.length; j++) row[j + 1] = line === y[j] ? previous[j]! + 1 : Math.max(previous[j + 1]!, row[j]!);
    previous = row;
  }
  const common = previous[y.length]!;
  // A line changed in place counts once, not as one removed and one added.
  return Math.max(x.length, y.length) - common;
}
