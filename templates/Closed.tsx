import { paletteOf } from '../generator/contract/palette.js';
import { postalAddressLine } from './format.js';
import { telUrl, whatsappNumber } from './links.js';
import { PhoneNumber } from './parts/Text.js';
import type { PageProps } from './types.js';

/**
 * The page every address shows while the site is closed: its texts are still the sample company's,
 * which the deploy does not publish under this company's name (generator/check/sample-texts.ts), so
 * visitors get only the company's own facts: its name, a call, a WhatsApp chat, its email and
 * address. No text of the sample is on it, and search engines are asked not to keep it.
 */
export function ClosedDocument({ site, language, assets }: PageProps) {
  const { company, contact } = site.settings;
  return (
    <html lang={language.htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{company.name}</title>
        <meta name="robots" content="noindex" />
        <meta name="theme-color" content={paletteOf(site.settings.brand).primary} />
        {'inline' in assets.styles ? (
          <style dangerouslySetInnerHTML={{ __html: assets.styles.inline }} />
        ) : (
          <link rel="stylesheet" href={assets.styles.href} />
        )}
      </head>
      <body>
        <main id="main" className="section">
          <div className="container notice-page">
            <h1>{company.name}</h1>
            <div className="button-row">
              <a className="button button-primary" href={telUrl(contact.phone)}>
                <PhoneNumber phone={contact.phone} />
              </a>
              <a className="button button-whatsapp" href={`https://wa.me/${whatsappNumber(contact.whatsapp)}`}>
                {site.layout.header.chatLabel ?? <PhoneNumber phone={contact.whatsapp} />}
              </a>
            </div>
            <address className="notice-contact">
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
              <span>{postalAddressLine(contact.address)}</span>
            </address>
          </div>
        </main>
      </body>
    </html>
  );
}
