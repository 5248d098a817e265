import type { DayOfWeek, MovingCompany, WithContext } from 'schema-dts';
import type { Site } from '../generator/schema/index.js';
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

/** The schema.org description of the company that search engines read from every page. */
export function movingCompanyJsonLd(site: Site, siteUrl: string): WithContext<MovingCompany> {
  const { company, contact, rating, social } = site.settings;
  const { address, openingHours } = contact;
  const prices = site.services.map((service) => service.pricing.starting);
  const sameAs = social.flatMap((entry) => (entry.url ? [entry.url] : []));
  return {
    '@context': 'https://schema.org',
    '@type': 'MovingCompany',
    name: company.name,
    description: company.description,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
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
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: openingHours.days.map((day): DayOfWeek => `https://schema.org/${DAY_NAMES[day]}`),
      opens: openingHours.opens,
      closes: openingHours.closes,
    },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: rating.value,
      reviewCount: rating.count,
      bestRating: 5,
    },
    priceRange: `${formatRupees(Math.min(...prices))} - ${formatRupees(Math.max(...prices))}`,
    makesOffer: site.services.map((service) => ({
      '@type': 'Offer',
      name: service.title,
      description: service.pricing.note,
      priceCurrency: 'INR',
      price: service.pricing.starting,
      itemOffered: { '@type': 'Service', name: service.title, description: service.shortDesc },
    })),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** JSON for a <script> element: "<" is escaped so no value can close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
