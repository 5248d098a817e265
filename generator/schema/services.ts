import { z } from 'zod';
import { icon, id, longText, rupees, text, textList, uniqueBy } from './fields.js';
import { photo } from './photo.js';

export const serviceSchema = z.strictObject({
  id: id('How other files refer to this service', 'long-distance'),
  icon: icon(),
  title: text('The service name'),
  formLabel: text('The name in the quote form’s list, when it differs from the title').optional(),
  tagline: text(),
  shortDesc: longText('One or two sentences for cards and lists'),
  fullDescription: longText('The full description on the services page; a blank line starts a new paragraph'),
  whatsIncluded: textList(),
  keyFeatures: z.array(z.strictObject({ icon: icon(), title: text(), desc: text() })).min(1),
  pricing: z.strictObject({
    starting: rupees('The starting price in rupees, as a plain number such as 8999'),
    note: text('What the starting price covers, e.g. per month'),
    bands: z
      .array(z.strictObject({ label: text('e.g. 2 BHK within the city'), from: rupees('Its starting price in rupees, e.g. 12999') }))
      .min(1)
      .optional()
      .meta({ description: 'Starting prices for common sizes or distances, shown as a small table under the price' }),
    factors: textList('What changes the price, e.g. Floors without a lift').optional(),
  }),
  idealFor: textList(),
  process: textList('The steps of the service, in order'),
  image: photo('A photo of this service at work, shown on its card on the services page').optional(),
});

export const servicesSchema = z.strictObject({
  services: z.array(serviceSchema).min(1).superRefine(uniqueBy('id', 'service')),
});

export type Service = z.infer<typeof serviceSchema>;
