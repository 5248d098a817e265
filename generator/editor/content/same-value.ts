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
