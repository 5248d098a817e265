import type { HeadingContent } from './SectionHeading.js';
import { Section } from './SectionHeading.js';
import { NEW_TAB } from '../links.js';
import { Icon } from './Icon.js';

/**
 * The "licensed and insured" line a visitor looks for before trusting a mover with a deposit.
 * Centred in a banner it goes without its icon: a slow phone that painted the icon alone in the
 * middle would move it aside when the words arrived.
 */
export function Assurance({ text, icon = true }: { text: string; icon?: boolean }) {
  return (
    <p className="assurance">
      {icon && <Icon name="shield-check" size={20} />}
      <span>{text}</span>
    </p>
  );
}

/** Where a review was posted, linked when the content gives its address. */
export function ReviewSource({ source, label }: { source: { name: string; url?: string | undefined }; label?: string | undefined }) {
  return (
    <span className="review-source">
      {label && `${label} `}
      {source.url ? (
        <a href={source.url} {...NEW_TAB}>
          {source.name}
        </a>
      ) : (
        source.name
      )}
    </span>
  );
}

/** Registration, insurance, payment, cancellation and claims: each a term and what it means. */
export function BusinessFacts({
  heading,
  facts,
}: {
  heading: HeadingContent;
  facts: readonly { id: string; title: string; text: string }[];
}) {
  return (
    <Section id="business" heading={heading} tone="tint">
      <dl className="facts">
        {facts.map((fact) => (
          <div className="card fact" key={fact.id}>
            <dt>{fact.title}</dt>
            <dd>{fact.text}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
