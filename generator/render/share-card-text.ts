import type { Language } from '../contract/languages.js';
import type { Site } from '../schema/index.js';

/** The share picture's size (what WhatsApp and Facebook ask for), its margin and its text column. */
export const SHARE_CARD = { width: 1200, height: 630, padding: 64, column: 600 } as const;

/** What a share picture says, in one language, all of it from the content. */
export interface ShareCardText {
  /** The language's code: Malayalam is set a little smaller, its letters being taller. */
  script: string;
  name: string;
  tagline: string;
  /** The first marketing figures (the founding year's "15+ years" among them in the sample). */
  figures: Array<{ value: string; label: string }>;
  /** The home page's quote button. */
  cta: string;
}

export function shareCardText(edition: Site, language: Language): ShareCardText {
  const { company, stats } = edition.settings;
  return {
    script: language.code,
    name: company.name,
    tagline: company.tagline,
    figures: stats.slice(0, 2).map(({ value, label }) => ({ value, label })),
    cta: edition.pages.home.hero.primary.label,
  };
}
