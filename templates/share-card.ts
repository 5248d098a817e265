import type { Language } from '../generator/contract/languages.js';

/**
 * The drawn share card of a language's pages (static/, drawn by scripts/share-image.mjs in that
 * language), shown when a link is shared and the content names no photo for it.
 */
export function shareCardPath(language: Pick<Language, 'folder'>): string {
  return language.folder ? `/share-${language.folder}.png` : '/share.png';
}
