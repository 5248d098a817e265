import type { SocialNetwork } from '../../generator/schema/site.js';

/**
 * Simple line drawings of each network's mark, in the weight of the site's other icons
 * (24 px grid, 2 px stroke); the link around one carries the network's name.
 */
const DRAWINGS: Record<SocialNetwork, string[]> = {
  facebook: ['M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20', 'M15 7h-1.5A2.5 2.5 0 0 0 11 9.5V22', 'M8 13h7'],
  instagram: ['M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5', 'M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8', 'M17.5 6.5h.01'],
  youtube: ['M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2', 'M10 9l5 3l-5 3z'],
  linkedin: ['M4 2h16a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2', 'M7 10v7', 'M7 7h.01', 'M11 17v-7', 'M11 13a3 3 0 0 1 6 0v4'],
  x: ['M4 4l16 16', 'M20 4L4 20'],
};

export function SocialIcon({ network, size = 22 }: { network: SocialNetwork; size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {DRAWINGS[network].map((d) => (
        <path d={d} key={d} />
      ))}
    </svg>
  );
}
