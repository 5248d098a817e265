import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../contract/root.js';
import { contentChanges } from '../repository.js';
import { IMAGES_FOLDER } from './upload.js';

/**
 * The photos the editor uploaded, kept in a ledger beside the other tools' caches (never in the
 * content folder, never committed): each one's name, the SHA-256 of its bytes and when it came.
 * An upload no saved content file names yet is not the content's: it is kept out of what is
 * published, and removed once a day old; it leaves the ledger as soon as a saved file names it. Only a file in the ledger whose bytes are still the ones
 * uploaded is ever removed: a photo put there by hand, or changed since, is never touched.
 */

/** How long an upload no saved file names is kept (for a form left half done overnight). */
export const UNUSED_UPLOAD_MS = 24 * 60 * 60 * 1000;

interface Entry {
  name: string;
  sha256: string;
  /** When it was uploaded, in ms since 1970. */
  at: number;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export class UploadLedger {
  readonly #contentDir: string;
  readonly #file: string;

  constructor(contentDir: string, cacheDir = path.join(projectRoot(), 'node_modules', '.cache', 'site-editor')) {
    this.#contentDir = contentDir;
    // One ledger per content folder: two projects on one machine keep theirs apart.
    this.#file = path.join(cacheDir, `uploads-${createHash('sha256').update(path.resolve(contentDir)).digest('hex').slice(0, 16)}.json`);
  }

  /** Notes a photo the editor has just stored. */
  async record(name: string, bytes: Buffer, now = Date.now()): Promise<void> {
    const entries = (await this.#entries()).filter((entry) => entry.name !== name);
    await this.#store([...entries, { name, sha256: sha256(bytes), at: now }]);
  }

  /** Notes that photos were put back under other names (their own were taken meanwhile). */
  async renamed(moves: readonly { from: string; to: string }[]): Promise<void> {
    if (moves.length === 0) return;
    const entries = await this.#entries();
    await this.#store(entries.map((entry) => ({ ...entry, name: moves.find((move) => move.from === entry.name)?.to ?? entry.name })));
  }

  /** Forgets the uploads a content file on disk names: from a save on, they are the content's and never removed. */
  async forgetNamed(): Promise<void> {
    const entries = await this.#entries();
    if (entries.length === 0) return;
    const named = await namedPhotos(this.#contentDir);
    const left = entries.filter((entry) => !named.has(`${IMAGES_FOLDER}/${entry.name}`));
    if (left.length < entries.length) await this.#store(left);
  }

  /** The uploads (as content paths, images/van.jpg) that no content file names: not the content's yet. */
  async unused(): Promise<string[]> {
    const entries = await this.#entries();
    if (entries.length === 0) return [];
    const named = await namedPhotos(this.#contentDir);
    return entries.filter((entry) => !named.has(`${IMAGES_FOLDER}/${entry.name}`)).map((entry) => `${IMAGES_FOLDER}/${entry.name}`);
  }

  /**
   * Removes the uploads no content file names that are over a day old and still hold the bytes
   * uploaded, unless git shows other changes to the content; forgets the ones a file now names
   * (they are the content's) and the ones gone. The ones `setAside` names are away for a publish: kept as they are. Returns the content paths removed.
   */
  async sweep(now = Date.now(), setAside: readonly string[] = []): Promise<string[]> {
    const entries = await this.#entries();
    if (entries.length === 0) return [];
    const named = await namedPhotos(this.#contentDir);
    // A change git shows that is not one of these uploads (a file saved and stashed, edited by
    // hand) may name one of them where this cannot read it: then nothing is removed.
    const uploads = new Set(entries.map((entry) => `${IMAGES_FOLDER}/${entry.name}`));
    const unexplained = ((await contentChanges(this.#contentDir)) ?? []).some((file) => !uploads.has(file));
    const kept: Entry[] = [];
    const removed: string[] = [];
    for (const entry of entries) {
      // Away under a scratch name for a publish: not gone, and back once it ends.
      if (setAside.includes(entry.name)) {
        kept.push(entry);
        continue;
      }
      const src = `${IMAGES_FOLDER}/${entry.name}`;
      const file = path.join(this.#contentDir, IMAGES_FOLDER, entry.name);
      const bytes = await readFile(file).catch(() => undefined);
      if (!bytes || named.has(src) || sha256(bytes) !== entry.sha256) continue;
      if (unexplained || now - entry.at < UNUSED_UPLOAD_MS) {
        kept.push(entry);
        continue;
      }
      await rm(file);
      removed.push(src);
    }
    await this.#store(kept);
    return removed;
  }

  async #entries(): Promise<Entry[]> {
    const text = await readFile(this.#file, 'utf8').catch(() => '[]');
    try {
      const list = JSON.parse(text) as unknown;
      return Array.isArray(list) ? list.filter(isEntry) : [];
    } catch {
      return [];
    }
  }

  async #store(entries: readonly Entry[]): Promise<void> {
    await mkdir(path.dirname(this.#file), { recursive: true });
    const temp = `${this.#file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(entries));
    await rename(temp, this.#file);
  }
}

function isEntry(value: unknown): value is Entry {
  const entry = value as Entry;
  return (
    typeof entry?.name === 'string' && /^[\w.-]+$/.test(entry.name) && typeof entry.sha256 === 'string' && typeof entry.at === 'number'
  );
}

/** Every images/… path the content files on disk name. */
async function namedPhotos(contentDir: string): Promise<Set<string>> {
  const names = (await readdir(contentDir, { recursive: true }).catch(() => [] as string[])).filter((name) => /\.ya?ml$/.test(name));
  const named = new Set<string>();
  for (const name of names) {
    const text = await readFile(path.join(contentDir, name), 'utf8').catch(() => '');
    for (const match of text.matchAll(/images\/[\w.-]+/g)) named.add(match[0]);
  }
  return named;
}
