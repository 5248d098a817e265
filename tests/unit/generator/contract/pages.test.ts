import { describe, expect, it } from 'vitest';
import { build } from '../../../../generator/build.js';
import { ENGLISH, TRANSLATIONS } from '../../../../generator/contract/languages.js';
import { PAGES, ROUTES, fileIn, openedAt, pageOf } from '../../../../generator/contract/pages.js';
import { SAMPLE_CONTENT } from '../../../helpers/content.js';

describe('the page list', () => {
  it('is what a build writes: every page in every language, the 404 pages included, and no other page', async () => {
    const { files } = await build({ contentDir: SAMPLE_CONTENT, now: new Date('2025-01-01T00:00:00Z') });
    // The WhatsApp popup's HTML under assets/ is a part of every page, not a page.
    const pages = files.filter((file) => file.path.endsWith('.html') && !file.path.startsWith('assets/')).map((file) => file.path);
    const listed = [ENGLISH, ...TRANSLATIONS].flatMap((language) => PAGES.map((page) => fileIn(page, language)));
    expect(pages.sort()).toEqual(listed.sort());
  });

  it('names each page once, by id and by route', () => {
    expect(new Set(PAGES.map((page) => page.id)).size).toBe(PAGES.length);
    expect(new Set(PAGES.map((page) => page.path)).size).toBe(PAGES.length);
  });

  it('gives links every page with an address of its own, and not the not-found page', () => {
    expect(ROUTES).toEqual(PAGES.filter((page) => page.addressed).map((page) => page.path));
    expect(ROUTES).not.toContain(pageOf('notFound').path);
  });

  it('opens a page at its address in a language, and the not-found page at its file', () => {
    expect(openedAt(pageOf('about'), ENGLISH)).toBe('/about/');
    expect(openedAt(pageOf('privacy'), TRANSLATIONS[0])).toBe('/ml/privacy/');
    expect(openedAt(pageOf('notFound'), TRANSLATIONS[0])).toBe('/ml/404.html');
    expect(fileIn(pageOf('home'), TRANSLATIONS[0])).toBe('ml/index.html');
  });
});
