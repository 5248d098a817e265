import type { Site } from '../../generator/schema/index.js';
import { NEW_TAB, whatsappUrl } from '../links.js';
import { Icon } from './Icon.js';

const POPUP_ID = 'whatsapp-popup';

/**
 * The floating WhatsApp widget (client/HOOKS.md). Without JavaScript the toggle is a plain
 * link to a chat with the default message; with it, the toggle opens the popup of quick actions.
 * With `popupSrc` the popup's contents are a file of their own (the same on every page of a
 * language, cached once), which the client fetches after the page has loaded; without it (site dev)
 * they are drawn into the page.
 */
export function WhatsApp({ site, popupSrc }: { site: Site; popupSrc?: string }) {
  const wa = site.whatsapp;
  const number = site.settings.contact.whatsapp;
  return (
    <aside className="whatsapp" data-whatsapp aria-label={wa.title}>
      <div className="wa-popup" id={POPUP_ID} data-whatsapp-popup data-whatsapp-src={popupSrc} hidden>
        {popupSrc ? null : <WhatsAppPopup site={site} />}
      </div>
      <a
        className="wa-toggle"
        href={whatsappUrl(number, wa.startChat.message)}
        {...NEW_TAB}
        aria-label={wa.openLabel}
        aria-controls={POPUP_ID}
        data-whatsapp-toggle
        data-open-label={wa.openLabel}
        data-close-label={wa.closeLabel}
      >
        <span className="wa-pulse" data-whatsapp-pulse aria-hidden="true" />
        <Icon name="message" size={28} className="when-closed" />
        <Icon name="close" size={26} className="when-open" />
      </a>
    </aside>
  );
}

/** What the popup shows: who answers, the greeting, the quick actions and Start Chat. */
export function WhatsAppPopup({ site }: { site: Site }) {
  const wa = site.whatsapp;
  const number = site.settings.contact.whatsapp;
  return (
    <div className="wa-panel">
      <div className="wa-head">
        <span className="wa-avatar">
          <Icon name="message" />
        </span>
        <p>
          <strong>{wa.title}</strong>
          <span>{wa.subtitle}</span>
        </p>
        <button type="button" className="wa-close" data-whatsapp-close aria-label={wa.closeLabel}>
          <Icon name="close" size={20} />
        </button>
      </div>
      <div className="wa-body">
        <p className="wa-greeting">{wa.greeting}</p>
        <ul className="wa-actions" role="list">
          {wa.actions.map((action) => (
            <li key={action.id}>
              <a href={whatsappUrl(number, action.message)} {...NEW_TAB} data-whatsapp-action>
                <Icon name={action.icon} size={20} />
                {action.title}
              </a>
            </li>
          ))}
        </ul>
        <a className="button wa-start" href={whatsappUrl(number, wa.startChat.message)} {...NEW_TAB} data-whatsapp-action>
          <Icon name="send" size={20} />
          {wa.startChat.label}
        </a>
      </div>
    </div>
  );
}
