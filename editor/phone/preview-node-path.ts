/**
 * What the translations' check asks of node:path (basename, posix.join), for the preview's script
 * in the browser, where esbuild puts this module in its place (generator/editor/ui-bundle.ts).
 * Content names are always written with forward slashes there.
 */
function basename(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

function join(...parts: string[]): string {
  return parts
    .filter((part) => part !== '')
    .join('/')
    .replace(/\/+/g, '/');
}

export default { basename, posix: { basename, join } };
