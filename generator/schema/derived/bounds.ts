/** The limits of a number, named as JSON Schema names them (zod writes them the same way). */
export interface Bounds {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export const BOUND_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;

/** Limits this far out are zod's "a safe whole number", which no operator needs told. */
const relevant = (limit: number | undefined) => (limit !== undefined && Math.abs(limit) < Number.MAX_SAFE_INTEGER ? limit : undefined);

/**
 * A number's allowed range in words, to follow what is expected: "more than 0", "from 5 to 120",
 * "of at least 1900"; undefined when it has no limits worth saying.
 */
export function rangeWords(bounds: Bounds): string | undefined {
  const min = relevant(bounds.minimum);
  const max = relevant(bounds.maximum);
  const above = relevant(bounds.exclusiveMinimum);
  const below = relevant(bounds.exclusiveMaximum);
  const low = above !== undefined ? `more than ${above}` : min !== undefined ? `of at least ${min}` : undefined;
  const high = below !== undefined ? `less than ${below}` : max !== undefined ? `of at most ${max}` : undefined;
  if (min !== undefined && max !== undefined && above === undefined && below === undefined) return `from ${min} to ${max}`;
  if (low && high) return `${low} and ${high.replace(/^of /, '')}`;
  return low ?? high;
}

/** The bounds JSON Schema gives a value, read from a JSON Schema object. */
export function boundsOf(schema: Record<string, unknown>): Bounds {
  const bounds: Bounds = {};
  for (const key of BOUND_KEYWORDS) if (typeof schema[key] === 'number') bounds[key] = schema[key];
  return bounds;
}
