import { isMap, isPair, isScalar, parseDocument, type Scalar } from 'yaml';
import { serviceReferences } from '../../check/references.js';
import { TRANSLATIONS } from '../../contract/languages.js';
import { RECORD_FILE } from '../../contract/file-names.js';
import type { ContentFile } from '../../schema/index.js';
import { isRecord, sameValue } from './compare.js';
import { saveYaml } from './yaml-save.js';

/**
 * A service's id renamed in services.yaml, carried into every file that names it: the references
 * the check holds to services.yaml, the Malayalam items that say which service they translate, and
 * the record of the English those were translated from. An id is a name other files use, so
 * changing it in one file alone would leave the site unbuildable.
 */

export interface Rename {
  from: string;
  to: string;
}

type Entry = Record<string, unknown>;
const idOf = (entry: unknown) => (isRecord(entry) && typeof entry.id === 'string' ? entry.id : undefined);
const servicesOf = (value: unknown): Entry[] => (isRecord(value) && Array.isArray(value.services) ? value.services.filter(isRecord) : []);

/**
 * The ids a new services list gives to services the old list had under another id. A service
 * whose id is gone is paired with a new id when its entry is otherwise unchanged; else, when the
 * new entry kept most of what the old one said (its other fields), if it stands at its place or is
 * the only id new for the only id gone. An id gone without a pair is no rename but a service
 * deleted, even with a new one added in the same save: the check then names what still uses it,
 * where taking it for a rename would hand its reviews and cards to the new service.
 */
export function renamedServices(before: unknown, after: unknown): Rename[] {
  const old = servicesOf(before);
  const next = servicesOf(after);
  const oldIds = new Set(old.map(idOf));
  const nextIds = new Set(next.map(idOf));
  const gone = old.map((entry, index) => ({ entry, index, id: idOf(entry) })).filter((one) => one.id !== undefined && !nextIds.has(one.id));
  const fresh = next
    .map((entry, index) => ({ entry, index, id: idOf(entry) }))
    .filter((one) => one.id !== undefined && !oldIds.has(one.id));
  const renames: Rename[] = [];
  const pair = (from: (typeof gone)[number], to: (typeof fresh)[number]) => {
    renames.push({ from: from.id!, to: to.id! });
    gone.splice(gone.indexOf(from), 1);
    fresh.splice(fresh.indexOf(to), 1);
  };
  const withoutId = ({ id: _id, ...rest }: Entry) => rest;
  for (const one of [...gone]) {
    const same = fresh.find((candidate) => sameValue(withoutId(candidate.entry), withoutId(one.entry)));
    if (same) pair(one, same);
  }
  for (const one of [...gone]) {
    const placed = fresh.find((candidate) => candidate.index === one.index);
    if (placed && keptMostOf(one.entry, placed.entry)) pair(one, placed);
  }
  if (gone.length === 1 && fresh.length === 1 && keptMostOf(gone[0]!.entry, fresh[0]!.entry)) pair(gone[0]!, fresh[0]!);
  return renames;
}

/** Whether more than half of the fields either entry has, its id aside, are the same in both. */
function keptMostOf(old: Entry, next: Entry): boolean {
  const names = new Set([...Object.keys(old), ...Object.keys(next)].filter((name) => name !== 'id'));
  const same = [...names].filter((name) => sameValue(old[name], next[name])).length;
  return same * 2 > names.size;
}

/** A content file as the rename reads it: its name in the content folder and its text. */
export interface FileText {
  rel: string;
  text: string;
}

/**
 * The new texts of the files that name a renamed service (English references, the Malayalam
 * services' pairing ids, the Malayalam record's keys), each changed only where the id stands.
 * Files that do not name one are left out.
 */
