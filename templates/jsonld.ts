import type { DayOfWeek, MovingCompany, WithContext } from 'schema-dts';
import type { Site } from '../generator/schema/index.js';
import { pageAddress } from '../generator/contract/routes.js';
import { formatRupees } from './format.js';

const DAY_NAMES = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
} as const;

/** The picture search engines show as the company's logo: a raster, as Google asks, at least 112 px square. */
export const LOGO_PNG = { path: 'logo.png', size: 512 } as const;

/**
 * The schema.org description of the company that search engines read from every page. It claims
 * no rating: search engines do not show a business's ratings of itself, and distrust them.
 * `withDistricts`: the page that lists the districts served adds them to areaServed; engines join
 * what each page says of the one @id, and the other pages stay within their first round trip.
 */
export function movingCompanyJsonLd(site: Site, siteUrl: string, { withDistricts = false } = {}): WithContext<MovingCompany> {
  const { company, contact, social, business } = site.settings;
  const districts = withDistricts ? (site.pages.contact.areas?.districts.items ?? []) : [];
  const { address, openingHours, geo } = contact;
  const prices = site.services.map((service) => service.pricing.starting);
  const sameAs = social.flatMap((entry) => (entry.url ? [entry.url] : []));
  const home = `${siteUrl}${pageAddress('/')}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'MovingCompany',
    // One name for the company on every page, so search engines know the pages describe one business.
    '@id': `${home}#company`,
    name: company.name,
    description: company.description,
    url: home,
    logo: `${siteUrl}/${LOGO_PNG.path}`,
    image: `${siteUrl}/share.png`,
    foundingDate: String(company.foundedYear),
    telephone: contact.phone,
    email: contact.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.locality ? `${address.street}, ${address.locality}` : address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: geo.latitude, longitude: geo.longitude },
    areaServed: [...company.areaServed, ...districts].map((name) => ({ '@type': 'AdministrativeArea', name })),
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: openingHours.days.map((day): DayOfWeek => `https://schema.org/${DAY_NAMES[day]}`),
      opens: openingHours.opens,
      closes: openingHours.closes,
    },
    priceRange: `${formatRupees(Math.min(...prices))} - ${formatRupees(Math.max(...prices))}`,
    makesOffer: site.services.map((service) => ({
      '@type': 'Offer',
      name: service.title,
      description: service.pricing.note,
      // Prices are "starting from": the least a move costs, never its price.
      priceSpecification: { '@type': 'PriceSpecification', minPrice: service.pricing.starting, priceCurrency: 'INR' },
      itemOffered: { '@type': 'Service', name: service.title, description: service.shortDesc },
    })),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(business?.legalName ? { legalName: business.legalName } : {}),
    // schema.org's taxID is the number a business is taxed under: in India, the GSTIN.
    ...(business?.gstin ? { taxID: business.gstin } : {}),
  };
}

/** JSON for a <script> element: "<" is escaped so no value can close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
