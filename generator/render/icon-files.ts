import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ICONS } from '../../templates/icons.js';
import { FOOTER_ICONS } from '../../templates/parts/Footer.js';
import { SocialIcon } from '../../templates/parts/SocialIcon.js';
import { paletteOf } from '../contract/palette.js';
import type { IconFiles, IconTone } from '../../templates/types.js';
import { withoutIconLibraryClasses } from './icon-classes.js';
import type { OutputFile } from '../contract/output.js';
import type { Session } from '../contract/session.js';
import type { IconName, Site } from '../schema/index.js';
import type { SocialNetwork } from '../schema/site.js';

/**
 * Drawings the pages show as images, each a file of its own under assets/icons/: the services'
 * key features (eighteen different drawings, about 930 bytes compressed written into the page) and
 * the footer's (the contact lines' and the social networks' marks, about 300 bytes on every page).
 * Written into the page they would push the longer pages out of the first round trip of a new
 * connection; as files they come after the text, when the visitor nears them, are cached for a
 * year (their folder's name carries a hash of them all) and are shared by every page.
 */
export function iconFiles(site: Site, session?: Session): { icons: IconFiles; files: OutputFile[] } {
  const palette = paletteOf(site.settings.brand);
  const drawn = session?.memory('render/icons', (): Drawings => new Map()) ?? new Map();
  const features = new Set<IconName>(site.services.flatMap((service) => service.keyFeatures.map((feature) => feature.icon)));
  const wanted: Array<{ key: string; svg: string }> = [
    ...[...features].map((name) => ({ key: iconKey(name, 'primary'), svg: drawing(name, palette.primary, drawn) })),
    ...FOOTER_ICONS.map((name) => ({ key: iconKey(name, 'accentLight'), svg: drawing(name, palette.accentLight, drawn) })),
    ...site.settings.social
      .filter((entry) => entry.url)
      .map(({ network }) => ({ key: socialKey(network), svg: socialDrawing(network, palette.white, drawn) })),
  ];
  // One hash for the set, in the folder's name: a page names the same folder many times, which
  // compresses to almost nothing, where a hash for each file would cost about 10 bytes a drawing.
  const hash = createHash('sha256');
  for (const { key, svg } of wanted) hash.update(`${key}\0${svg}\0`);
  const folder = `assets/icons/${hash.digest('hex').slice(0, 10)}`;
  const paths = new Map(wanted.map(({ key }) => [key, `/${folder}/${key}.svg`]));
  const files = wanted.map(({ key, svg }) => ({ path: `${folder}/${key}.svg`, contents: svg }));
  return {
    icons: { get: (name, tone = 'primary') => paths.get(iconKey(name, tone)), social: (network) => paths.get(socialKey(network)) },
    files,
  };
}

/** A file's name: the primary colour's drawings keep the icon's own name, as they always had. */
function iconKey(name: IconName, tone: IconTone): string {
  return tone === 'primary' ? name : `${name}-light`;
}

function socialKey(network: SocialNetwork): string {
  return `social-${network}`;
}

/** Drawings already made, by drawing and colour, while a session lasts: a rebuild in `site dev` draws only what is new. */
type Drawings = Map<string, string>;

function remembered(key: string, drawn: Drawings, draw: () => string): string {
  let svg = drawn.get(key);
  if (svg === undefined) {
    svg = draw();
    // A long editing session tries many colours: a few hundred drawings are plenty to keep.
    if (drawn.size >= 500) drawn.clear();
    drawn.set(key, svg);
  }
  return svg;
}

function drawing(name: IconName, colour: string, drawn: Drawings): string {
  return remembered(`${name}\0${colour}`, drawn, () =>
    withoutIconLibraryClasses(renderToStaticMarkup(createElement(ICONS[name], { size: 24, color: colour }))),
  );
}

/** A social mark as a file of its own, which (unlike the same drawing in a page) must name SVG's namespace. */
function socialDrawing(network: SocialNetwork, colour: string, drawn: Drawings): string {
  return remembered(`social\0${network}\0${colour}`, drawn, () =>
    renderToStaticMarkup(createElement(SocialIcon, { network, color: colour })).replace(
      /^<svg /,
      '<svg xmlns="http://www.w3.org/2000/svg" ',
    ),
  );
}
