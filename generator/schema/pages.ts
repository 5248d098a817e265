import { z } from 'zod';
import { internalHref } from './addresses.js';
import { heading, hero, icon, iconCard, id, link, longText, pageSeo, serviceRef, text, textList, uniqueBy } from './fields.js';
import { photo } from './photo.js';

/** The help of a long text shown in paragraphs (templates/parts/Text.tsx). */
const PARAGRAPHS = 'A blank line starts a new paragraph';

/** A closing call to action; `call` adds a telephone button with the site's number. */
const callToAction = z.strictObject({
  title: text(),
  text: longText(),
  primary: link,
  secondary: link.optional(),
  call: z.strictObject({ label: text('e.g. Call Now') }).optional(),
});

/**
 * A home page card. It may name a service and then takes the service's title, icon and short
 * description (each can still be written out to differ) and links to it on /services; a card
 * without a service (Vehicle Transport in the spec) writes all three itself.
 */
const homeServiceCard = z
  .strictObject({
    service: serviceRef().optional(),
    icon: icon().optional(),
    title: text().optional(),
    desc: text().optional(),
    href: internalHref().optional(),
  })
  .superRefine((card, ctx) => {
    if (card.service !== undefined) return;
    for (const field of ['icon', 'title', 'desc'] as const) {
      if (card[field] !== undefined) continue;
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `This card names no service, so it needs its own "${field}".`,
        params: {
          problem: 'missing-field',
          hint: `add "${field}: …" to the card, or "service: <id>" to take it from a service in services.yaml`,
        },
      });
    }
  })
  // For editors: the same rule as a JSON Schema condition.
  .meta({
    anyOf: [
      { required: ['service'], properties: { service: {} } },
      { required: ['icon', 'title', 'desc'], properties: { icon: {}, title: {}, desc: {} } },
    ],
  });

const numberedStep = z.strictObject({ title: text(), desc: text() });

export const homeSchema = z.strictObject({
  seo: pageSeo,
  hero: z.strictObject({
    eyebrow: text().optional(),
    title: text(),
    pricesFrom: text('Leads the lowest starting price of the services under the buttons, e.g. Moves from').optional(),
    primary: link,
    secondary: link,
    highlights: textList('Short reassurances under the buttons'),
    image: photo('A photo beside the title, in place of the drawing: the crew, a truck, a packed room').optional(),
  }),
  about: z.strictObject({ heading, paragraphs: textList(undefined, { long: true }), points: textList(), link }),
  services: z.strictObject({
    heading,
    fromLabel: text('Leads each card’s starting price, e.g. From').optional(),
    items: z.array(homeServiceCard).min(1).meta({
      description: 'The home page’s own list of cards; a card with "service: <id>" takes its title, icon and link from that service',
    }),
    link,
  }),
  whyChooseUs: z.strictObject({ heading, steps: z.array(iconCard).min(1) }),
  howItWorks: z.strictObject({ heading, steps: z.array(numberedStep).min(1) }),
  testimonials: z.strictObject({
    heading,
    ratingLabel: z
      .string()
      .trim()
      .min(1)
      .refine((label) => label.includes('{rating}'), {
        message: 'The rating label must say where the number of stars goes, with {rating}.',
        params: { problem: 'invalid-value', hint: 'for example: Rated {rating} out of 5' },
      })
      .meta({
        description: 'Read out for the stars; {rating} stands for the review’s rating, e.g. Rated {rating} out of 5',
        expected: 'some text with {rating} in it',
        translatable: true,
        hint: 'for example: Rated {rating} out of 5',
        pattern: '\\{rating\\}',
      }),
    sourceLabel: text('Before the name of the site a review was posted on, e.g. Posted on').optional(),
  }),
  cta: callToAction,
});

export const aboutSchema = z.strictObject({
  seo: pageSeo,
  hero,
  story: z.strictObject({
    heading,
    paragraphs: textList(undefined, { long: true }),
    mission: z.strictObject({ title: text(), text: longText(PARAGRAPHS) }),
    vision: z.strictObject({ title: text(), text: longText(PARAGRAPHS) }),
    image: photo('A photo above the mission and vision, e.g. the team in front of the office').optional(),
  }),
  values: z.strictObject({ heading, items: z.array(iconCard).min(1) }),
  whyChoose: z.strictObject({ heading, items: z.array(iconCard).min(1) }),
  cta: callToAction,
  facts: z.strictObject({ heading }).optional().meta({
    description:
      'The section listing the business facts of site.yaml (registration, insurance, payment, cancellation, claims); shown when there are any',
  }),
});

export const servicesPageSchema = z.strictObject({
  seo: pageSeo,
  hero,
  labels: z.strictObject({
    startingFrom: text(),
    process: text(),
    keyFeatures: text(),
    whatsIncluded: text(),
    idealFor: text(),
    quote: link,
    jumpTo: text('Names the row of links to each service, for screen readers, e.g. Jump to a service').optional(),
    prices: text('Heads the table of starting prices by size or distance, e.g. Starting prices').optional(),
    priceFactors: text('Heads the list of what changes the price, e.g. What changes the price').optional(),
  }),
  cta: callToAction,
});

const field = z.strictObject({
  label: text(),
  placeholder: text().optional(),
  help: text('A line under the field saying what it takes, e.g. that a number from any country is fine with its code').optional(),
});

