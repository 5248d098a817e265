import type { ReactNode } from 'react';

export interface HeadingContent {
  eyebrow?: string | undefined;
  title: string;
  intro?: string | undefined;
}

interface SectionHeadingProps {
  heading: HeadingContent;
  /** The id the section's `aria-labelledby` points at. */
  id?: string;
  level?: 1 | 2;
  centered?: boolean;
  children?: ReactNode;
}

/** Eyebrow, title and intro at the top of a section. */
export function SectionHeading({ heading, id, level = 2, centered = true, children }: SectionHeadingProps) {
  const Title = level === 1 ? 'h1' : 'h2';
  return (
    <div className={centered ? 'section-head is-centered' : 'section-head'}>
      {heading.eyebrow && <p className="eyebrow">{heading.eyebrow}</p>}
      <Title id={id}>{heading.title}</Title>
      {heading.intro && <p className="lead">{heading.intro}</p>}
      {children}
    </div>
  );
}

interface SectionProps {
  id: string;
  heading: HeadingContent;
  tone?: 'plain' | 'tint' | 'warm';
  children: ReactNode;
}

/** A page section named by its heading. */
export function Section({ id, heading, tone = 'plain', children }: SectionProps) {
  const titleId = `${id}-title`;
  return (
    <section className={`section tone-${tone}`} id={id} aria-labelledby={titleId}>
      <div className="container">
        <SectionHeading heading={heading} id={titleId} />
        {children}
      </div>
    </section>
  );
}
