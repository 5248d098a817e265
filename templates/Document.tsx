import { pageAddress } from '../generator/contract/routes.js';
import type { ReactNode } from 'react';
import type { PageProps } from './types.js';
import { paletteOf } from '../generator/contract/palette.js';
import { BrandContext } from './palette.js';
import { Footer } from './parts/Footer.js';
import { Head } from './parts/Head.js';
import { Header } from './parts/Header.js';
import { WhatsApp } from './parts/WhatsApp.js';
import { AboutPage } from './pages/About.js';
import { ContactPage } from './pages/Contact.js';
import { HomePage } from './pages/Home.js';
import { NotFoundPage } from './pages/NotFound.js';
import { PrivacyPage } from './pages/Privacy.js';
import { ServicesPage } from './pages/Services.js';

function PageBody({ page, site, siteUrl, photos, icons, language }: PageProps): ReactNode {
  switch (page) {
    case 'home':
      return <HomePage site={site} photos={photos} language={language} />;
    case 'about':
      return <AboutPage site={site} photos={photos} />;
    case 'services':
      return <ServicesPage site={site} photos={photos} icons={icons} />;
    case 'contact':
      return <ContactPage site={site} siteUrl={siteUrl} language={language} />;
    case 'privacy':
      return <PrivacyPage site={site} />;
    case 'notFound':
      return <NotFoundPage site={site} />;
  }
}

/** The whole HTML document for one page (the generator adds the doctype). */
export function Document(props: PageProps) {
  const { site, page, path, buildYear, siteUrl, language, alternates, icons } = props;
  return (
    <BrandContext.Provider value={{ palette: paletteOf(site.settings.brand), logo: props.logo }}>
      <html lang={language.htmlLang}>
        <Head {...props} />
        {/* Only a build for a host with the site's own Worker names where counts go (client/counts.ts). */}
        <body data-counts={site.settings.form.countEndpoint}>
          <a className="skip-link" href="#main">
            {site.layout.skipLink}
          </a>
          <Header site={site} path={path} language={language} alternates={alternates} />
          <main id="main" tabIndex={-1} data-later="after-first">
            <PageBody {...props} />
          </main>
          {/* The not-found page has no address of its own to come back to: the home page stands in. */}
          <Footer
            site={site}
            buildYear={buildYear}
            language={language}
            icons={icons}
            returnTo={`${siteUrl}${page === 'notFound' ? pageAddress('/', language) : pageAddress(path)}`}
          />
          <WhatsApp site={site} popupSrc={props.whatsappPopup} />
        </body>
      </html>
    </BrandContext.Provider>
  );
}
