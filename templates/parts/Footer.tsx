import { officesOf, type Office, type Site } from '../../generator/schema/index.js';
import { Breakable } from './Breakable.js';
import { pageAddress } from '../../generator/contract/routes.js';
import type { Language } from '../../generator/contract/languages.js';
import { postalAddressLine } from '../format.js';
import { NEW_TAB, telUrl } from '../links.js';
import { footerServices } from '../service-list.js';
import { LogoMark } from './Art.js';
import { Icon, IconFile } from './Icon.js';
import { PrivacyNote } from './PrivacyNote.js';
import { SocialIcon } from './SocialIcon.js';
import { BreakAfterSlashes, PhoneNumber } from './Text.js';
import type { IconFiles } from '../types.js';
import type { IconName } from '../../generator/schema/index.js';
import type { SocialNetwork } from '../../generator/schema/site.js';

/** The drawings beside the footer's contact lines; generator/render/icon-files.ts makes a file of each. */
export const FOOTER_ICONS = ['map-pin', 'phone', 'mail', 'clock'] as const satisfies readonly IconName[];

type FooterIconName = (typeof FOOTER_ICONS)[number];

/**
 * `returnTo` is the absolute address of the page the footer is on: without JavaScript the
 * newsletter box posts to the relay, which sends the visitor back there.
 */
