import type { ReactNode } from 'react';
import { Wave } from './Art.js';

interface PageHeroProps {
  hero: { eyebrow?: string | undefined; title: string; text: string };
  children?: ReactNode;
}

/** The coloured band that opens the inner pages, holding the page's only h1. */
export function PageHero({ hero, children }: PageHeroProps) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container page-hero-inner">
        {hero.eyebrow && <p className="eyebrow">{hero.eyebrow}</p>}
        <h1 id="page-title">{hero.title}</h1>
        <p className="lead">{hero.text}</p>
        {children}
      </div>
      <Wave />
    </section>
  );
}
