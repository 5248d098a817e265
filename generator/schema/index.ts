import type { z } from 'zod';
import { aboutSchema, contactSchema, homeSchema, notFoundSchema, privacySchema, servicesPageSchema } from './pages.js';
import { servicesSchema } from './services.js';
import { siteSchema } from './site.js';
import { testimonialsSchema } from './testimonials.js';
import { layoutSchema } from './layout.js';
import { whatsappSchema } from './whatsapp.js';
import type { Language } from '../contract/languages.js';

/**
 * Every file the site is made of, relative to the content folder, with its schema.
 * The order is the order problems are reported in when lines tie.
 */
export const CONTENT_FILES = {
  'site.yaml': siteSchema,
  'services.yaml': servicesSchema,
  'testimonials.yaml': testimonialsSchema,
  'whatsapp.yaml': whatsappSchema,
  'layout.yaml': layoutSchema,
  'pages/home.yaml': homeSchema,
  'pages/about.yaml': aboutSchema,
  'pages/services.yaml': servicesPageSchema,
  'pages/contact.yaml': contactSchema,
  'pages/not-found.yaml': notFoundSchema,
  'pages/privacy.yaml': privacySchema,
} as const;

export type ContentFile = keyof typeof CONTENT_FILES;
export type ContentOf<F extends ContentFile> = z.infer<(typeof CONTENT_FILES)[F]>;

/** The validated site: what templates receive. */
export interface Site {
  settings: ContentOf<'site.yaml'>;
  services: ContentOf<'services.yaml'>['services'];
  testimonials: ContentOf<'testimonials.yaml'>['testimonials'];
  whatsapp: ContentOf<'whatsapp.yaml'>;
  layout: ContentOf<'layout.yaml'>;
  pages: {
    home: ContentOf<'pages/home.yaml'>;
    about: ContentOf<'pages/about.yaml'>;
    services: ContentOf<'pages/services.yaml'>;
    contact: ContentOf<'pages/contact.yaml'>;
    notFound: ContentOf<'pages/not-found.yaml'>;
    privacy: ContentOf<'pages/privacy.yaml'>;
  };
  /**
   * The same site in each language the content translates it into (content/ml/…): every value
   * as in English, with the translated texts laid over. Only the English site carries them.
   */
  translations?: Translation[];
}

export interface Translation {
  language: Language;
  site: Site;
  /**
   * Where `site` holds an English text because the translation has none yet, as paths into it
   * (['services', 6, 'title']): the pages mark those texts as English (translations/fallback.ts).
   */
  inEnglish: readonly (readonly (string | number)[])[];
}

export type { Service } from './services.js';
export type { Testimonial } from './testimonials.js';
export type { WhatsApp, WhatsAppAction } from './whatsapp.js';
export type { CallToAction } from './pages.js';
export type { IconName } from '../contract/icons.js';
export { ICON_NAMES } from '../contract/icons.js';
export { ROUTES, type Route } from './fields.js';
export { officesOf, type Office } from './offices.js';
