/**
 * Which translated list item translates which English one. An item may name the English item's
 * `id` (services, reviews, quick actions, figures have one): it then stays with that item when
 * the English list is reordered, or an item is taken out above it, instead of lending its text
 * to whichever item now stands in its place. An item without an id pairs by its place in the
 * list, unless an id has claimed the English item there.
 */
export interface Pairs {
  /** For each English item, the index of its translation, or undefined when it has none. */
  translationOf: (number | undefined)[];
  /** Translated items that translate no English item: an id not in the English list, a second item for one, or items past its end. */
  unpaired: number[];
}

/** The id a list item names, if any. */
export const idOf = (item: unknown): string | undefined => {
  const id = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>).id : undefined;
  return typeof id === 'string' ? id : undefined;
};

export function pairItems(english: readonly unknown[], translated: readonly unknown[]): Pairs {
  const translationOf: (number | undefined)[] = english.map(() => undefined);
  const unpaired: number[] = [];
  const positional: number[] = [];
  translated.forEach((item, index) => {
    const id = idOf(item);
    if (id === undefined) return positional.push(index);
    const at = english.findIndex((candidate) => idOf(candidate) === id);
    if (at >= 0 && translationOf[at] === undefined) translationOf[at] = index;
    else unpaired.push(index);
  });
  for (const index of positional) {
    if (index < english.length && translationOf[index] === undefined) translationOf[index] = index;
    else unpaired.push(index);
  }
  unpaired.sort((a, b) => a - b);
  return { translationOf, unpaired };
}
