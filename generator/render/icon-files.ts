import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ICONS } from '../../templates/icons.js';
import { PALETTE } from '../../templates/palette.js';
import type { IconFiles } from '../../templates/types.js';
import { withoutIconLibraryClasses } from './icon-classes.js';
import type { OutputFile } from '../contract/output.js';
import type { IconName, Site } from '../schema/index.js';

/**
 * The drawings of the services' key features, each a file of its own under assets/icons/, that
 * the services page shows as images. Each of the eighteen draws something else, so written into
 * the page they cost about 930 bytes compressed, which would push /services/ out of the first
 * round trip of a new connection; as files they come after the text, are cached for a year
 * (their names carry a hash of their contents) and are shared by both languages' pages.
 */
export function featureIconFiles(site: Site): { icons: IconFiles; files: OutputFile[] } {
  const names = new Set<IconName>(site.services.flatMap((service) => service.keyFeatures.map((feature) => feature.icon)));
  const paths = new Map<IconName, string>();
  const files: OutputFile[] = [];
  for (const name of names) {
    // Drawn in the site's primary colour: an image does not take the colour of the text around it.
    const svg = withoutIconLibraryClasses(renderToStaticMarkup(createElement(ICONS[name], { size: 24, color: PALETTE.primary })));
    const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
    const path = `assets/icons/${name}.${hash}.svg`;
    paths.set(name, `/${path}`);
    files.push({ path, contents: svg });
  }
  return { icons: { get: (name) => paths.get(name) }, files };
}
