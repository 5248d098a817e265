import type { DayOfWeek, MovingCompany, PostalAddress, WithContext } from 'schema-dts';
import { ICON_PICTURES } from './favicon.js';
import { officesOf, type Office, type Site } from '../generator/schema/index.js';
import { pageAddress } from '../generator/contract/routes.js';
import { priceRange } from './move-prices.js';
import type { PageId } from './types.js';

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
export const LOGO_PNG = ICON_PICTURES.logo;

/**
 * What each page says of the company, beyond the name, address and telephone every page gives:
 * the part the page itself shows. Search engines join what the pages say of the one @id, and a
 * page that leaves out what it does not show stays within the first round trip of a new
 * connection (about 14 KB), Malayalam pages included.
 */
const FACETS = {
  home: ['profile', 'hours'],
  about: ['profile'],
  services: ['offers'],
  contact: ['hours', 'districts'],
  privacy: [],
  notFound: [],
} as const satisfies Record<PageId, readonly Facet[]>;

type Facet = 'profile' | 'hours' | 'offers' | 'districts';

/**
 * The schema.org description of the company that search engines read from `page`. It claims no
 * rating: search engines do not show a business's ratings of itself, and distrust them.
 */
export function movingCompanyJsonLd(site: Site, siteUrl: string, page: PageId): WithContext<MovingCompany> {
  const { company, contact, social, business } = site.settings;
  const facets = new Set<Facet>(FACETS[page]);
  const { address, openingHours, geo } = contact;
  const branches = officesOf(site.settings).slice(1);
  const sameAs = social.flatMap((entry) => (entry.url ? [entry.url] : []));
  const home = `${siteUrl}${pageAddress('/')}`;
  const districts = facets.has('districts') ? (site.pages.contact.areas?.districts.items ?? []) : [];
  return {
    '@context': 'https://schema.org',
    '@type': 'MovingCompany',
    // One name for the company on every page, so search engines know the pages describe one business.
    '@id': `${home}#company`,
    name: company.name,
    url: home,
    logo: `${siteUrl}/${LOGO_PNG.path}`,
    telephone: contact.phone,
    address: postalAddress(address),
    priceRange: priceRange(site.services),
    ...(facets.has('profile')
      ? {
          description: company.description,
          image: `${siteUrl}/share.png`,
          foundingDate: String(company.foundedYear),
          ...(sameAs.length > 0 ? { sameAs } : {}),
          ...(business?.legalName ? { legalName: business.legalName } : {}),
          // schema.org's taxID is the number a business is taxed under: in India, the GSTIN.
          ...(business?.gstin ? { taxID: business.gstin } : {}),
        }
      : {}),
    ...(facets.has('hours')
      ? {
          email: contact.email,
          ...whereAndWhen({ geo, openingHours }),
        }
      : {}),
    // Each further office is a department of the company, as schema.org has it for a branch with
    // its own address, phone and hours; the first office is the company's own address above.
    ...(branches.length > 0
      ? {
          department: branches.map((office) => ({
            '@type': 'MovingCompany' as const,
            '@id': `${home}#office-${office.id}`,
            name: `${company.name} (${office.name})`,
            telephone: office.phone,
            address: postalAddress(office.address),
            ...(facets.has('hours') ? whereAndWhen(office) : {}),
          })),
        }
      : {}),
    ...(facets.has('profile') || facets.has('districts')
      ? { areaServed: [...company.areaServed, ...districts].map((name) => ({ '@type': 'AdministrativeArea', name })) }
      : {}),
    ...(facets.has('offers')
      ? {
          makesOffer: site.services.map((service) => ({
            '@type': 'Offer',
            description: service.pricing.note,
            // Prices are "starting from": the least a move costs, never its price.
            priceSpecification: { '@type': 'PriceSpecification', minPrice: service.pricing.starting, priceCurrency: 'INR' },
            // The tagline under the service's heading: structured data says what the page shows.
            itemOffered: { '@type': 'Service', name: service.title, description: service.tagline },
          })),
        }
      : {}),
  };
}

function postalAddress(address: Office['address']): PostalAddress {
  return {
    '@type': 'PostalAddress',
    streetAddress: address.locality ? `${address.street}, ${address.locality}` : address.street,
    addressLocality: address.city,
    addressRegion: address.region,
    postalCode: address.postalCode,
    addressCountry: address.country,
  };
}

/** Where an office is on the map and when it is open. */
function whereAndWhen({ geo, openingHours }: Pick<Office, 'geo' | 'openingHours'>) {
  return {
    geo: { '@type': 'GeoCoordinates' as const, latitude: geo.latitude, longitude: geo.longitude },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification' as const,
      dayOfWeek: openingHours.days.map((day): DayOfWeek => `https://schema.org/${DAY_NAMES[day]}`),
      opens: openingHours.opens,
      closes: openingHours.closes,
    },
  };
}

/** JSON for a <script> element: "<" is escaped so no value can close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
