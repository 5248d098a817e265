import type { SocialNetwork } from '../../generator/schema/site.js';

/**
 * Simple line drawings of each network's mark, on the 24 px grid and 2 px stroke of the site's other
 * icons; the link around one carries the network's name.
 */
const DRAWINGS: Record<SocialNetwork, string> = {
  facebook: 'M22 12a10 10 0 1 1-20 0a10 10 0 0 1 20 0M15 7h-1.5A2.5 2.5 0 0 0 11 9.5V22M8 13h7',
  instagram: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5M16 12a4 4 0 1 1-8 0a4 4 0 0 1 8 0M17.5 6.5h0',
  youtube: 'M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2M10 9l5 3-5 3z',
  linkedin: 'M4 2h16a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2M7 10v7M7 7h0M11 17v-7M11 13a3 3 0 0 1 6 0v4',
  x: 'M4 4l16 16M20 4 4 20',
};

/** `color`: the stroke's colour, for a file of its own; in a page the mark takes its link's colour. */
export function SocialIcon({ network, color = 'currentColor' }: { network: SocialNetwork; color?: string }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke={color}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={DRAWINGS[network]} />
    </svg>
  );
}
