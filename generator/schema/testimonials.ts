import { z } from 'zod';
import { id, serviceRef, text, uniqueBy } from './fields.js';

export const testimonialSchema = z.strictObject({
  id: id(),
  name: text(),
  location: text('Where the customer moved, e.g. Kochi to Bengaluru'),
  rating: z.literal(5).meta({ expected: 'the rating 5', hint: 'only five-star reviews are shown' }),
  comment: text(),
  avatar: z
    .string()
    .regex(/^\p{Lu}{1,3}$/u)
    .meta({ expected: 'the customer’s initials, one to three capital letters', hint: 'e.g. AM for Anjali Menon' }),
  date: text('When, as visitors read it, e.g. 2 weeks ago'),
  service: serviceRef(),
});

export const testimonialsSchema = z.strictObject({
  testimonials: z.array(testimonialSchema).min(1).superRefine(uniqueBy('id', 'testimonial')),
});

export type Testimonial = z.infer<typeof testimonialSchema>;
