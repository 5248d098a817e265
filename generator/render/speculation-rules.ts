/**
 * The next page fetched before the tap: speculation rules (Chromium, Android's WebView) ask the
 * browser to prefetch one of the site's own pages once the visitor shows intent for its link
 * (eagerness "moderate": the pointer resting on it, or a finger or button going down on it).
 *
 * The rules are written into every page, so they hold on any host, GitHub Pages included, which
 * can send no `Speculation-Rules` header. The page's policy and the `_headers` policy allow this
 * exact text by its hash (security.ts), never by 'unsafe-inline'; a browser without
 * speculation rules ignores the element and client/prefetch.ts stands in for it. That module also
 * takes the element away on Save-Data or a 2G connection, so nothing is prefetched there.
 *
 * Only links to the site's own pages qualify: another origin's (WhatsApp, the map, the relay) never
 * match "/*", and the Worker's /admin/ and /api/, the files under /assets/, a link that opens a
 * new tab or downloads, and the page itself are left out. client/prefetch.ts applies the same test.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: ['/admin/*', '/api/*', '/assets/*'] } },
          { not: { selector_matches: '[target], [download], [aria-current="page"], [href^="#"]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});

/** The element carrying the rules; client/prefetch.ts finds it by its type. */
export const SPECULATION_RULES_ELEMENT = `<script type="speculationrules">${SPECULATION_RULES}</script>`;

/**
 * `html` with the rules at the end of its <body>: after everything the first paint needs, since
 * nothing is prefetched before the visitor reaches for a link.
 */
export function withSpeculationRules(html: string): string {
  const at = html.lastIndexOf('</body>');
  if (at < 0) throw new Error('The page has no </body> to put the speculation rules before');
  return `${html.slice(0, at)}${SPECULATION_RULES_ELEMENT}${html.slice(at)}`;
}
