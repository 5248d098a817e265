import { z } from 'zod';
import { icon, id, longText, text, uniqueBy } from './fields.js';

const action = z.strictObject({
  id: id(undefined, 'call-back'),
  icon: icon(),
  title: text('The button text'),
  message: longText('The message the chat opens with'),
});

export const whatsappSchema = z.strictObject({
  openLabel: text('What screen readers announce for the floating button'),
  closeLabel: text(),
  title: text(),
  subtitle: text(),
  greeting: longText(),
  actions: z.array(action).min(1).superRefine(uniqueBy('id', 'quick action')),
  startChat: z.strictObject({ label: text(), message: text('The default message') }),
});

export type WhatsApp = z.infer<typeof whatsappSchema>;
export type WhatsAppAction = z.infer<typeof action>;
