import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import type { IconName } from '../../generator/schema/index.js';
import { ICONS } from '../icons.js';

/** Icons the layout itself draws (not named by content). */
export const UI_ICONS = { menu: Menu, close: X } satisfies Record<string, LucideIcon>;

interface IconProps {
  name: IconName | keyof typeof UI_ICONS;
  size?: number;
  className?: string;
}

/** A decorative icon: hidden from assistive technology, so the control or text beside it must carry the name. */
export function Icon({ name, size = 24, className }: IconProps) {
  const Drawing = name in UI_ICONS ? UI_ICONS[name as keyof typeof UI_ICONS] : ICONS[name as IconName];
  return <Drawing size={size} className={className} aria-hidden="true" />;
}

/** An icon on the tinted round badge that heads cards. */
export function IconBadge({ name }: { name: IconName }) {
  return (
    <span className="icon-badge">
      <Icon name={name} />
    </span>
  );
}

/**
 * A decorative drawing from a file of its own where the build made one (generator/render/icon-files.ts),
 * fetched as it nears the screen; without one, `drawn` is written into the page.
 */
export function IconFile({ src, size, className, drawn }: { src?: string; size: number; className?: string; drawn: ReactNode }) {
  return src ? <img className={className} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" /> : drawn;
}
