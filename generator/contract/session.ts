/**
 * What a long-lived process remembers from one build to the next. `site dev` makes one session
 * and passes it down every stage, and the editor it serves uses the same one, so a save redoes
 * only what changed. A one-off build makes a fresh session and drops it with its result: nothing
 * it remembered outlives it in the process, and two builds never share a memory by accident.
 */
export class Session {
  readonly #memories = new Map<string, unknown>();

  /** The memory named `name`, made by `make` the first time it is asked for; each module names its own. */
  memory<T>(name: string, make: () => T): T {
    if (!this.#memories.has(name)) this.#memories.set(name, make());
    return this.#memories.get(name) as T;
  }

  /** The memory `name` as a Recent map of at most `limit` entries. */
  recent<K, V>(name: string, limit: number): Recent<K, V> {
    return this.memory(name, () => new Recent<K, V>(limit));
  }
}

/**
 * A map that keeps only the `limit` entries used last: a session runs as long as the editor is
 * open, so what it remembers stays bounded however many files, colours or photos pass through.
 */
export class Recent<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** The value kept for `key`, now the last used; undefined when none is kept. */
  recall(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key)!;
    // Last used goes last, so the oldest entry is the first in the map.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Keeps `value` for `key`, letting the entry used longest ago go when there are too many. */
  keep(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
