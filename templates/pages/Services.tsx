import type { Photos } from '../../generator/contract/photo.js';
import type { IconName, Service, Site } from '../../generator/schema/index.js';
import type { IconFiles } from '../types.js';
import { formatRupees } from '../format.js';
import { CheckList } from '../parts/Cards.js';
import { Cta } from '../parts/Cta.js';
import { Icon, IconFile } from '../parts/Icon.js';
import { PageHero } from '../parts/PageHero.js';
import { Photo } from '../parts/Photo.js';
import { BreakAfterSlashes, LinkLabel, Paragraphs } from '../parts/Text.js';
import { withQuery } from '../links.js';

type Labels = Site['pages']['services']['labels'];

function ServiceCard({ service, labels, photos, icons }: { service: Service; labels: Labels; photos: Photos; icons?: IconFiles }) {
  const titleId = `${service.id}-title`;
  const { pricing } = service;
  return (
    <article className="card service-card" id={service.id} aria-labelledby={titleId}>
      <header className="service-head">
        <span className="icon-badge icon-badge-large">
          <Icon name={service.icon} size={32} />
        </span>
        <div>
          <h2 id={titleId}>
            <BreakAfterSlashes text={service.title} />
          </h2>
          <p className="service-tagline">{service.tagline}</p>
        </div>
      </header>
      {/* The price and the way to ask for a quote come first: they are what a visitor came for. */}
      <div className="service-offer">
        <p className="price-box">
          <span className="price-label">{labels.startingFrom}</span>
          <strong className="price">{formatRupees(pricing.starting)}</strong>
          <span className="price-note">{pricing.note}</span>
        </p>
        <a className="button button-accent" href={withQuery(labels.quote.href, 'service', service.id)}>
          <LinkLabel link={labels.quote} />
        </a>
      </div>
      {pricing.bands || pricing.factors ? (
        <div className="price-detail">
          {pricing.bands && (
            <table className="price-bands">
              {labels.prices && <caption>{labels.prices}</caption>}
              <tbody>
                {pricing.bands.map((band) => (
                  <tr key={band.label}>
                    <th scope="row">{band.label}</th>
                    <td>{formatRupees(band.from)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {pricing.factors && (
            <div>
              {labels.priceFactors && <h3>{labels.priceFactors}</h3>}
              <ul className="price-factors" role="list">
                {pricing.factors.map((factor) => (
                  <li key={factor}>{factor}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      ) : null}
      <div className="service-body">
        <div className="service-main">
          <Paragraphs text={service.fullDescription} />
          <h3>{labels.process}</h3>
          <ol className="process" role="list">
            {service.process.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <h3>{labels.idealFor}</h3>
          <ul className="tags container" role="list">
            {service.idealFor.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        </div>
        <div className="service-side">
          {service.image && <Photo photos={photos} slot="service" image={service.image} className="content-photo service-photo" />}
          <h3>{labels.keyFeatures}</h3>
          <ul className="features" role="list">
            {service.keyFeatures.map((feature) => (
              <li key={feature.title}>
                <FeatureIcon name={feature.icon} icons={icons} />
                <div>
                  <h4>{feature.title}</h4>
                  <p>{feature.desc}</p>
                </div>
              </li>
            ))}
          </ul>
          <h3>{labels.whatsIncluded}</h3>
          <CheckList items={service.whatsIncluded} className="included" />
        </div>
      </div>
    </article>
  );
}

/** A feature's drawing: its own file where there is one (generator/render/icon-files.ts), decorative. */
function FeatureIcon({ name, icons }: { name: IconName; icons?: IconFiles }) {
  return <IconFile src={icons?.get(name)} size={22} className="feature-icon" drawn={<Icon name={name} size={22} />} />;
}

/** A row of links to each service on the page; on phones it stays under the header while scrolling. */
function ServiceJump({ services, label }: { services: readonly Service[]; label?: string }) {
  return (
    <nav className="service-jump" aria-label={label}>
      <ul className="tags container" role="list">
        {services.map((service) => (
          <li key={service.id}>
            <a href={`#${service.id}`}>{service.formLabel ?? service.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ServicesPage({ site, photos, icons }: { site: Site; photos: Photos; icons?: IconFiles }) {
  const page = site.pages.services;
  return (
    <>
      <PageHero hero={page.hero} />
      <ServiceJump services={site.services} label={page.labels.jumpTo} />
      <div className="section">
        <div className="container service-list" data-later="after-first">
          {site.services.map((service) => (
            <ServiceCard key={service.id} service={service} labels={page.labels} photos={photos} icons={icons} />
          ))}
        </div>
      </div>
      <Cta cta={page.cta} phone={site.settings.contact.phone} />
    </>
  );
}
