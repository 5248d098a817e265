import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ICONS } from '../../templates/icons.js';
import { paletteOf } from '../contract/palette.js';
import type { IconFiles } from '../../templates/types.js';
import { withoutIconLibraryClasses } from './icon-classes.js';
import type { OutputFile } from '../contract/output.js';
import type { IconName, Site } from '../schema/index.js';

/**
 * The drawings of the services' key features, each a file of its own under assets/icons/, that
 * the services page shows as images. Each of the eighteen draws something else, so written into
 * the page they cost about 930 bytes compressed, which would push /services/ out of the first
 * round trip of a new connection; as files they come after the text, are cached for a year
 * (their folder's name carries a hash of them all) and are shared by both languages' pages.
 */
export function featureIconFiles(site: Site): { icons: IconFiles; files: OutputFile[] } {
  const names = [...new Set<IconName>(site.services.flatMap((service) => service.keyFeatures.map((feature) => feature.icon)))];
  // Drawn in the site's primary colour: an image does not take the colour of the text around it.
  const { primary } = paletteOf(site.settings.brand);
  const drawings = names.map((name) => [name, drawing(name, primary)] as const);
  // One hash for the set, in the folder's name: a page names the same folder eighteen times, which
  // compresses to almost nothing, where eighteen hashes of their own cost about 160 bytes.
  const hash = createHash('sha256');
  for (const [name, svg] of drawings) hash.update(`${name}\0${svg}\0`);
  const folder = `assets/icons/${hash.digest('hex').slice(0, 10)}`;
  const paths = new Map(drawings.map(([name]) => [name, `/${folder}/${name}.svg`]));
  const files = drawings.map(([name, svg]) => ({ path: `${folder}/${name}.svg`, contents: svg }));
  return { icons: { get: (name) => paths.get(name) }, files };
}

/** Drawings already made in this process, by icon and colour: a rebuild draws only what is new. */
const drawn = new Map<string, string>();

function drawing(name: IconName, colour: string): string {
  const key = `${name}\0${colour}`;
  let svg = drawn.get(key);
  if (svg === undefined) {
    svg = withoutIconLibraryClasses(renderToStaticMarkup(createElement(ICONS[name], { size: 24, color: colour })));
    // A long editing session tries many colours: a few hundred drawings are plenty to keep.
    if (drawn.size >= 500) drawn.clear();
    drawn.set(key, svg);
  }
  return svg;
}
