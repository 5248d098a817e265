import os from 'node:os';

/**
 * Runs `task` on every item with at most `limit` running at once (by default one per CPU, so a
 * build with many photos neither queues on one core nor starts dozens of encoders that fight
 * over two). Results keep the order of `items`; the first failure rejects once all have settled.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  task: (item: T) => Promise<R>,
  limit = os.availableParallelism(),
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index]!);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failures.length > 0) throw failures[0];
  return results;
}
