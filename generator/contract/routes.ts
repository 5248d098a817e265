/**
 * The one form of address a page is published at (the pages themselves are listed in pages.ts).
 *
 * A page is written as a folder with an index.html (about/index.html), and every static host we
 * deploy to (GitHub Pages, Netlify, Cloudflare Pages) answers such a folder's address without the
 * trailing slash with a redirect to the address with it. So every address the site prints (links,
 * canonical, og:url, sitemap, structured data) ends in a slash: one request, no redirect.
 */

/**
 * The address a route (or a link to one, with a #section) is published at: '/about' and
 * '/about/' → '/about/', '/about#team' → '/about/#team', '/' → '/'. Works for any depth, so
 * '/ml/about' → '/ml/about/'. With a language whose pages live in a folder, the address of the
 * same page in that language: ('/about', Malayalam) → '/ml/about/', ('/', Malayalam) → '/ml/'.
 * An address already in that folder stays as it is.
 */
export function pageAddress(route: string, language?: { folder: string }): string {
  const hashAt = route.indexOf('#');
  let path = hashAt === -1 ? route : route.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : route.slice(hashAt);
  const folder = language?.folder ? `/${language.folder}` : '';
  if (folder && path !== folder && !path.startsWith(`${folder}/`)) path = `${folder}${path}`;
  return `${path.endsWith('/') ? path : `${path}/`}${fragment}`;
}

/** The file a route's page is written to: '/' → index.html, '/about' → about/index.html. */
export function pageFile(route: string): string {
  return `${pageAddress(route).slice(1)}index.html`;
}
