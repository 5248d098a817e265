/**
 * The site's pages, for the preview's page picker, and which of them a content file shows on
 * (when the server does not say): a page's own file shows on it; shared files (site, layout,
 * services, reviews) show on several.
 */
export const SITE_PAGES = [
  { path: '/', label: 'Home' },
  { path: '/about/', label: 'About' },
  { path: '/services/', label: 'Services' },
  { path: '/contact/', label: 'Contact' },
] as const;

const SHOWN_ON: Record<string, string[]> = {
  'pages/home.yaml': ['/'],
  'pages/about.yaml': ['/about/'],
  'pages/services.yaml': ['/services/'],
  'pages/contact.yaml': ['/contact/'],
  'pages/not-found.yaml': ['/404.html'],
  'services.yaml': ['/services/', '/', '/contact/'],
  'testimonials.yaml': ['/'],
};

/** The language folder of a translation file ('ml/services.yaml' → 'ml'), or ''. */
export function languageOf(file: string): string {
  return /^([a-z]{2})\//.exec(file)?.[1] ?? '';
}

export function inLanguage(page: string, language: string): string {
  return language ? `/${language}${page}` : page;
}

export function pagesFor(file: string): string[] {
  const language = languageOf(file);
  const base = language ? file.slice(language.length + 1) : file;
  const pages = SHOWN_ON[base] ?? SITE_PAGES.map((page) => page.path);
  return pages.map((page) => inLanguage(page, language));
}

/** Every page the picker offers: the file's language first. */
export function allPages(file: string): { path: string; label: string }[] {
  const language = languageOf(file);
  const english = SITE_PAGES.map((page) => ({ path: page.path, label: page.label }));
  const malayalam = SITE_PAGES.map((page) => ({ path: inLanguage(page.path, 'ml'), label: `${page.label} (Malayalam)` }));
  return language ? [...malayalam, ...english] : [...english, ...malayalam];
}
