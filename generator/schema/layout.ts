import { z } from 'zod';
import { link, serviceRef, text } from './fields.js';

export const layoutSchema = z.strictObject({
  skipLink: text('The first link for keyboard users, e.g. Skip to content'),
  languageName: text(
    'This edition’s language, named in its own words (English; മലയാളം in content/ml/layout.yaml): the language switch on the other edition’s pages shows it',
  ),
  header: z.strictObject({
    navLabel: text('What screen readers call the header menu, e.g. Main; it tells it apart from the footer links'),
    nav: z.array(link).min(1),
    cta: link,
    openMenuLabel: text(),
    closeMenuLabel: text(),
    callLabel: text('Names the call button in the header and the menu, e.g. Call us; the phone number follows it').optional(),
    chatLabel: text('Names the WhatsApp link in the menu, e.g. Chat on WhatsApp; without it the menu has no WhatsApp link').optional(),
  }),
  footer: z.strictObject({
    quickLinksTitle: text(),
    quickLinks: z.array(link).min(1),
    servicesTitle: text(),
    services: z.array(serviceRef()).min(1).optional().meta({
      description: 'Service ids listed in the footer, each linking to /services; leave it out to list every service in services.yaml',
    }),
    contactTitle: text(),
    newsletter: z.strictObject({
      enabled: z.boolean().meta({
        description: 'Whether the footer shows the newsletter box',
        expected: 'true or false',
        hint: 'write true to show the box or false to hide it',
      }),
      title: text(),
      text: text(),
      inputLabel: text(),
      placeholder: text(),
      button: text(),
      subject: text('The subject of the email each sign-up sends to the form recipient'),
      success: text('Shown after a sign-up was sent'),
      error: text('Shown when a sign-up could not be sent'),
      privacy: text('One sentence under the box: what happens to the address, and that any email can unsubscribe'),
      privacyLink: text('The link after it to the privacy page'),
    }),
    socialTitle: text('Above the icons of the company’s social pages; left out with them when none has an address'),
    rights: text('Follows the year and company name in the copyright line'),
    privacyLink: text('The footer link to the privacy page, e.g. Privacy notice'),
    legal: z
      .strictObject({
        gstin: text('Before the GSTIN, e.g. GSTIN'),
        registeredOffice: text('Before the registered address, e.g. Registered office'),
      })
      .meta({ description: 'Labels of the business facts in the footer (site.yaml, business)' }),
  }),
});

export type Layout = z.infer<typeof layoutSchema>;
