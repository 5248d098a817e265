import { pageAddress } from '../generator/contract/routes.js';
import type { IconName, Service, Site } from '../generator/schema/index.js';
import type { Language } from '../generator/contract/languages.js';
import { formatRupees } from './format.js';
import { lowestMovePrice } from './move-prices.js';

/**
 * Lists of services default to every service in services.yaml, in its order, so a new service
 * shows everywhere once it is added there; a list written out in the content picks and orders.
 */
function listed(site: Site, ids: readonly string[] | undefined, leftOut: readonly string[] = []): Service[] {
  if (!ids) return site.services.filter((service) => !leftOut.includes(service.id));
  return ids.flatMap((id) => site.services.filter((service) => service.id === id));
}

/** The services the quote form offers. */
export function formServices(site: Site): Service[] {
  const { services, leftOut } = site.pages.contact.form;
  return listed(site, services, leftOut);
}

/** The services the footer links to. */
export function footerServices(site: Site): Service[] {
  return listed(site, site.layout.footer.services);
}

export interface HomeCard {
  icon: IconName;
  title: string;
  desc: string;
  /** Where the card leads: its service on /services, for a card that names one, or the card's own link. */
  href?: string;
  /** The service's starting price, led by the content's label: "From ₹8,999". */
  note?: string;
}

/** The home page's cards, each naming a service filled in from it; links lead to the services page in `language`. */
export function homeCards(site: Site, language?: Language): HomeCard[] {
  const { fromLabel } = site.pages.home.services;
  return site.pages.home.services.items.map((card) => {
    const service = site.services.find((s) => s.id === card.service);
    // A card's own link is already in the page's language (translations/links.ts); without one, a service's card leads to it.
    const href = card.href ?? (service ? pageAddress(`/services#${service.id}`, language) : undefined);
    return {
      icon: card.icon ?? service!.icon,
      title: card.title ?? service!.title,
      desc: card.desc ?? service!.shortDesc,
      ...(href ? { href } : {}),
      ...(service && fromLabel ? { note: `${fromLabel} ${formatRupees(service.pricing.starting)}` } : {}),
    };
  });
}

/** The lowest starting price of a move (a storage price per month is none): what the home page's banner quotes. */
export function lowestPrice(site: Site): number | undefined {
  return lowestMovePrice(site.services);
}
