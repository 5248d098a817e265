/**
 * Orders texts by their UTF-16 code units: the same on every machine, where localeCompare follows
 * the machine's language, and free, where a process's first localeCompare loads ICU's collation
 * data (about 12 ms of a cold build).
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
