import type { Photos } from '../../generator/contract/photo.js';
import { initialsOf } from '../../generator/contract/initials.js';
import type { Site } from '../../generator/schema/index.js';
import type { Language } from '../../generator/contract/languages.js';
import { HeroArt, Stars } from '../parts/Art.js';
import { formatMonthYear, formatRupees, ratingText } from '../format.js';
import { CheckList, IconCardGrid, StatsStrip } from '../parts/Cards.js';
import { homeCards, lowestPrice } from '../service-list.js';
import { pageAddress } from '../../generator/contract/routes.js';
import { Cta } from '../parts/Cta.js';
import { Section } from '../parts/SectionHeading.js';
import { LinkLabel } from '../parts/Text.js';
import { Photo } from '../parts/Photo.js';
import { Assurance, ReviewSource } from '../parts/Trust.js';

export function HomePage({ site, photos, language }: { site: Site; photos: Photos; language: Language }) {
  const home = site.pages.home;
  const { hero, about, services, whyChooseUs, howItWorks, testimonials } = home;
  const lowest = lowestPrice(site);
  return (
    <>
      <section className="home-hero" aria-labelledby="page-title">
        <div className="container home-hero-inner">
          <div className="home-hero-text">
            {hero.eyebrow && <p className="eyebrow">{hero.eyebrow}</p>}
            <h1 id="page-title">{hero.title}</h1>
            <p className="lead">{site.settings.company.tagline}</p>
            {hero.pricesFrom && lowest !== undefined && (
              <p className="hero-price">
                <a href={pageAddress('/services', language)}>
                  {hero.pricesFrom} <strong>{formatRupees(lowest)}</strong>
                </a>
              </p>
            )}
            <div className="button-row">
              <a className="button button-accent button-large" href={hero.primary.href}>
                <LinkLabel link={hero.primary} />
              </a>
              <a className="button button-outline button-large" href={hero.secondary.href}>
                <LinkLabel link={hero.secondary} />
              </a>
            </div>
            <CheckList items={hero.highlights} className="highlights" />
            {site.settings.business?.assurance && <Assurance text={site.settings.business.assurance} />}
          </div>
          {hero.image ? <Photo photos={photos} slot="hero" image={hero.image} className="hero-photo" /> : <HeroArt />}
        </div>
      </section>

      <Section id="about" heading={about.heading}>
        <div className="split">
          <div className="prose">
            {about.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <a className="text-link" href={about.link.href}>
              <LinkLabel link={about.link} />
            </a>
          </div>
          <div className="card points-card">
            <CheckList items={about.points} />
          </div>
        </div>
      </Section>

      <Section id="services" heading={services.heading} tone="tint">
        <IconCardGrid items={homeCards(site, language)} columns="auto" />
        <p className="section-more">
          <a className="button button-primary" href={services.link.href}>
            <LinkLabel link={services.link} />
          </a>
        </p>
      </Section>

      <Section id="why-us" heading={whyChooseUs.heading}>
        <IconCardGrid items={whyChooseUs.steps} columns={4} />
      </Section>

      <Section id="how-it-works" heading={howItWorks.heading} tone="warm">
        <ol className="steps" role="list">
          {howItWorks.steps.map((step, index) => (
            <li className="step" key={step.title}>
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.desc}</p>
            </li>
          ))}
        </ol>
      </Section>

      {site.testimonials.length > 0 ? (
        <Section id="testimonials" heading={testimonials.heading} tone="tint">
          <ul className="card-grid is-centered cols-3" role="list">
            {site.testimonials.map((t) => (
              <li className="card testimonial" key={t.id}>
                <figure>
                  <Stars label={ratingText(testimonials.ratingLabel, t.rating)} count={t.rating} />
                  <blockquote>
                    <p>{t.comment}</p>
                  </blockquote>
                  <figcaption>
                    {t.photo ? (
                      <Photo photos={photos} slot="avatar" image={t.photo} className="avatar avatar-photo" />
                    ) : (
                      <span className="avatar" aria-hidden="true">
                        {t.avatar ?? initialsOf(t.name)}
                      </span>
                    )}
                    <span className="who">
                      <strong>{t.name}</strong>
                      <span>{t.location}</span>
                      <time className="when" dateTime={t.date}>
                        {formatMonthYear(t.date, language)}
                      </time>
                      {t.source && <ReviewSource source={t.source} label={testimonials.sourceLabel} />}
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <StatsStrip stats={site.settings.stats} reviews={site.settings.reviews} />
        </Section>
      ) : (
        // No reviews yet: the figures stay, without a heading that promises reviews.
        <div className="section section-tight tone-tint">
          <div className="container">
            <StatsStrip stats={site.settings.stats} reviews={site.settings.reviews} />
          </div>
        </div>
      )}

      <Cta cta={home.cta} phone={site.settings.contact.phone} />
    </>
  );
}
