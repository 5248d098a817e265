import type { Site } from '../../generator/schema/index.js';
import { pageAddress } from '../../generator/schema/routes.js';
import { NEW_TAB, telUrl } from '../links.js';
import { LogoMark } from './Art.js';
import { Icon } from './Icon.js';
import { BreakAfterSlashes, PhoneNumber } from './Text.js';

export function Footer({ site, buildYear }: { site: Site; buildYear: number }) {
  const { footer } = site.layout;
  const { company, contact, social } = site.settings;
  const { address } = contact;
  const services = footer.services.flatMap((id) => site.services.filter((service) => service.id === id));
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="brand footer-brand">
            <LogoMark size={32} />
            <span className="brand-name">{company.name}</span>
          </p>
          <p>{company.description}</p>
          <h2 className="footer-title">{footer.socialTitle}</h2>
          <ul className="social-list" role="list">
            {social.map((entry) =>
              entry.url ? (
                <li key={entry.network}>
                  <a href={entry.url} {...NEW_TAB}>
                    {entry.label}
                  </a>
                </li>
              ) : (
                <li key={entry.network} className="is-pending">
                  {entry.label} <span className="pending">({footer.socialPending})</span>
                </li>
              ),
            )}
          </ul>
        </div>
        <nav aria-labelledby="footer-links-title">
          <h2 className="footer-title" id="footer-links-title">
            {footer.quickLinksTitle}
          </h2>
          <ul className="footer-links" role="list">
            {footer.quickLinks.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="footer-title">{footer.servicesTitle}</h2>
          <ul className="footer-links" role="list">
            {services.map((service) => (
              <li key={service.id}>
                <a href={pageAddress('/services')}>
                  <BreakAfterSlashes text={service.title} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="footer-contact-col">
          <h2 className="footer-title">{footer.contactTitle}</h2>
          <address className="footer-contact">
            <p>
              <Icon name="map-pin" size={20} />
              <span>
                {address.street}
                {address.locality && `, ${address.locality}`}, {address.city}, {address.region} {address.postalCode}
              </span>
            </p>
            <p>
              <Icon name="phone" size={20} />
              <a className="footer-phone" href={telUrl(contact.phone)}>
                <PhoneNumber phone={contact.phone} />
              </a>
            </p>
            <p>
              <Icon name="mail" size={20} />
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </p>
            <p>
              <Icon name="clock" size={20} />
              <span>
                {contact.hours} · {contact.support}
              </span>
            </p>
          </address>
        </div>
        <div className="newsletter">
          <h2 className="footer-title">{footer.newsletter.title}</h2>
          <p>{footer.newsletter.text}</p>
          <label htmlFor="newsletter-email">{footer.newsletter.inputLabel}</label>
          <div className="newsletter-row">
            <input id="newsletter-email" type="email" name="newsletter-email" autoComplete="email" placeholder={footer.newsletter.placeholder} />
            <button type="button" className="button button-accent">
              {footer.newsletter.button}
            </button>
          </div>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>
          © <span data-year>{buildYear}</span> {company.name}. {footer.rights}
        </p>
      </div>
    </footer>
  );
}
