import type { Site } from '../../generator/schema/index.js';
import { DEFAULT_KEEP_DAYS } from '../../generator/schema/site.js';
import { postalAddressLine } from '../format.js';
import { telUrl } from '../links.js';
import { CheckList } from '../parts/Cards.js';
import { PageHero } from '../parts/PageHero.js';
import { PhoneNumber } from '../parts/Text.js';

/**
 * The privacy notice, one section per item the DPDP Act asks a notice to set out; whom to write
 * to closes it, with the company's own contact details, so they can never differ from the footer's.
 * Where the site keeps quote requests itself (a build for Cloudflare), a section says what it keeps
 * and for how long, with the number of days the site's own setting gives, so the two never differ.
 */
export function PrivacyPage({ site }: { site: Site }) {
  const page = site.pages.privacy;
  const { contact, company, business, form } = site.settings;
  const ownSite = form.quoteEndpoint ? page.ownSite : undefined;
  return (
    <>
      <PageHero hero={page.hero} />
      <div className="section">
        <div className="container notice-page" data-later="after-first">
          {page.sections.map((section) => (
            <section className="notice-section" id={section.id} key={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>{section.title}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.points && <CheckList items={section.points} />}
            </section>
          ))}
          {ownSite && (
            <section className="notice-section" id="own-site" aria-labelledby="own-site-title">
              <h2 id="own-site-title">{ownSite.title}</h2>
              {ownSite.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              <p>{ownSite.keptFor.replace('{days}', String(form.keepDays ?? DEFAULT_KEEP_DAYS))}</p>
            </section>
          )}
          <section className="notice-section" id="privacy-contact" aria-labelledby="privacy-contact-title">
            <h2 id="privacy-contact-title">{page.contact.title}</h2>
            <p>{page.contact.text}</p>
            <address className="notice-contact">
              <strong>{business?.legalName ?? company.name}</strong>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
              <a href={telUrl(contact.phone)}>
                <PhoneNumber phone={contact.phone} />
              </a>
              <span>{postalAddressLine(contact.address)}</span>
            </address>
          </section>
        </div>
      </div>
    </>
  );
}
