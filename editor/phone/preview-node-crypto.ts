/**
 * node:crypto in the preview's script, where esbuild puts this module in its place
 * (generator/editor/ui-bundle.ts): the stylesheet's file name is hashed with it (render/brand-css.ts),
 * and the preview names no file, so it is never called there.
 */
export function createHash(): never {
  throw new Error('The preview names no files, so it hashes none');
}
