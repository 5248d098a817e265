/**
 * lucide-react names each drawing `class="lucide lucide-<icon>"`; no style rule or script uses
 * those names, and across the icons of a page they cost about 240 bytes compressed, which is what
 * keeps /services/ within the first round trip of a connection. Our own classes on an icon stay.
 */
export function withoutIconLibraryClasses(markup: string): string {
  return markup.replace(/ class="lucide(?: lucide-[\w-]+)*( [^"]*)?"/g, (_, own: string | undefined) =>
    own ? ` class="${own.trim()}"` : '',
  );
}

/**
 * An HTML page's parser puts every <svg> in the SVG namespace by itself, so the xmlns lucide-react
 * writes on each drawing only costs bytes there (a standalone .svg file still needs it).
 */
export function withoutSvgNamespace(markup: string): string {
  return markup.replace(/<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '<svg');
}
