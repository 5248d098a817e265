import { pairItems } from '../generator/translations/pairs.js';

/**
 * Paths into a file's value, written as the checker writes them: services[2].pricing.starting.
 * Fields find their problems, English values and "missing" marks by this text.
 */
export type Path = readonly (string | number)[];

export function pathText(path: Path): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${part}` : part;
  }
  return text;
}

/** The same path however it was written: 'services.2.title' and 'services[2].title' agree. */
export function normalPath(text: string): string {
  return text.replace(/\.(\d+)(?=\.|\[|$)/g, '[$1]').replace(/^(\d+)(?=\.|\[|$)/, '[$1]');
}

/** An id for the control of a path, valid in HTML and in a URL fragment. */
export function fieldId(path: Path): string {
  return idOfText(pathText(path));
}

/** The same id from a path as the checker writes it. */
export function idOfText(text: string): string {
  return `field-${
    normalPath(text)
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-+$/, '') || 'root'
  }`;
}

/** 'services[2].title' → ['services', 2, 'title']. */
export function parsePath(text: string): Path {
  const parts: (string | number)[] = [];
  for (const match of normalPath(text).matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) parts.push(Number(match[2]));
    else if (match[1] !== undefined) parts.push(match[1]);
  }
  return parts;
}

export function getIn(value: unknown, path: Path): unknown {
  let here = value;
  for (const part of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string | number, unknown>)[part];
  }
  return here;
}

/** The object with `key` set to `next`; `undefined` takes the key out, so an emptied optional field disappears. */
export function withKey(value: unknown, key: string, next: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> =
    value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy;
}

/**
 * The path of a problem as `site check` names it, as a path into the value: list entries there are
 * named by their id when they have one (services[office].title) and else counted from 1
 * (steps[2]), as the operator counts them. Gives the 0-based path text the fields use.
 */
export function problemPath(text: string, value: unknown): string {
  const parts: (string | number)[] = [];
  let here = value;
  for (const match of text.matchAll(/([^.[\]]+)|\[([^\]]*)\]/g)) {
    if (match[1] !== undefined) {
      parts.push(match[1]);
      here = here !== null && typeof here === 'object' ? (here as Record<string, unknown>)[match[1]] : undefined;
      continue;
    }
    const name = match[2] ?? '';
    const list = Array.isArray(here) ? here : [];
    let index = /^\d+$/.test(name) ? Number(name) - 1 : list.findIndex((entry) => (entry as { id?: unknown } | null)?.id === name);
    if (index < 0) index = Number.isInteger(Number(name)) ? Number(name) : -1;
    if (index < 0) return text;
    // Past the end: the entry is not drawn, but its list is, with the button that adds it.
    if (Array.isArray(here) && index >= list.length) return pathText(parts);
    parts.push(index);
    here = list[index];
  }
  return pathText(parts);
}

/**
 * The English value a translation's value at `path` translates: list items are paired as the
 * site pairs them (by the English item's id where the translated item names one, else by place).
 */
export function englishAt(english: unknown, translated: unknown, path: Path): unknown {
  let from = english;
  let here = translated;
  for (const part of path) {
    if (typeof part === 'number' && Array.isArray(from) && Array.isArray(here)) {
      const at = pairItems(from, here).translationOf.indexOf(part);
      from = at < 0 ? undefined : from[at];
      here = here[part];
    } else {
      from = from !== null && typeof from === 'object' ? (from as Record<string | number, unknown>)[part] : undefined;
      here = here !== null && typeof here === 'object' ? (here as Record<string | number, unknown>)[part] : undefined;
    }
  }
  return from;
}
