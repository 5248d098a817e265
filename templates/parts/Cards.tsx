import type { IconName } from '../../generator/schema/index.js';
import { NEW_TAB } from '../links.js';
import { IconBadge } from './Icon.js';

interface IconCardItem {
  icon: IconName;
  title: string;
  desc: string;
  /** Makes the title a link. */
  href?: string;
  /** A line under the text, e.g. the service's starting price. */
  note?: string;
}

/**
 * Columns for a grid whose number of cards the content decides: three or four, whichever leaves
 * the last row fullest (three on a tie), so 7 cards sit 4 + 3 and 8 sit 4 + 4. `gridClass` centres
 * a last row that is not full.
 */
export function columnsFor(count: number): 3 | 4 {
  const empty = (columns: number) => (columns - (count % columns)) % columns;
  return empty(4) < empty(3) ? 4 : 3;
}

export function gridClass(count: number): string {
  return `card-grid is-centered cols-${columnsFor(count)}`;
}

/** A grid of icon cards; each title is a heading one level below the section's. */
export function IconCardGrid({ items, columns = 3 }: { items: readonly IconCardItem[]; columns?: 3 | 4 | 'auto' }) {
  return (
    <ul className={columns === 'auto' ? gridClass(items.length) : `card-grid cols-${columns}`} role="list">
      {items.map((item) => (
        <li className="card icon-card" key={item.title}>
          <IconBadge name={item.icon} />
          <h3>{item.href ? <a href={item.href}>{item.title}</a> : item.title}</h3>
          <p>{item.desc}</p>
          {item.note && <p className="card-note">{item.note}</p>}
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

/** The marketing figures strip, with the link to where the ratings and reviews can be read when the content gives one. */
export function StatsStrip({ stats, reviews }: { stats: readonly Stat[]; reviews?: { url: string; label: string } | undefined }) {
  return (
    <>
      <ul className="stats" role="list">
        {stats.map((stat) => (
          <li key={stat.id}>
            <strong className="stat-value">{stat.value}</strong>
            <span className="stat-label">{stat.label}</span>
          </li>
        ))}
      </ul>
      {reviews && (
        <p className="stats-source">
          <a className="text-link" href={reviews.url} {...NEW_TAB}>
            {reviews.label}
          </a>
        </p>
      )}
    </>
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
