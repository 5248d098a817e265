import { MAX_DEPTH, MAX_LIST_ITEMS } from '../../load/yaml-shape.js';

/**
 * Why a value sent by the editor's page cannot be a content file's, in the words `site check` uses
 * for the same shape in a file (load/yaml-shape.ts), or undefined. Checked before the value is
 * written into the YAML, whose writer would otherwise overflow the stack on thousands of levels.
 * Walks without recursion.
 */
export function valueShapeProblem(value: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (pending.length > 0) {
    const { value: at, depth } = pending.pop()!;
    if (at === null || typeof at !== 'object') continue;
    if (depth > MAX_DEPTH)
      return `Lists or settings are nested more than ${MAX_DEPTH} levels deep, far deeper than any content, so nothing was saved.`;
    const items = Array.isArray(at) ? at : Object.values(at);
    if (Array.isArray(at) && at.length > MAX_LIST_ITEMS)
      return `A list has ${at.length} entries; a list may have at most ${MAX_LIST_ITEMS}, so nothing was saved.`;
    for (const item of items) pending.push({ value: item, depth: depth + 1 });
  }
  return undefined;
}
