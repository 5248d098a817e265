import { factsOf, fillFacts, type Facts } from '../schema/facts.js';
import type { Site } from '../schema/index.js';
import { FALLBACK_END, FALLBACK_START } from './fallback.js';

/**
 * The site with every `${fact}` in its texts written out, each language with its own facts (the
 * Malayalam city name on Malayalam pages). A text shown in English for lack of a translation
 * gets the English facts, as it reads in English.
 */
export function withFacts(site: Site, now: Date): Site {
  const english = factsOf(site.settings, now);
  const { translations, ...rest } = site;
  return {
    ...(mapTexts(rest, (text) => fillFacts(text, english)) as Omit<Site, 'translations'>),
    ...(translations
      ? {
          translations: translations.map((translation) => {
            const own = factsOf(translation.site.settings, now);
            return { ...translation, site: mapTexts(translation.site, (text) => fillMarked(text, own, english)) as Site };
          }),
        }
      : {}),
  };
}

/** Fills a translated text: its own facts, and the English ones inside a stretch marked as English. */
function fillMarked(text: string, own: Facts, english: Facts): string {
  if (!text.includes(FALLBACK_START)) return fillFacts(text, own);
  return text
    .split(FALLBACK_START)
    .map((part, index) => {
      if (index === 0) return fillFacts(part, own);
      const end = part.indexOf(FALLBACK_END);
      return end < 0 ? fillFacts(part, english) : fillFacts(part.slice(0, end), english) + part.slice(end, end + 1) + fillFacts(part.slice(end + 1), own);
    })
    .join(FALLBACK_START);
}

function mapTexts(value: unknown, fill: (text: string) => string): unknown {
  if (typeof value === 'string') return fill(value);
  if (Array.isArray(value)) return value.map((item) => mapTexts(item, fill));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapTexts(item, fill)]));
  return value;
}
