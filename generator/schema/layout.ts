import { z } from 'zod';
import { link, serviceRef, text } from './fields.js';

export const layoutSchema = z.strictObject({
  skipLink: text('The first link for keyboard users, e.g. Skip to content'),
  header: z.strictObject({
    navLabel: text('What screen readers call the header menu, e.g. Main; it tells it apart from the footer links'),
    nav: z.array(link).min(1),
    cta: link,
    openMenuLabel: text(),
    closeMenuLabel: text(),
  }),
  footer: z.strictObject({
    quickLinksTitle: text(),
    quickLinks: z.array(link).min(1),
    servicesTitle: text(),
    services: z.array(serviceRef()).min(1).meta({ description: 'Service ids listed in the footer; each links to /services' }),
    contactTitle: text(),
    newsletter: z.strictObject({
      title: text(),
      text: text(),
      inputLabel: text(),
      placeholder: text(),
      button: text(),
    }),
    socialTitle: text(),
    socialPending: text('Shown beside a network that has no address yet'),
    rights: text('Follows the year and company name in the copyright line'),
  }),
});

export type Layout = z.infer<typeof layoutSchema>;
