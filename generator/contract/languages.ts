/**
 * The languages the site can be published in. English is the source: its files hold every value.
 * A translation lives in a folder of its own beside them (content/ml/) and holds only text; its
 * pages are served under the same folder name (/ml/).
 */

export type LanguageCode = 'en' | 'ml';

export interface Language {
  code: LanguageCode;
  /** The language's English name, for messages to the operator. */
  englishName: string;
  /** `<html lang>`: English is written for India. */
  htmlLang: string;
  /** `hreflang` on links and in the sitemap. */
  hreflang: string;
  /** Open Graph locale. */
  locale: string;
  /** The folder its translation files and its pages live in; empty for English. */
  folder: string;
  /**
   * How a review's month is written: CLDR's month names and order for the language, exactly as
   * Intl.DateTimeFormat prints { month: 'long', year: 'numeric' } (a test holds them to it).
   */
  monthYear: { months: readonly string[]; yearFirst: boolean };
}

export const ENGLISH: Language = {
  code: 'en',
  englishName: 'English',
  htmlLang: 'en-IN',
  hreflang: 'en',
  locale: 'en_IN',
  folder: '',
  monthYear: {
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    yearFirst: false,
  },
};

export const MALAYALAM: Language = {
  code: 'ml',
  englishName: 'Malayalam',
  htmlLang: 'ml',
  hreflang: 'ml',
  locale: 'ml_IN',
  folder: 'ml',
  monthYear: {
    months: ['ജനുവരി', 'ഫെബ്രുവരി', 'മാർച്ച്', 'ഏപ്രിൽ', 'മേയ്', 'ജൂൺ', 'ജൂലൈ', 'ഓഗസ്റ്റ്', 'സെപ്റ്റംബർ', 'ഒക്‌ടോബർ', 'നവംബർ', 'ഡിസംബർ'],
    yearFirst: true,
  },
};

/** Every translation the generator knows; content publishes one when its folder exists. */
export const TRANSLATIONS: readonly Language[] = [MALAYALAM];
