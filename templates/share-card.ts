import type { Language } from '../generator/contract/languages.js';

/**
 * The share picture of a language's pages, drawn by the build from the content in that language
 * (generator/render/brand-pictures.ts), shown when a link is shared and the content names no photo.
 */
export function shareCardPath(language: Pick<Language, 'folder'>): string {
  return language.folder ? `/share-${language.folder}.png` : '/share.png';
}
