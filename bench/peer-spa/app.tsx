/**
 * The peer the bench measures our pages against: the same content as a single-page app, the
 * stack the site started from (React rendering in the browser, framer-motion animating each page
 * change). It renders our own page components, so both sites show the same elements and text;
 * what differs is where the HTML is made. Built by bench/peer-spa.js.
 */
import { motion } from 'framer-motion';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
// Written by bench/peer-spa.js: every edition's site and each page's alternates.
import data from 'peer-spa-data';
import { pageAddress } from '../../generator/contract/routes.js';
import { Footer } from '../../templates/parts/Footer.js';
import { Header } from '../../templates/parts/Header.js';
import { WhatsApp } from '../../templates/parts/WhatsApp.js';
import { AboutPage } from '../../templates/pages/About.js';
import { ContactPage } from '../../templates/pages/Contact.js';
import { HomePage } from '../../templates/pages/Home.js';
import { NotFoundPage } from '../../templates/pages/NotFound.js';
import { PrivacyPage } from '../../templates/pages/Privacy.js';
import { ServicesPage } from '../../templates/pages/Services.js';

const NO_PHOTOS = { get: () => undefined };

/** The edition and page an address shows; an unknown address shows its edition's not-found page. */
function route(pathname: string) {
  const editions = [...data.editions].sort((a, b) => b.language.folder.length - a.language.folder.length);
  const edition = editions.find((e) => !e.language.folder || pathname.startsWith(`/${e.language.folder}/`)) ?? data.editions[0];
  const page = data.pages.find((p) => p.id !== 'notFound' && pageAddress(p.path, edition.language) === pathname) ?? data.pages.find((p) => p.id === 'notFound');
  return { edition, page };
}

function App() {
  const [pathname, setPathname] = useState(location.pathname);
  useEffect(() => {
    // Client-side navigation, as the SPA did: internal links change the view without a request.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest('a[href^="/"]') as HTMLAnchorElement | null;
      if (!link || link.target || event.defaultPrevented || event.metaKey || event.ctrlKey) return;
      event.preventDefault();
      history.pushState(null, '', link.href);
      setPathname(location.pathname);
      scrollTo(0, 0);
    };
    const onPop = () => setPathname(location.pathname);
    document.addEventListener('click', onClick);
    addEventListener('popstate', onPop);
    return () => {
      document.removeEventListener('click', onClick);
      removeEventListener('popstate', onPop);
    };
  }, []);
  const { edition, page } = route(pathname);
  const { site, language } = edition;
  const siteUrl = data.siteUrl;
  useEffect(() => {
    document.title = site.pages[page.id].seo.title;
    document.documentElement.lang = language.htmlLang;
  }, [site, page, language]);
  const path = page.id === 'notFound' ? page.path : pageAddress(page.path, language);
  const alternates = page.alternates;
  const body = {
    home: () => <HomePage site={site} photos={NO_PHOTOS} language={language} />,
    about: () => <AboutPage site={site} photos={NO_PHOTOS} />,
    services: () => <ServicesPage site={site} photos={NO_PHOTOS} />,
    contact: () => <ContactPage site={site} siteUrl={siteUrl} language={language} />,
    privacy: () => <PrivacyPage site={site} />,
    notFound: () => <NotFoundPage site={site} />,
  }[page.id]();
  return (
    <>
      <a className="skip-link" href="#main">
        {site.layout.skipLink}
      </a>
      <Header site={site} path={path} language={language} alternates={alternates} />
      <motion.main id="main" tabIndex={-1} key={pathname} initial={{ opacity: 0, y: 20 }} animate={{ opacity: 1, y: 0 }} transition={{ duration: 0.5 }}>
        {body}
      </motion.main>
      <Footer site={site} buildYear={new Date().getFullYear()} language={language} returnTo={`${siteUrl}${path}`} />
      <WhatsApp site={site} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
