import type { Site } from '../../generator/schema/index.js';
import { HeroArt } from '../parts/Art.js';
import { SectionHeading } from '../parts/SectionHeading.js';
import { LinkLabel } from '../parts/Text.js';

export function NotFoundPage({ site }: { site: Site }) {
  const page = site.pages.notFound;
  return (
    <section className="section not-found" aria-labelledby="page-title">
      <div className="container not-found-inner">
        <HeroArt />
        <SectionHeading heading={page.heading} id="page-title" level={1}>
          <p className="button-row not-found-links">
            <a className="button button-accent button-large" href={page.home.href}>
              <LinkLabel link={page.home} />
            </a>
            {page.more?.map((link) => (
              <a className="button button-outline button-large" href={link.href} key={link.href}>
                <LinkLabel link={link} />
              </a>
            ))}
          </p>
        </SectionHeading>
      </div>
    </section>
  );
}
