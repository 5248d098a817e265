import type { ReactNode } from 'react';
import { Breakable } from '../parts/Breakable.js';
import type { Site } from '../../generator/schema/index.js';
import type { Language } from '../../generator/contract/languages.js';
import { CheckList } from '../parts/Cards.js';
import { Icon, IconBadge } from '../parts/Icon.js';
import { MapPreview } from '../parts/MapPreview.js';
import { PageHero } from '../parts/PageHero.js';
import { SectionHeading } from '../parts/SectionHeading.js';
import { PhoneNumber } from '../parts/Text.js';
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
    case 'visit':
      return { href: contact.directionsUrl, detail: `${contact.address.street}, ${contact.address.city}`, external: true };
    case 'chat':
      return { href: whatsappUrl(contact.whatsapp, site.whatsapp.startChat.message), detail: <PhoneNumber phone={contact.whatsapp} />, external: true };
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
                <a
                  className="text-link"
                  href={link.href}
                  {...(link.external ? NEW_TAB : {})}
                >
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
          <MapPreview site={site} />
          <p className="section-more">
            <a className="button button-primary" href={site.settings.contact.directionsUrl} {...NEW_TAB}>
              <Icon name="navigation" size={20} />
              {map.directions}
            </a>
          </p>
        </div>
      </section>

      {page.areas && <AreasServed areas={page.areas} />}
      {page.faq && <FaqSection faq={page.faq} />}
    </>
  );
}
