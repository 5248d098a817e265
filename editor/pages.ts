/**
 * The site's pages, for the preview's page picker; which of them a content file shows on comes
 * from the server (`pages` in api/file).
 */
export const SITE_PAGES = [
  { path: '/', label: 'Home' },
  { path: '/about/', label: 'About' },
  { path: '/services/', label: 'Services' },
  { path: '/contact/', label: 'Contact' },
] as const;

/** The language folder of a translation file ('ml/services.yaml' → 'ml'), or ''. */
export function languageOf(file: string): string {
  return /^([a-z]{2})\//.exec(file)?.[1] ?? '';
}

export function inLanguage(page: string, language: string): string {
  return language ? `/${language}${page}` : page;
}

/** Every page the picker offers: the file's language first. */
export function allPages(file: string): { path: string; label: string }[] {
  const language = languageOf(file);
  const english = SITE_PAGES.map((page) => ({ path: page.path, label: page.label }));
  const malayalam = SITE_PAGES.map((page) => ({ path: inLanguage(page.path, 'ml'), label: `${page.label} (Malayalam)` }));
  return language ? [...malayalam, ...english] : [...english, ...malayalam];
}
