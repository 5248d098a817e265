import type { Site } from '../../generator/schema/index.js';
import type { Language } from '../../generator/contract/languages.js';
import { pageAddress } from '../../generator/contract/routes.js';
import type { Alternate } from '../types.js';
import { isCurrent, NEW_TAB, telUrl, whatsappUrl } from '../links.js';
import { LogoMark } from './Art.js';
import { Icon } from './Icon.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { LinkLabel, PhoneNumber } from './Text.js';

/**
 * The site header. On narrow screens with scripting on, the nav is a drawer opened by the toggle;
 * with it off, the links sit in a wrapping row (styles/layout.css; client/HOOKS.md).
 */
export function Header({ site, path, language, alternates }: { site: Site; path: string; language: Language; alternates: Alternate[] }) {
  const { header } = site.layout;
  const { phone } = site.settings.contact;
  return (
    <header className="site-header" data-header>
      <div className="container header-inner">
        <a className="brand" href={pageAddress('/', language)}>
          <LogoMark />
          <span className="brand-name">{site.settings.company.name}</span>
        </a>
        {/* In the order they are shown (styles/layout.css), so what a slow phone paints before
            the rest has arrived never moves when the rest comes. */}
        <nav className="site-nav" id="site-menu" data-menu aria-label={header.navLabel}>
          <ul className="nav-list" role="list">
            {header.nav.map((item) => (
              <li key={item.href}>
                <a className="nav-link" href={item.href} aria-current={isCurrent(item.href, path) ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
          <a className="button button-accent nav-cta" href={header.cta.href}>
            <LinkLabel link={header.cta} />
          </a>
          <ul className="menu-contact button-row" role="list">
            <li>
              <a className="button button-outline" href={telUrl(phone)}>
                {header.callLabel && `${header.callLabel} `}
                <PhoneNumber phone={phone} />
              </a>
            </li>
            {header.chatLabel && (
              <li>
                <a
                  className="button button-outline"
                  href={whatsappUrl(site.settings.contact.whatsapp, site.whatsapp.startChat.message)}
                  {...NEW_TAB}
                >
                  {header.chatLabel}
                </a>
              </li>
            )}
          </ul>
          <LanguageSwitch alternates={alternates} current={language} className="lang-switch menu-lang" />
        </nav>
        {/* A round call button on phones; the number written out where the bar has room for it. */}
        <a className="header-phone" href={telUrl(phone)} aria-label={header.callLabel ? `${header.callLabel} ${phone}` : phone}>
          <Icon name="phone" size={20} />
          <PhoneNumber phone={phone} />
        </a>
        <LanguageSwitch alternates={alternates} current={language} className="lang-switch header-lang" />
        {/* On phones the WhatsApp button (WhatsApp.tsx, last in the page) sits in this place of the
            bar instead of floating over the text; the bar keeps the room for it. */}
        <span className="header-chat-slot" aria-hidden="true" />
        <button
          type="button"
          className="menu-toggle"
          data-menu-toggle
          aria-controls="site-menu"
          aria-expanded="false"
          aria-label={header.openMenuLabel}
          data-open-label={header.openMenuLabel}
          data-close-label={header.closeMenuLabel}
        >
          <Icon name="menu" className="when-closed" />
          <Icon name="close" className="when-open" />
        </button>
        <div className="menu-overlay" data-menu-overlay aria-hidden="true" />
      </div>
    </header>
  );
}
