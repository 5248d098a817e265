import { z } from 'zod';
import { mapEmbedAddress, url } from './addresses.js';
import { coordinate, email, id, phone, sameText, text } from './fields.js';

/** Where a map or directions link may lead: the map services the contact page can embed. */
export const MAP_HOSTS = ['google.com', 'openstreetmap.org'] as const;

const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .meta({
    expected: 'a 24-hour time such as 08:00',
    hint: 'write two digits for the hour and two for the minutes, in quotes: "08:00" or "20:00"',
    editorHint: 'type two digits for the hour and two for the minutes, e.g. 08:00',
  });

const address = z.strictObject({
  // The postal address reads as the post office and map apps know it, in every language.
  street: sameText(),
  locality: sameText('Area or neighbourhood').optional(),
  city: sameText(),
  region: sameText(),
  postalCode: z
    .string()
    .regex(/^\d{6}$/)
    .meta({
      expected: 'a six-digit PIN code',
      hint: 'write the six digits in quotes, e.g. "682024"',
      editorHint: 'type the six digits, e.g. 682024',
    }),
  country: z.enum(['IN']).meta({ expected: 'the country code IN' }),
});

const openingHours = z.strictObject({
  days: z.array(z.enum(DAYS).meta({ expected: `a day: ${DAYS.join(', ')}` })).min(1),
  opens: clockTime,
  closes: clockTime,
});

const geo = z
  .strictObject({
    latitude: coordinate('latitude', 90),
    longitude: coordinate('longitude', 180),
  })
  .meta({
    description:
      'Where the office is on the map, for search engines: in Google Maps, touch and hold the office on a phone (right-click it on a computer) to see its two numbers, or in OpenStreetMap choose Show address, and copy the two numbers',
  });

/** What every office has, the main one under `contact:` and each of `offices:`. */
const place = {
  label: text(
    'The office’s name on the contact page and in the footer when the company has more than one, e.g. Head office, Kozhikode',
  ).optional(),
  cityName: text(
    'The city as visitors read it in this language, e.g. Kozhikode (the Malayalam file gives it in Malayalam); left out, the city of the address. ${city} in any text stands for the main office’s',
  ).optional(),
  address,
  mapEmbedUrl: mapEmbedAddress('The map shown on the contact page: the embed address Google Maps or OpenStreetMap gives for the office'),
  directionsUrl: url({ hosts: MAP_HOSTS }, 'Where the Get Directions link goes'),
  geo,
};

/**
 * The company's contact details and its main office, as the single `contact:` block has always
 * held them: a company with one office writes nothing else.
 */
export const mainOffice = z.strictObject({
  phone: phone('The number visitors call; shown on every page'),
  whatsapp: phone('The WhatsApp number chats open with'),
  email: email('Where visitors write to'),
  ...place,
  hours: text('Opening hours as visitors read them, e.g. Mon-Sat 8AM-8PM'),
  openingHours,
  support: text('How support is available, e.g. 24/7 support'),
});

/** One more office: its own place and map; its phone and hours, when left out, are the main office's. */
export const branchOffice = z.strictObject({
  id: id('A short name for the office; the Malayalam file names it to say which office it translates', 'kannur'),
  ...place,
  phone: phone('The office’s own number; left out, the main number').optional(),
  hours: text('The office’s opening hours as visitors read them; left out, the main office’s').optional(),
  openingHours: openingHours.optional(),
});

type Settings = { contact: z.infer<typeof mainOffice>; offices?: z.infer<typeof branchOffice>[] | undefined };

/** An office as the pages show it, whichever block it was written in. */
export interface Office {
  /** The office's id in `offices:`; the main office has none. */
  id?: string;
  /** The office's name in this language: its label, else its city. */
  name: string;
  phone: string;
  address: z.infer<typeof address>;
  hours: string;
  openingHours: z.infer<typeof openingHours>;
  mapEmbedUrl: string;
  directionsUrl: string;
  geo: z.infer<typeof geo>;
  /** The city as visitors of this language read it. */
  city: string;
}

/** Every office, the main one (`contact:`) first, with what a branch leaves out taken from it. */
export function officesOf(settings: Settings): Office[] {
  const { contact } = settings;
  return [asOffice(contact, contact), ...(settings.offices ?? []).map((office) => ({ id: office.id, ...asOffice(office, contact) }))];
}

function asOffice(office: z.infer<typeof branchOffice> | z.infer<typeof mainOffice>, main: z.infer<typeof mainOffice>): Office {
  const city = office.cityName ?? office.address.city;
  return {
    name: office.label ?? city,
    phone: office.phone ?? main.phone,
    address: office.address,
    hours: office.hours ?? main.hours,
    openingHours: office.openingHours ?? main.openingHours,
    mapEmbedUrl: office.mapEmbedUrl,
    directionsUrl: office.directionsUrl,
    geo: office.geo,
    city,
  };
}
