import type { IconName } from '../../generator/schema/index.js';
import { IconBadge } from './Icon.js';

interface IconCardItem {
  icon: IconName;
  title: string;
  desc: string;
}

/** A grid of icon cards; each title is a heading one level below the section's. */
export function IconCardGrid({ items, columns = 3 }: { items: readonly IconCardItem[]; columns?: 3 | 4 }) {
  return (
    <ul className={`card-grid cols-${columns}`} role="list">
      {items.map((item) => (
        <li className="card icon-card" key={item.title}>
          <IconBadge name={item.icon} />
          <h3>{item.title}</h3>
          <p>{item.desc}</p>
        </li>
      ))}
    </ul>
  );
}

interface Stat {
  id: string;
  value: string;
  label: string;
}

/** The marketing figures strip. */
export function StatsStrip({ stats }: { stats: readonly Stat[] }) {
  return (
    <ul className="stats" role="list">
      {stats.map((stat) => (
        <li key={stat.id}>
          <strong className="stat-value">{stat.value}</strong>
          <span className="stat-label">{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** A plain list with a check mark before each entry. */
export function CheckList({ items, className = '' }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`check-list ${className}`.trim()} role="list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