export function Footer({
  site,
  buildYear,
  returnTo,
  language,
  icons,
}: {
  site: Site;
  buildYear: number;
  returnTo: string;
  language: Language;
  icons?: IconFiles;
}) {
  const { footer } = site.layout;
  const { company, contact, business } = site.settings;
  // A network the company has no page on yet is left out, not promised.
  const social = site.settings.social.filter((entry) => entry.url);
  const services = footerServices(site);
  const offices = officesOf(site.settings);
  return (
    <footer className="site-footer" data-later="self">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="brand footer-brand">
            <LogoMark size={32} />
            <span className="brand-name">{company.name}</span>
          </p>
          <p>{company.description}</p>
          {social.length > 0 && (
            <>
              <h2 className="footer-title">{footer.socialTitle}</h2>
              <ul className="social-list" role="list">
                {social.map((entry) => (
                  <li key={entry.network}>
                    <a href={entry.url} aria-label={entry.label} {...NEW_TAB}>
                      <SocialMark network={entry.network} icons={icons} />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
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
                <a href={pageAddress('/services', language)}>
                  <BreakAfterSlashes text={service.title} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="footer-contact-col">
          <h2 className="footer-title">{footer.contactTitle}</h2>
          <address className="footer-contact">
            {offices.length === 1 ? (
              <p>
                <FooterIcon name="map-pin" icons={icons} />
                <span>{postalAddressLine(contact.address)}</span>
              </p>
            ) : (
              offices.map((office, index) => <FooterOffice key={index} office={office} main={offices[0]!} icons={icons} />)
            )}
            <p>
              <FooterIcon name="phone" icons={icons} />
              <a className="footer-phone" href={telUrl(contact.phone)}>
                <PhoneNumber phone={contact.phone} />
              </a>
            </p>
            <p>
              <FooterIcon name="mail" icons={icons} />
              <a href={`mailto:${contact.email}`}>
                <Breakable text={contact.email} />
              </a>
            </p>
            <p>
              <FooterIcon name="clock" icons={icons} />
              <span>
                {contact.hours} · {contact.support}
              </span>
            </p>
          </address>
        </div>
        {footer.newsletter.enabled && <Newsletter site={site} returnTo={returnTo} language={language} />}
      </div>
      <div className="container footer-bottom">
        {business && (business.legalName || business.gstin || business.registeredAddress) && (
          <p className="footer-legal">
            {business.legalName && <span>{business.legalName}</span>}
            {business.gstin && (
              <span>
                {footer.legal.gstin} <span className="nowrap">{business.gstin}</span>
              </span>
            )}
            {business.registeredAddress && (
              <span>
                {footer.legal.registeredOffice}: {business.registeredAddress}
              </span>
            )}
          </p>
        )}
        <p>
          © <span data-year>{buildYear}</span> {company.name}. {footer.rights}{' '}
          <a href={pageAddress('/privacy', language)}>{footer.privacyLink}</a>
        </p>
      </div>
    </footer>
  );
}

/**
 * One of several offices: its name and address, and its phone and hours where they are not the
 * main office's (those follow for all).
 */
function FooterOffice({ office, main, icons }: { office: Office; main: Office; icons?: IconFiles }) {
  const own = [office.phone !== main.phone ? office.phone : undefined, office.hours !== main.hours ? office.hours : undefined];
  return (
    <p>
      <FooterIcon name="map-pin" icons={icons} />
      <span>
        <strong>{office.name}</strong>: {postalAddressLine(office.address)}
        {own[0] && (
          <>
            {' · '}
            <a href={telUrl(own[0])}>
              <PhoneNumber phone={own[0]} />
            </a>
          </>
        )}
        {own[1] && ` · ${own[1]}`}
      </span>
    </p>
  );
}

/**
 * The newsletter box (client/HOOKS.md): a real form to the same relay as the quote form, with its
 * own subject. Without JavaScript the relay brings the visitor back to #newsletter-sent on the same
 * page, where CSS (`:target`) shows the confirmation the script shows otherwise.
 */
function Newsletter({ site, returnTo, language }: { site: Site; returnTo: string; language: Language }) {
  const { newsletter } = site.layout.footer;
  const { form } = site.settings;
  return (
    <form
      className="newsletter"
      action={form.plainEndpoint}
      method="post"
      data-newsletter
      data-endpoint={form.endpoint}
      data-timeout-ms={form.timeoutSeconds * 1000}
      aria-labelledby="newsletter-title"
    >
      <h2 className="footer-title" id="newsletter-title">
        {newsletter.title}
      </h2>
      <p>{newsletter.text}</p>
      <input type="hidden" name="_subject" value={newsletter.subject} />
      <input type="hidden" name="_next" value={`${returnTo}#newsletter-sent`} />
      <input type="hidden" name="_captcha" value="false" />
      <input type="hidden" name="_template" value="table" />
      <input type="text" name="_honey" hidden tabIndex={-1} autoComplete="off" aria-hidden="true" data-honeypot />
      <label htmlFor="newsletter-email">{newsletter.inputLabel}</label>
      <div className="newsletter-row">
        <input id="newsletter-email" type="email" name="email" required autoComplete="email" placeholder={newsletter.placeholder} />
        <button type="submit" className="button button-accent" data-newsletter-submit>
          {newsletter.button}
        </button>
      </div>
      <div className="newsletter-status" role="status">
        <p className="notice notice-success newsletter-sent" id="newsletter-sent" data-newsletter-success hidden>
          {newsletter.success}
        </p>
        <p className="notice notice-error" data-newsletter-error hidden>
          {newsletter.error}
        </p>
      </div>
      <PrivacyNote text={newsletter.privacy} link={newsletter.privacyLink} language={language} className="newsletter-privacy" />
    </form>
  );
}

/**
 * A contact line's drawing: its own file where there is one (generator/render/icon-files.ts),
 * fetched as the footer nears the screen; decorative, as the line beside it says it all.
 */
function FooterIcon({ name, icons }: { name: FooterIconName; icons?: IconFiles }) {
  return <IconFile src={icons?.get(name, 'accentLight')} size={20} className="footer-icon" drawn={<Icon name={name} size={20} />} />;
}

/** A social network's mark, from its own file where there is one; the link around it carries the name. */
function SocialMark({ network, icons }: { network: SocialNetwork; icons?: IconFiles }) {
  return <IconFile src={icons?.social(network)} size={22} drawn={<SocialIcon network={network} />} />;
}
