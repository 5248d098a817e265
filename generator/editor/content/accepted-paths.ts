/**
 * Which fields an editor request names to mark reviewed: site dev's editor and the phone's send
 * the same body, so both read it here (no file system: the site's Worker reads it too).
 */

/** A path into a file's data as one text, for comparing: services.0.title. */
export function pathKey(path: readonly (string | number)[]): string {
  return path.join('.');
}

/** The fields a request names to mark reviewed (`accepted`: paths as lists of keys and places). */
export function acceptedPaths(body: unknown): Set<string> {
  const list = (body as { accepted?: unknown } | null)?.accepted;
  if (!Array.isArray(list)) return new Set();
  return new Set(
    list
      .filter(
        (one): one is (string | number)[] =>
          Array.isArray(one) && one.every((part) => typeof part === 'string' || typeof part === 'number'),
      )
      .map(pathKey),
  );
}
