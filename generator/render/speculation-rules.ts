/**
 * The next page fetched before the tap: speculation rules (Chromium, Android's WebView) ask the
 * browser to prefetch one of the site's own pages once the visitor shows intent for its link.
 *
 * A phone has no hover, and "moderate" eagerness there waits for a finger going down (or, where
 * Chromium has its viewport heuristics, one link it guesses after a scroll): too late on a slow
 * connection. So the likely next pages, the menu's links and the calls to action drawn as buttons,
 * are "eager". On a phone Chromium prefetches such a link once it has been in view for a moment
 * (the drawer's links when it opens, the hero's buttons on load), and where it lacks that
 * heuristic (an older Chrome, a WebView) as soon as the page has the rules; on a computer, once the
 * pointer touches it. A few pages of the same site, a few kilobytes each, never the other
 * language's (a language link carries `hreflang`), nor each service's quote link on /services/
 * (all the same page, told apart by a query). Every other link of the site stays "moderate": the
 * pointer resting on it, or a finger or button going down on it.
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
const OWN_PAGES = [
  { href_matches: '/*' },
  { not: { href_matches: ['/admin/*', '/api/*', '/assets/*'] } },
  { not: { selector_matches: '[target], [download], [aria-current="page"], [href^="#"]' } },
];

/** The links a visitor most likely takes next: the menu's, and the calls to action drawn as buttons. */
export const LIKELY_NEXT = '[data-menu] a:not([hreflang]), a.button:not([href*="?"])';

export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    { where: { and: [...OWN_PAGES, { selector_matches: LIKELY_NEXT }] }, eagerness: 'eager' },
    { where: { and: OWN_PAGES }, eagerness: 'moderate' },
  ],
});

/** The element carrying the rules; client/prefetch.ts finds it by its type. */
export const SPECULATION_RULES_ELEMENT = `<script type="speculationrules">${SPECULATION_RULES}</script>`;

/**
 * `html` with the rules at the end of its <body>: after everything the first paint needs, so the
 * pages they prefetch never come before it.
 */
export function withSpeculationRules(html: string): string {
  const at = html.lastIndexOf('</body>');
  if (at < 0) throw new Error('The page has no </body> to put the speculation rules before');
  return `${html.slice(0, at)}${SPECULATION_RULES_ELEMENT}${html.slice(at)}`;
}
