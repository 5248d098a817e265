import { getIn, withKey, type Path } from '../paths.js';

/**
 * An office added under `offices:` takes the main office's (`contact:`) hours when it leaves its
 * own out (schema/offices.ts). The fields that follow the main office so, by their key in an office.
 */
const HOURS = ['hours', 'openingHours'] as const;

/** The index of the office whose entry `path` is (offices[1] → 1), else undefined. */
export function officeAt(path: Path): number | undefined {
  return path.length === 2 && path[0] === 'offices' && typeof path[1] === 'number' ? path[1] : undefined;
}

/** Whether an office's entry leaves its hours out, so the site shows the main office's. */
export function followsMainHours(office: unknown): boolean {
  return HOURS.every((key) => getIn(office, [key]) === undefined);
}

/** The office with its own hours taken out: it shows the main office's, and follows them when they change. */
export function withMainHours(office: unknown): Record<string, unknown> {
  return HOURS.reduce<Record<string, unknown>>((value, key) => withKey(value, key, undefined), withKey(office, HOURS[0], undefined));
}

/**
 * What an office's own hours start from when added: a copy of the main office's, to change where
 * they differ (a shorter Saturday), instead of each day added and chosen one by one.
 */
export function mainOfficeStart(path: Path, root: unknown): unknown {
  const key = path.length === 3 && officeAt(path.slice(0, 2)) !== undefined ? path[2] : undefined;
  if (key !== 'openingHours' && key !== 'hours') return undefined;
  const main = getIn(root, ['contact', key]);
  return main === undefined ? undefined : structuredClone(main);
}