export const CONTACT_METHODS = ['call', 'email', 'visit', 'chat'] as const;

export const contactSchema = z.strictObject({
  seo: pageSeo,
  hero,
  methods: z
    .array(
      z.strictObject({
        kind: z.enum(CONTACT_METHODS).meta({ expected: 'a contact method', hint: `one of: ${CONTACT_METHODS.join(', ')}` }),
        icon: iconCard.shape.icon,
        title: text(),
        text: text(),
        action: text('The words on the link, e.g. Call us now'),
      }),
    )
    .min(1),
  form: z.strictObject({
    heading,
    fields: z.strictObject({
      name: field,
      email: field,
      phone: field,
      service: field,
      moveFrom: field,
      moveTo: field,
      moveDate: field,
      message: field,
    }),
    selectPrompt: text('The first, empty choice of the service list, e.g. Select a service'),
    services: z.array(serviceRef()).min(1).optional().meta({
      description: 'Service ids offered in the form, in this order; leave it out to offer every service in services.yaml, in that order',
    }),
    leftOut: z
      .array(serviceRef())
      .min(1)
      .optional()
      .meta({ description: 'Service ids deliberately not offered in the form, so check does not warn about them' }),
    submit: text(),
    sending: text(),
    success: text(),
    error: text(),
    fallback: z.strictObject({
      text: longText('Shown with the error, above the two ways to reach the company now'),
      whatsapp: text('The link that opens WhatsApp with everything the visitor typed'),
      call: text('The link that calls the company phone'),
      greeting: text('The first line of that WhatsApp message; the visitor’s answers follow, one per line'),
    }),
    offline: text('Shown at once when the visitor is offline as they send'),
    backOnline: text('Shown when the connection comes back while a request is still unsent'),
    resend: text('The button under that notice that sends the kept request'),
    privacy: text('One sentence under the button: who receives the details, through which relay, and what for'),
    privacyLink: text('The link after it to the privacy page, e.g. How we handle your details'),
  }),
  whyChoose: z.strictObject({ title: text(), points: textList() }),
  responseTime: z.strictObject({ title: text(), text: longText() }),
  map: z.strictObject({
    heading,
    frameTitle: text('Read out for the map by screen readers'),
    directions: text(),
    show: text(
      'The button that loads the map in its place (the map comes from another site only once it is pressed); without JavaScript, a link that opens the map',
    ),
  }),
  faq: z
    .strictObject({
      heading,
      items: z
        .array(z.strictObject({ id: id(undefined, 'cancellation'), question: text(), answer: longText(PARAGRAPHS) }))
        .min(1)
        .superRefine(uniqueBy('id', 'question')),
    })
    .optional()
    .meta({ description: 'Questions visitors ask before booking, with their answers; search engines read them too' }),
  areas: z
    .strictObject({
      heading,
      districts: z.strictObject({ title: text(), items: textList('The districts the company works in; search engines read them') }),
      routes: z.strictObject({ title: text(), items: textList('Routes moved often, e.g. Kochi to Bengaluru') }).optional(),
    })
    .optional()
    .meta({ description: 'Where the company moves people: districts and frequent routes' }),
});

/** The privacy notice: what is collected, why, where it goes, for how long, and how to withdraw or complain. */
export const privacySchema = z.strictObject({
  seo: pageSeo,
  hero,
  sections: z
    .array(
      z.strictObject({
        id: id(undefined, 'your-rights'),
        title: text(),
        paragraphs: textList(undefined, { long: true }),
        points: textList('Items listed under the paragraphs, e.g. each detail the form asks for').optional(),
      }),
    )
    .min(1)
    .superRefine(uniqueBy('id', 'section')),
  contact: z
    .strictObject({ title: text(), text: longText('Above the company’s email, phone and address') })
    .meta({ description: 'Whom to write to about personal data; the contact details come from site.yaml' }),
  ownSite: z
    .strictObject({
      title: text('e.g. What our own site keeps'),
      paragraphs: textList('What the site itself keeps (each quote request, counts of visits and taps) and why', { long: true }),
      keptFor: longText('How long a quote request is kept, with {days} where the number of days goes (form.keepDays in site.yaml)').refine(
        (value) => value.includes('{days}'),
        {
          message: 'This text does not say how long requests are kept: write {days} where the number of days goes.',
          params: {
            problem: 'invalid-value',
            hint: 'for example: Each quote request is deleted from our site {days} days after you send it.',
          },
        },
      ),
    })
    .optional()
    .meta({
      description:
        'Shown on Cloudflare, where the site keeps quote requests and counts visits itself; GitHub Pages keeps nothing, so there it is left out',
    }),
});

export const notFoundSchema = z.strictObject({
  seo: pageSeo,
  heading,
  home: link,
  more: z.array(link).min(1).optional().meta({ description: 'Other places to go from here, e.g. the services and the quote form' }),
});

export type HomePage = z.infer<typeof homeSchema>;
export type AboutPage = z.infer<typeof aboutSchema>;
export type ServicesPage = z.infer<typeof servicesPageSchema>;
export type ContactPage = z.infer<typeof contactSchema>;
export type NotFoundPage = z.infer<typeof notFoundSchema>;
export type PrivacyPage = z.infer<typeof privacySchema>;
export type CallToAction = z.infer<typeof callToAction>;
