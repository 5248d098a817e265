/**
 * Every page, in both languages and at a phone's and a desktop's width: it loads without an error,
 * nothing scrolls sideways, and a Malayalam page is drawn in its own font. Each leaves a picture
 * in the shots folder.
 */
import path from 'node:path';
import { waitUntil } from '../engine.js';
import { DESKTOP, PHONE, expectNoErrors, type Check } from './check.js';

const ENGLISH_PAGES = [
  { path: '/', name: 'home' },
  { path: '/about/', name: 'about' },
  { path: '/services/', name: 'services' },
  { path: '/contact/', name: 'contact' },
  { path: '/privacy/', name: 'privacy' },
  { path: '/no-such-page-here', name: '404' },
];

/** Every page, then each again in Malayalam under /ml/. */
const PAGES = [
  ...ENGLISH_PAGES,
  ...ENGLISH_PAGES.map((page) =>
    // Hosts serve a folder's own 404.html for a missing address under it; the preview serves the root one.
    page.name === '404' ? { path: '/ml/404.html', name: 'ml-404' } : { path: `/ml${page.path}`, name: `ml-${page.name}` },
  ),
];

/**
 * Resolves when the fonts are in and the page shows its final look: the entrance animations are
 * skipped to their end (their end state is what is checked, and waiting them out is only time).
 */
const SETTLED = `await document.fonts.ready;
  for (const animation of document.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return true;`;

/** What spills past the right edge: the widest element's description, or null. */
const SIDEWAYS = `const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return null;
  const wide = [...document.body.querySelectorAll('*')].find((element) => element.getBoundingClientRect().right > width + 0.5);
  return (wide ? wide.outerHTML.slice(0, 120) : 'something') + ' reaches past ' + width + ' px';`;

/**
 * On a Malayalam page: the font the main heading asks for, and whether its text is as wide in
 * that list as in the system's Noto Sans Malayalam alone (the test machines have it; the site's
 * copy is the next in the list, for a system without it).
 */
const MALAYALAM_FONT = `const heading = document.querySelector('h1');
  const style = getComputedStyle(heading);
  const context = document.createElement('canvas').getContext('2d');
  const width = (family) => {
    context.font = style.fontWeight + ' 32px ' + family;
    return context.measureText(heading.textContent).width;
  };
  return { heading: style.fontFamily, same: Math.abs(width(style.fontFamily) - width('"Noto Sans Malayalam", monospace')) < 0.5 };`;

export const pageChecks: Check[] = [PHONE, DESKTOP].flatMap((viewport) =>
  PAGES.map(
    (page): Check => ({
      name: `${page.path} at ${viewport.width} px loads without an error, with nothing scrolling sideways${page.name.startsWith('ml') ? ', in the Malayalam font' : ''}`,
      async run({ engine, baseURL, shots }) {
        await engine.resize(viewport.width, viewport.height);
        await engine.open(`${baseURL}${page.path}`);
        await waitUntil(engine, SETTLED, 'the fonts and entrance animations to finish');
        const sideways = await engine.evaluate<string | null>(SIDEWAYS);
        if (sideways) throw new Error(`${engine.name}, ${page.path} at ${viewport.width} px scrolls sideways: ${sideways}`);
        if (page.name.startsWith('ml')) {
          const font = await engine.evaluate<{ heading: string; same: boolean }>(MALAYALAM_FONT);
          if (!/^"?Noto Sans Malayalam"?,/.test(font.heading) || !font.same) {
            throw new Error(
              `${engine.name}, ${page.path}: not drawn in the Malayalam font (the heading asks for ${font.heading}; ${font.same ? '' : 'its text measures differently from Noto Sans Malayalam'}).`,
            );
          }
        }
        await engine.screenshot(path.join(shots, `${page.name}-${viewport.width}.png`));
        // Chromium logs the 404 page's own status as an error.
        const itsOwnStatus = page.name === '404' ? new RegExp(`status of 404 .*\\(${baseURL}${page.path}\\)$`) : undefined;
        await expectNoErrors(engine, `${page.path} at ${viewport.width} px`, itsOwnStatus);
      },
    }),
  ),
);

/**
 * A footer link's name wraps as text: each of its lines starts at the link's left edge. Firefox
 * made the pieces of a name cut by <wbr> ("Office/" and "Commercial Moving") separate boxes side
 * by side, the second one wrapped in a column of its own.
 */
const CUT_FOOTER_LINKS = `await document.fonts.ready;
  const cut = [];
  for (const link of document.querySelectorAll('footer ul a')) {
    const range = document.createRange();
    range.selectNodeContents(link);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
    const left = Math.min(...rects.map((rect) => rect.left));
    const lines = new Map();
    for (const rect of rects) {
      const line = Math.round(rect.top);
      lines.set(line, Math.min(lines.get(line) ?? Infinity, rect.left));
    }
    if ([...lines.values()].some((start) => start > left + 1)) cut.push(link.textContent.trim());
  }
  return cut;`;

export const footerChecks: Check[] = [PHONE, DESKTOP].flatMap((viewport) =>
  ['/', '/ml/'].map(
    (path): Check => ({
      name: `${path} at ${viewport.width} px: every footer link's name wraps as one text`,
      async run({ engine, baseURL }) {
        await engine.resize(viewport.width, viewport.height);
        await engine.open(`${baseURL}${path}`);
        const cut = await engine.evaluate<string[]>(CUT_FOOTER_LINKS);
        if (cut.length > 0)
          throw new Error(`${engine.name}, ${path} at ${viewport.width} px: footer links cut in pieces: ${cut.join(', ')}`);
        await expectNoErrors(engine, path);
      },
    }),
  ),
);
