import type { ReactNode } from 'react';
import { Breakable } from '../parts/Breakable.js';
import { officesOf, type Office, type Site } from '../../generator/schema/index.js';
import type { Language } from '../../generator/contract/languages.js';
import { CheckList } from '../parts/Cards.js';
import { Icon, IconBadge } from '../parts/Icon.js';
import { MapPreview } from '../parts/MapPreview.js';
import { PageHero } from '../parts/PageHero.js';
import { SectionHeading } from '../parts/SectionHeading.js';
import { PhoneNumber } from '../parts/Text.js';
import { postalAddressLine } from '../format.js';
import { QuoteForm } from '../parts/QuoteForm.js';
import { AreasServed } from '../parts/AreasServed.js';
import { FaqSection } from '../parts/Faq.js';
import { NEW_TAB, telUrl, whatsappUrl } from '../links.js';

type Method = Site['pages']['contact']['methods'][number];

/** Where a contact method's link goes and the detail it shows (number, address…). */
function methodLink(method: Method, site: Site): { href: string; detail: ReactNode; external: boolean } {
  const { contact } = site.settings;
  switch (method.kind) {
    case 'call':
      return { href: telUrl(contact.phone), detail: <PhoneNumber phone={contact.phone} />, external: false };
    case 'email':
      return { href: `mailto:${contact.email}`, detail: <Breakable text={contact.email} />, external: false };
    case 'visit': {
      // With more than one office the card names them all and leads to their maps below.
      const offices = officesOf(site.settings);
      if (offices.length > 1) return { href: '#map', detail: offices.map((office) => office.name).join(' · '), external: false };
      return { href: contact.directionsUrl, detail: `${contact.address.street}, ${contact.address.city}`, external: true };
    }
    case 'chat':
      return {
        href: whatsappUrl(contact.whatsapp, site.whatsapp.startChat.message),
        detail: <PhoneNumber phone={contact.whatsapp} />,
        external: true,
      };
  }
}

export function ContactPage({ site, siteUrl, language }: { site: Site; siteUrl: string; language: Language }) {
  const page = site.pages.contact;
  const { map } = page;
  return (
    <>
      <PageHero hero={page.hero} />

      <section className="section tone-tint" id="quote" aria-labelledby="quote-title">
        <div className="container contact-grid">
          <div className="card form-card">
            <SectionHeading heading={page.form.heading} id="quote-title" centered={false} />
            <QuoteForm site={site} siteUrl={siteUrl} language={language} />
          </div>
          <div className="stack contact-aside">
            <div className="card">
              <h2 className="card-title">{page.whyChoose.title}</h2>
              <CheckList items={page.whyChoose.points} />
            </div>
            <div className="card response-card">
              <IconBadge name="timer" />
              <h2 className="card-title">{page.responseTime.title}</h2>
              <p>{page.responseTime.text}</p>
            </div>
          </div>
        </div>
      </section>

      {/* After the form: most visitors come for the form, and each way to reach us is also in the
          header, the menu and the footer. */}
      <div className="section section-tight methods-section">
        <ul className="card-grid cols-4 methods" role="list">
          {page.methods.map((method) => {
            const link = methodLink(method, site);
            return (
              <li className="card method-card" key={method.kind}>
                <IconBadge name={method.icon} />
                <h2>{method.title}</h2>
                <p className="method-text">{method.text}</p>
                <p className="method-detail">{link.detail}</p>
                <a className="text-link" href={link.href} {...(link.external ? NEW_TAB : {})}>
                  {method.action}
                </a>
              </li>
            );
          })}
        </ul>
      </div>

      <section className="section" id="map" aria-labelledby="map-title">
        <div className="container">
          <SectionHeading heading={map.heading} id="map-title" />
          <Offices site={site} />
        </div>
      </section>

      {page.areas && <AreasServed areas={page.areas} />}
      {page.faq && <FaqSection faq={page.faq} />}
    </>
  );
}

/** The directions link under an office's map. */
function Directions({ office, label, named = false }: { office: Office; label: string; named?: boolean }) {
  return (
    <a className="button button-primary" href={office.directionsUrl} {...NEW_TAB}>
      <Icon name="navigation" size={20} />
      {label}
      {named && <span className="visually-hidden"> ({office.name})</span>}
    </a>
  );
}

/**
 * The map of the office, or a card for each office when there are several: its name, address,
 * phone and hours, its own map and its own directions.
 */
function Offices({ site }: { site: Site }) {
  const { map } = site.pages.contact;
  const offices = officesOf(site.settings);
  if (offices.length === 1) {
    const [office] = offices as [Office];
    return (
      <>
        <MapPreview office={office} show={map.show} frameTitle={map.frameTitle} />
        <p className="section-more">
          <Directions office={office} label={map.directions} />
        </p>
      </>
    );
  }
  return (
    <ul className="office-list" role="list">
      {offices.map((office, index) => (
        <li className="card office-card" key={index}>
          <h3 className="card-title">{office.name}</h3>
          <address className="office-details">
            <p>
              <Icon name="map-pin" size={20} />
              <span>{postalAddressLine(office.address)}</span>
            </p>
            <p>
              <Icon name="phone" size={20} />
              <a href={telUrl(office.phone)}>
                <PhoneNumber phone={office.phone} />
              </a>
            </p>
            <p>
              <Icon name="clock" size={20} />
              <span>{office.hours}</span>
            </p>
          </address>
          <MapPreview office={office} show={map.show} frameTitle={`${map.frameTitle}: ${office.name}`} named />
          <p className="office-directions">
            <Directions office={office} label={map.directions} named />
          </p>
        </li>
      ))}
    </ul>
  );
}
