import type { Language } from '../contract/languages.js';
import type { LoadedFile } from '../load/load.js';
import type { Facts } from '../schema/facts.js';
import { CONTENT_FILES } from '../schema/index.js';
import { pairerOf } from './pairs.js';
import { outdatedTexts, translatedTexts, type SourceRecord } from './sources.js';

/** Where a translation gives its own words for a fact: the main office's city (schema/facts.ts). */
const OWN_FACT = 'contact.cityName';

/**
 * The facts a translation's texts are filled with: its own (the city in its own words) only while
 * that translates the English city as it is now. When the English city changed since, or the
 * English names no city for it to translate, every text names the English city: a Malayalam page
 * must not go on naming the city the company left.
 */
export function ownFacts(
  files: readonly LoadedFile[],
  language: Language,
  record: SourceRecord | undefined,
  facts: { english: Facts; own: Facts },
): Facts {
  const english = files.find((file) => file.name === 'site.yaml' && !file.language);
  const translation = files.find((file) => file.name === 'site.yaml' && file.language === language);
  if (english?.data === undefined || translation?.data === undefined) return facts.english;
  const recorded = record?.get('site.yaml');
  const city = translatedTexts(CONTENT_FILES['site.yaml'], english.data, translation.data, pairerOf(recorded)).filter(
    (text) => text.key === OWN_FACT,
  );
  return city.length === 1 && outdatedTexts(city, recorded).length === 0 ? facts.own : facts.english;
}
