import type { Office } from '../../generator/schema/index.js';
import { NEW_TAB } from '../links.js';
import { usePalette } from '../palette.js';
import { Icon } from './Icon.js';

/**
 * A street map in the site's colours: backwaters, roads, blocks and a pin. Decorative. It slices
 * to fill whatever box the map takes (4:3 on a phone, 16:7 wider), so nothing is letterboxed.
 */
function MapDrawing() {
  const C = usePalette();
  return (
    <svg className="map-drawing" viewBox="0 0 1200 525" width="1200" height="525" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <rect width="1200" height="525" fill={C.primaryTint} />
      <path d="M0 380q160-40 300 10t300 0 300-30 300 20v145H0z" fill={C.water} />
      <path d="M0 430q170-30 320 12t300 0 290-22 290 18v87H0z" fill={C.waterDeep} opacity=".35" />
      <g fill={C.white} opacity=".7">
        <rect x="80" y="40" width="150" height="80" rx="10" />
        <rect x="290" y="30" width="180" height="90" rx="10" />
        <rect x="740" y="35" width="170" height="85" rx="10" />
        <rect x="960" y="50" width="170" height="70" rx="10" />
        <rect x="100" y="190" width="120" height="100" rx="10" />
        <rect x="330" y="195" width="200" height="90" rx="10" />
        <rect x="820" y="190" width="220" height="100" rx="10" />
      </g>
      <g fill="none" stroke={C.white} strokeLinecap="round">
        <path d="M-20 150h1240" strokeWidth="22" />
        <path d="M600-20v380" strokeWidth="22" />
        <path d="M250 -20q60 200 -10 400M980 -20q-80 180 40 380" strokeWidth="12" />
      </g>
      <g transform="translate(600 150)">
        <ellipse cy="6" rx="22" ry="7" fill={C.primaryDark} opacity=".25" />
        <path d="M0 0c-14-22-34-38-34-60a34 34 0 0 1 68 0c0 22-20 38-34 60z" fill={C.accent} />
        <circle cy="-60" r="13" fill={C.white} />
      </g>
    </svg>
  );
}

/**
 * Where an office's map goes on the contact page, costing nothing until asked: the office address
 * on a drawing, and "Show the map", which the client (client/map.ts) turns into a button that puts
 * the embed in this same box. Without JavaScript it is a link that opens the map. `frameTitle`
 * names the frame for screen readers, and `named` (an office's card, which shows the address
 * above) adds the office's name to the button's, so each office's map has names of its own.
 */
/**
 * What the map's frame may do once shown: its own scripts and storage, and "View larger map" in a
 * new tab. No forms, no taking over this page. Carried by the page so the client stays small.
 */
const MAP_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox';

export function MapPreview({
  office,
  show,
  frameTitle,
  named = false,
}: {
  office: Office;
  show: string;
  frameTitle: string;
  named?: boolean;
}) {
  // An office card gives the address above its map (`named`); the map alone carries it on the drawing.
  const { address } = office;
  return (
    <div className="map-frame" data-map data-map-src={office.mapEmbedUrl} data-map-title={frameTitle} data-map-sandbox={MAP_SANDBOX}>
      <MapDrawing />
      <div className="map-card">
        {!named && (
          <p className="map-address">
            <Icon name="map-pin" size={20} />
            <span>
              {[address.street, address.locality, address.city, `${address.region} ${address.postalCode}`].filter(Boolean).join(', ')}
            </span>
          </p>
        )}
        <a className="button button-outline" href={office.directionsUrl} {...NEW_TAB} data-map-show>
          <Icon name="map" size={20} />
          {show}
          {named && <span className="visually-hidden"> ({office.name})</span>}
        </a>
      </div>
    </div>
  );
}
