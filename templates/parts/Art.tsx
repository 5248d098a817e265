import { useBrand, usePalette } from '../palette.js';

/**
 * The logo: the content's picture, or the drawn mark (a roof over a packed box). Decorative; the
 * company name beside it is the link's name.
 */
export function LogoMark({ size = 36 }: { size?: number }) {
  const { palette: C, logo } = useBrand();
  if (logo) {
    const width = Math.round(size * logo.aspect);
    return <img className="logo-mark" src={logo.src} width={width} height={size} alt="" />;
  }
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill={C.primary} />
      <path d="M6 15 16 7l10 8" fill="none" stroke={C.accent} strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10 15h12v10H10z" fill={C.white} />
      <path d="M10 19h12M16 15v4" stroke={C.primary} strokeWidth="1.6" />
    </svg>
  );
}

/** A coconut palm, drawn at the origin (trunk foot at 0,0) and placed with a transform. */
function Palm({ at, flip = false }: { at: string; flip?: boolean }) {
  const C = usePalette();
  return (
    <g transform={`${at}${flip ? ' scale(-1 1)' : ''}`}>
      <path d="M0 0q-4-58 16-112" fill="none" stroke={C.trunk} strokeWidth="7" strokeLinecap="round" />
      <g fill={C.leaf}>
        <path d="M16-112q-34-16-62 8 32-10 62-8z" />
        <path d="M16-112q-20-34-54-30 32 6 54 30z" />
        <path d="M16-112q10-38 46-36-30 10-46 36z" />
      </g>
      <g fill={C.leafLight}>
        <path d="M16-112q36-14 60 14-30-14-60-14z" />
        <path d="M16-112q-6 30-34 44 22-22 34-44z" />
        <path d="M16-112q22 20 22 50-8-28-22-50z" />
      </g>
    </g>
  );
}

/** The home hero picture: a loaded truck by the backwaters, with palms and boxes. Decorative. */
export function HeroArt() {
  const C = usePalette();
  return (
    <svg className="hero-art" viewBox="0 0 480 360" width="480" height="360" aria-hidden="true">
      <circle cx="250" cy="180" r="170" fill={C.primaryTint} />
      <circle cx="362" cy="88" r="34" fill={C.accentLight} />
      <rect x="44" y="226" width="396" height="56" rx="28" fill={C.water} />
      <path d="M78 248q30-8 60 0t60 0m60 0q30-8 60 0t60 0" fill="none" stroke={C.white} strokeWidth="3" strokeLinecap="round" />
      <ellipse cx="242" cy="288" rx="222" ry="20" fill={C.sand} />
      <Palm at="translate(86 284)" />
      <Palm at="translate(432 282) scale(.8)" flip />
      <g>
        <rect x="120" y="236" width="46" height="44" rx="3" fill={C.box} />
        <path d="M143 236v16M120 250h46" stroke={C.boxDark} strokeWidth="3" />
        <rect x="128" y="198" width="34" height="38" rx="3" fill={C.box} />
        <path d="M145 198v12" stroke={C.boxDark} strokeWidth="3" />
      </g>
      <g>
        <rect x="176" y="178" width="160" height="100" rx="10" fill={C.primary} />
        <rect x="176" y="246" width="160" height="9" fill={C.accent} />
        <path d="M336 206h44l26 34v38h-70z" fill={C.primaryDark} />
        <path d="M346 216h30l18 24h-48z" fill={C.primaryTint} />
        <path d="M236 216l20-15 20 15" fill="none" stroke={C.accent} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="242" y="216" width="28" height="20" fill={C.white} />
        <circle cx="218" cy="282" r="17" fill={C.ink} />
        <circle cx="218" cy="282" r="6" fill={C.wheelHub} />
        <circle cx="372" cy="282" r="17" fill={C.ink} />
        <circle cx="372" cy="282" r="6" fill={C.wheelHub} />
      </g>
    </svg>
  );
}

/** A soft wave that closes a coloured band; it takes the colour of the section below. */
export function Wave() {
  return (
    <svg className="wave" viewBox="0 0 1440 48" width="1440" height="48" preserveAspectRatio="none" aria-hidden="true">
      <path d="M0 24q180-24 360 0t360 0 360 0 360 0v24H0z" fill="currentColor" />
    </svg>
  );
}

/** Five stars drawn as one image, read out as `label`. */
/** A rating as `outOf` stars, `count` of them filled; `label` is what screen readers hear instead. */
export function Stars({ label, count, outOf = 5 }: { label: string; count: number; outOf?: number }) {
  const C = usePalette();
  const star = 'M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z';
  return (
    <svg className="stars" viewBox={`0 0 ${outOf * 24} 24`} width={outOf * 20} height="20" role="img" aria-label={label}>
      {Array.from({ length: outOf }, (_, i) =>
        i < count ? (
          <path key={i} transform={`translate(${i * 24})`} d={star} fill={C.star} />
        ) : (
          <path key={i} transform={`translate(${i * 24})`} d={star} fill="none" stroke={C.star} strokeWidth="1.5" strokeLinejoin="round" />
        ),
      )}
    </svg>
  );
}
