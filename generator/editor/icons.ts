import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ICON_NAMES, type IconName } from '../schema/index.js';
import { Icon } from '../../templates/parts/Icon.js';

let drawn: Map<string, string> | undefined;

/** The site's own drawing of an icon, as SVG markup, so the editor shows the icon a name stands for. */
export function iconSvg(name: string): string | undefined {
  drawn ??= new Map(ICON_NAMES.map((icon) => [icon, renderToStaticMarkup(createElement(Icon, { name: icon as IconName, size: 20 }))]));
  return drawn.get(name);
}
