import { stat } from 'node:fs/promises';

/** Coalesces the events of one save (several files, or a write in two steps) into one batch. */
const SETTLE_MS = 5;
/**
 * chokidar drops a second change to the same file within 50 ms of the first, so a file written in
 * two steps could be read half-written with no event for the rest. Each file of a batch is looked at
 * again this long after the batch, and queued once more if it is not as it was when the batch began.
 */
const RECHECK_MS = 60;

type Stamp = { size: number; mtimeMs: number } | undefined;

/**
 * Turns file change events into batches handled one at a time: events that arrive while a batch
 * runs join the next one, so a burst of saves costs at most two rebuilds and never two at once.
 * `K` is what the handler needs to know about each file (for the dev server, its area).
 */
export class ChangeQueue<K> {
  readonly #handle: (batch: ReadonlyMap<string, K>) => Promise<void>;
  readonly #pending = new Map<string, K>();
  /** Each file's size and time as the latest batch holding it began. */
  readonly #stamps = new Map<string, Stamp>();
  readonly #rechecks = new Set<NodeJS.Timeout>();
  #timer: NodeJS.Timeout | undefined;
  /** Held until start(), so that no change races the first build. */
  #busy = true;
  #running: Promise<void> = Promise.resolve();
  #closed = false;

  /** `handle` must not throw: it is the rebuild, which reports its own failures. */
  constructor(handle: (batch: ReadonlyMap<string, K>) => Promise<void>) {
    this.#handle = handle;
  }

  add(file: string, info: K): void {
    if (this.#closed) return;
    this.#pending.set(file, info);
    if (this.#busy || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#running = this.#drain();
    }, SETTLE_MS);
  }

  /** Starts handling changes, those that arrived before included. */
  start(): void {
    this.#busy = false;
    if (this.#pending.size > 0) this.#running = this.#drain();
  }

  /** Stops taking changes and resolves once the batch under way, if any, has finished. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    for (const timer of this.#rechecks) clearTimeout(timer);
    this.#rechecks.clear();
    await this.#running;
  }

  async #drain(): Promise<void> {
    this.#busy = true;
    try {
      while (this.#pending.size > 0 && !this.#closed) {
        const batch = new Map(this.#pending);
        this.#pending.clear();
        for (const [file, stamp] of await stamps([...batch.keys()])) this.#stamps.set(file, stamp);
        await this.#handle(batch);
        this.#recheck(batch);
      }
    } finally {
      // No await between the loop's last test and here, so an add() in between cannot be stranded.
      this.#busy = false;
    }
  }

  #recheck(batch: ReadonlyMap<string, K>): void {
    const timer = setTimeout(async () => {
      this.#rechecks.delete(timer);
      const now = await stamps([...batch.keys()]);
      for (const [file, info] of batch) {
        const [read, current] = [this.#stamps.get(file), now.get(file)];
        if (read?.size !== current?.size || read?.mtimeMs !== current?.mtimeMs) this.add(file, info);
      }
    }, RECHECK_MS);
    this.#rechecks.add(timer);
  }
}

async function stamps(files: readonly string[]): Promise<Map<string, Stamp>> {
  const entries = await Promise.all(
    files.map(async (file) => {
      const info = await stat(file).catch(() => undefined);
      return [file, info && { size: info.size, mtimeMs: info.mtimeMs }] as const;
    }),
  );
  return new Map(entries);
}
