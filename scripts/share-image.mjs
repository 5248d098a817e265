// Draws the picture shown when a page is shared (WhatsApp, Facebook, X), one per language:
// static/share.png for the English pages, static/share-<folder>.png for each translation (the
// Malayalam pages share static/share-ml.png). Each carries the logo, the company name, the
// tagline and the quote button's words in its language, and the home page's hero drawing.
// Run after changing the company name or tagline: npm run compile && node scripts/share-image.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { checkContent } from '../lib/generator/build.js';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';
import { HeroArt, LogoMark } from '../lib/templates/parts/Art.js';
import { PALETTE } from '../lib/templates/palette.js';
import { shareCardPath } from '../lib/templates/share-card.js';
import { ENGLISH } from '../lib/generator/contract/languages.js';

const { site } = await checkContent('content');
if (!site) throw new Error('The content has problems: run "npx site check" first.');

// The Malayalam card is drawn in the font the Malayalam pages use, so it does not depend on the fonts of this computer.
const require = createRequire(import.meta.url);
const fontFile = (weight) => pathToFileURL(require.resolve(`@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-${weight}-normal.woff2`)).href;
const malayalamFont = [400, 700]
  .map((weight) => `@font-face { font-family: "Noto Sans Malayalam"; font-weight: ${weight}; src: url(${fontFile(weight)}) format("woff2"); }`)
  .join('\n');

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const art = renderToStaticMarkup(h(HeroArt));
const logo = renderToStaticMarkup(h(LogoMark, { size: 72 }));

function card(edition, language) {
  const { name, tagline } = edition.settings.company;
  return `<!doctype html><html lang="${language.htmlLang}"><meta charset="utf-8"><style>
  ${malayalamFont}
  html, body { margin: 0; width: 1200px; height: 630px; overflow: hidden; }
  body { display: flex; align-items: center; gap: 24px; padding: 0 64px; box-sizing: border-box;
    background: linear-gradient(135deg, ${PALETTE.primaryTint}, #fff); font-family: "Noto Sans Malayalam", system-ui, sans-serif; color: ${PALETTE.ink}; }
  .text { flex: 1; } .brand { display: flex; align-items: center; gap: 18px; font-size: 40px; font-weight: 800; color: ${PALETTE.primaryDark}; }
  p { font-size: ${language.folder ? 30 : 34}px; line-height: 1.4; margin: 28px 0 0; }
  .cta { display: inline-block; margin-top: 32px; background: ${PALETTE.accent}; color: #1f1400; font-weight: 700; font-size: 28px; padding: 14px 28px; border-radius: 40px; }
  svg.hero-art { width: 520px; height: auto; }
</style><div class="text"><div class="brand" lang="en">${logo}${escape(name)}</div><p>${escape(tagline)}</p>
<span class="cta">${escape(edition.pages.home.hero.primary.label)}</span></div>${art}</html>`;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'share-image-'));
try {
  const editions = [{ language: ENGLISH, site }, ...(site.translations ?? [])];
  for (const { language, site: edition } of editions) {
    const html = path.join(dir, `share-${language.code}.html`);
    const out = path.resolve('static', shareCardPath(language).slice(1));
    writeFileSync(html, card(edition, language));
    execFileSync(chromiumPath(), [
      '--headless', ...CHROMIUM_FLAGS, '--hide-scrollbars', `--user-data-dir=${path.join(dir, 'profile')}`,
      // Virtual time runs on until nothing is pending, so both font files are in before the shot.
      '--window-size=1200,630', '--virtual-time-budget=10000', `--screenshot=${out}`, `file://${html}`,
    ], { stdio: 'ignore' });
    console.log(`Wrote ${path.relative(process.cwd(), out)} (1200×630, ${language.englishName})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
