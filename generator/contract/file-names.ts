/** The record's name inside a translation's folder (content/ml/translated-from.yaml). */
export const RECORD_FILE = 'translated-from.yaml';

/**
 * A content file's own name from a name with folders (content/ml/services.yaml → services.yaml),
 * without node:path: the same checks run in the browser and in the site's Worker, where names
 * always have forward slashes, and on a computer, where they may not.
 */
export function lastName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}
