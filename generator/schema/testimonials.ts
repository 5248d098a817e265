import { z } from 'zod';
import { url } from './addresses.js';
import { id, longText, sameText, serviceRef, text, uniqueBy } from './fields.js';
import { photo } from './photo.js';

const DATE_HINT = 'write the date of the review as year-month-day, e.g. 2026-10-12; the page shows it as October 2026';

/**
 * A calendar date written year-month-day. Reviews carry the date itself rather than "2 weeks
 * ago", which would go stale the day after it was written.
 */
const reviewDate = z
  .string()
  .superRefine((value, ctx) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    const [year, month, day] = match ? match.slice(1).map(Number) : [];
    const date = match ? new Date(Date.UTC(year!, month! - 1, day!)) : undefined;
    if (date && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day) return;
    ctx.addIssue({
      code: 'custom',
      message: match
        ? `There is no such day as ${value.trim()}.`
        : `Expected the date of the review as year-month-day, got "${value}"; a date such as "2 weeks ago" would soon be wrong.`,
      params: { problem: 'bad-format', hint: DATE_HINT },
    });
  })
  .meta({
    description: 'When the review was written, year-month-day (e.g. 2026-10-12); the page shows the month and year',
    expected: 'a date such as 2026-10-12',
    hint: DATE_HINT,
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    kind: 'date',
  });

export const testimonialSchema = z.strictObject({
  id: id(undefined, 'priya-nair'),
  name: sameText('The customer’s name, the same in every language'),
  location: text('Where the customer moved, e.g. Kochi to Bengaluru'),
  rating: z.number().int().min(1).max(5).meta({
    description: 'Stars the customer gave, 1 to 5',
    expected: 'a whole number of stars',
    hint: 'give 1 to 5 stars, as a plain number, e.g. rating: 4',
  }),
  comment: longText(),
  avatar: z
    .string()
    .regex(/^\p{Lu}{1,3}$/u)
    .optional()
    .meta({
      description: 'The initials shown in place of a photo; left out, they are taken from the name (Anjali Menon: AM)',
      expected: 'the customer’s initials, one to three capital letters',
      hint: 'e.g. AM for Anjali Menon',
    }),
  date: reviewDate,
  service: serviceRef(),
  photo: photo('A photo of the customer, shown in a small circle in place of the initials (only with their permission)').optional(),
  source: z
    .strictObject({
      name: sameText('The site the review was posted on, e.g. Google'),
      url: url({}, 'The review itself, or the page listing the reviews').optional(),
    })
    .optional()
    .meta({ description: 'Where the review was posted, so visitors can read it there' }),
});

export const testimonialsSchema = z.strictObject({
  testimonials: z
    .array(testimonialSchema)
    .superRefine(uniqueBy('id', 'testimonial'))
    .nullable()
    .transform((list) => list ?? [])
    .meta({ description: 'Customer reviews shown on the home page; with none (testimonials: []) the reviews section is left out' }),
});

export type Testimonial = z.infer<typeof testimonialSchema>;
