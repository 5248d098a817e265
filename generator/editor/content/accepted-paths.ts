/**
 * Which translated texts a save or a request marks reviewed: site dev's editor and the phone's
 * send the same body and record the same texts, so both decide it here (no file system: the
 * site's Worker runs it too).
 */
import type { TranslatedText } from '../../translations/sources.js';

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

/** Whether the saved value gives another text at this text's place than the file had before. */
export function changedSince(before: unknown, value: unknown, text: TranslatedText): boolean {
  const at = (data: unknown) =>
    text.path.reduce<unknown>(
      (here, part) => (here !== null && typeof here === 'object' ? (here as Record<string | number, unknown>)[part] : undefined),
      data,
    );
  return before === undefined || at(before) !== at(value);
}