export function renameInFiles(files: readonly FileText[], renames: readonly Rename[]): Map<string, string> {
  const changed = new Map<string, string>();
  if (renames.length === 0) return changed;
  const to = new Map(renames.map((rename) => [rename.from, rename.to]));
  const parsed = new Map<ContentFile, unknown>();
  for (const file of files) {
    const doc = parseDocument(file.text);
    if (doc.errors.length === 0) parsed.set(file.rel as ContentFile, doc.toJS({ maxAliasCount: 50 }));
  }
  const textOf = (rel: string) => files.find((file) => file.rel === rel)?.text;
  const write = (rel: string, value: unknown) => {
    const text = textOf(rel);
    if (text === undefined) return;
    const saved = saveYaml(text, value).text;
    if (saved !== text) changed.set(rel, saved);
  };

  // A file whose shape its schema would refuse names no reference here; the check reports it.
  let refs: ReturnType<typeof serviceReferences> = [];
  try {
    refs = serviceReferences(parsed).filter((ref) => to.has(ref.id));
  } catch {
    refs = [];
  }
  const edits = new Map<string, { path: readonly (string | number)[]; next: string }[]>();
  const edit = (rel: string, path: readonly (string | number)[], next: string) =>
    edits.set(rel, [...(edits.get(rel) ?? []), { path, next }]);
  for (const ref of refs) edit(ref.file, ref.path, to.get(ref.id)!);
  // A link to a service's place on the services page (/services#packing) follows its id too.
  for (const [rel, value] of parsed) {
    if (TRANSLATIONS.some((language) => rel.startsWith(`${language.folder}/`))) continue;
    for (const link of serviceLinks(value, to)) edit(rel, link.path, link.next);
  }
  for (const [rel, changes] of edits) {
    const value = structuredClone(parsed.get(rel as ContentFile));
    for (const change of changes) setIn(value, change.path, change.next);
    write(rel, value);
  }

  for (const language of TRANSLATIONS) {
    const rel = `${language.folder}/services.yaml`;
    const value = parsed.get(rel as ContentFile);
    const renamedItems = servicesOf(value).some((entry) => to.has(idOf(entry) ?? ''));
    if (renamedItems && isRecord(value)) {
      write(rel, {
        ...value,
        services: (value.services as unknown[]).map((entry) =>
          isRecord(entry) && to.has(idOf(entry) ?? '') ? { ...entry, id: to.get(entry.id as string) } : entry,
        ),
      });
    }
    const record = `${language.folder}/${RECORD_FILE}`;
    const recorded = textOf(record);
    const renamedRecord = recorded === undefined ? undefined : renameRecordKeys(recorded, to);
    if (renamedRecord !== undefined && renamedRecord !== recorded) changed.set(record, renamedRecord);
  }
  return changed;
}

/**
 * The record of translated English with its keys for a renamed service's texts renamed
 * (services[packing].title → services[vehicles].title), each key changed in place, so the
 * translations stay recorded as translated from the same English.
 */
function renameRecordKeys(text: string, to: ReadonlyMap<string, string>): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return text;
  const section = doc.contents.items.find((pair) => isScalar(pair.key) && pair.key.value === 'services.yaml');
  if (!section || !isMap(section.value)) return text;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const pair of section.value.items) {
    if (!isPair(pair) || !isScalar(pair.key)) continue;
    const key = pair.key as Scalar;
    const match = typeof key.value === 'string' ? /^services\[([^\]]+)\]/.exec(key.value) : null;
    const renamed = match ? to.get(match[1]!) : undefined;
    if (!match || renamed === undefined || !key.range || key.type !== 'PLAIN') continue;
    edits.push({ start: key.range[0], end: key.range[1], text: `services[${renamed}]${(key.value as string).slice(match[0].length)}` });
  }
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** The links in a file's value to a renamed service's place on the services page, with their new text. */
function serviceLinks(
  value: unknown,
  to: ReadonlyMap<string, string>,
  at: (string | number)[] = [],
): { path: (string | number)[]; next: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => serviceLinks(item, to, [...at, index]));
  if (isRecord(value)) return Object.entries(value).flatMap(([key, item]) => serviceLinks(item, to, [...at, key]));
  const match = typeof value === 'string' ? /^(\/services\/?#)([a-z0-9-]+)$/.exec(value) : null;
  const renamed = match ? to.get(match[2]!) : undefined;
  return match && renamed !== undefined ? [{ path: at, next: `${match[1]}${renamed}` }] : [];
}

function setIn(value: unknown, path: readonly (string | number)[], next: string): void {
  let here = value as Record<string | number, unknown>;
  for (const part of path.slice(0, -1)) here = here[part] as Record<string | number, unknown>;
  here[path.at(-1)!] = next;
}
