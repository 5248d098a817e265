/**
 * The company's content as GitHub has it at one commit: the version the owner started editing
 * from. Trees and blobs never change once made, so an isolate keeps those it read, by sha.
 */
import type { Repository } from '../github/repository.js';

export const CONTENT_PREFIX = 'content/';

/** Content files by name in the content folder (services.yaml, ml/pages/home.yaml) and their blob shas. */
export interface Snapshot {
  head: string;
  shas: ReadonlyMap<string, string>;
}

const KEEP = 256;
const trees = new Map<string, Map<string, string>>();
const blobs = new Map<string, Uint8Array>();

function keep<V>(cache: Map<string, V>, key: string, value: V): V {
  cache.set(key, value);
  if (cache.size > KEEP) cache.delete(cache.keys().next().value!);
  return value;
}

export async function snapshotAt(repository: Repository, head: string): Promise<Snapshot> {
  const known = trees.get(head);
  if (known) return { head, shas: known };
  const tree = await repository.tree(head);
  const shas = new Map(
    tree.entries
      .filter((entry) => entry.type === 'blob' && entry.path.startsWith(CONTENT_PREFIX))
      .map((entry) => [entry.path.slice(CONTENT_PREFIX.length), entry.sha] as const),
  );
  return { head, shas: keep(trees, head, shas) };
}

export async function bytesOf(repository: Repository, sha: string): Promise<Uint8Array> {
  return blobs.get(sha) ?? keep(blobs, sha, await repository.blob(sha));
}

const decoder = new TextDecoder();

/** The text of a content file at the snapshot, or undefined when it has no such file. */
export async function textAt(repository: Repository, snapshot: Snapshot, name: string): Promise<string | undefined> {
  const sha = snapshot.shas.get(name);
  return sha === undefined ? undefined : decoder.decode(await bytesOf(repository, sha));
}

/** Every YAML file of the content at the snapshot, with the phone's saved texts laid over. */
export async function contentTexts(
  repository: Repository,
  snapshot: Snapshot,
  saved: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const names = [...snapshot.shas.keys()].filter((name) => /\.ya?ml$/.test(name));
  const read = await Promise.all(names.map(async (name) => [name, (await textAt(repository, snapshot, name))!] as const));
  const texts = new Map(read);
  for (const [name, text] of saved) texts.set(name, text);
  return texts;
}
