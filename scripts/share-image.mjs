// Draws the picture shown when a page is shared (WhatsApp, Facebook, X) into static/share.png:
// the logo, the company name and tagline from content, and the home page's hero drawing.
// Run after changing the company name: npm run compile && node scripts/share-image.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { checkContent } from '../lib/generator/build.js';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';
import { HeroArt, LogoMark } from '../lib/templates/parts/Art.js';
import { PALETTE } from '../lib/templates/palette.js';

const { site } = await checkContent('content');
if (!site) throw new Error('The content has problems: run "npx site check" first.');
const { name, tagline } = site.settings.company;

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const art = renderToStaticMarkup(h(HeroArt));
const logo = renderToStaticMarkup(h(LogoMark, { size: 72 }));
const page = `<!doctype html><meta charset="utf-8"><style>
  html, body { margin: 0; width: 1200px; height: 630px; overflow: hidden; }
  body { display: flex; align-items: center; gap: 24px; padding: 0 64px; box-sizing: border-box;
    background: linear-gradient(135deg, ${PALETTE.primaryTint}, #fff); font-family: system-ui, sans-serif; color: ${PALETTE.ink}; }
  .text { flex: 1; } .brand { display: flex; align-items: center; gap: 18px; font-size: 40px; font-weight: 800; color: ${PALETTE.primaryDark}; }
  p { font-size: 34px; line-height: 1.3; margin: 28px 0 0; }
  .cta { display: inline-block; margin-top: 32px; background: ${PALETTE.accent}; color: #1f1400; font-weight: 700; font-size: 28px; padding: 14px 28px; border-radius: 40px; }
  svg.hero-art { width: 520px; height: auto; }
</style><div class="text"><div class="brand">${logo}${escape(name)}</div><p>${escape(tagline)}</p>
<span class="cta">${escape(site.pages.home.hero.primary.label)}</span></div>${art}`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'share-image-'));
try {
  const html = path.join(dir, 'share.html');
  writeFileSync(html, page);
  execFileSync(chromiumPath(), [
    '--headless', ...CHROMIUM_FLAGS, '--hide-scrollbars', `--user-data-dir=${path.join(dir, 'profile')}`,
    '--window-size=1200,630', `--screenshot=${path.resolve('static/share.png')}`, `file://${html}`,
  ], { stdio: 'ignore' });
  console.log('Wrote static/share.png (1200×630)');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
