import { z } from 'zod';
import { DEFAULT_REQUEST_REPLY, REQUEST_REPLY_NAME } from '../contract/request-reply.js';
import { icon, id, longText, text, uniqueBy } from './fields.js';

const action = z.strictObject({
  id: id(undefined, 'call-back'),
  icon: icon(),
  title: text('The button text'),
  message: longText('The message the chat opens with'),
});

// A brace the inbox leaves as it is: {Name} or {naam} would reach the visitor written just so.
// ${fact} is not one of them: facts are written out before a text is checked.
const UNFILLED = /(?<!\$)\{[^{}\s]*\}/g;

const requestReply = text(
  `The start of your WhatsApp reply to a quote request, from the WhatsApp button in your inbox (/admin/requests/), in the language of the page the request came from; ${REQUEST_REPLY_NAME} stands for the visitor's name. Left out: ${DEFAULT_REQUEST_REPLY}`,
).superRefine((value, ctx) => {
  const other = [...value.matchAll(UNFILLED)].find(([found]) => found !== REQUEST_REPLY_NAME);
  if (!other) return;
  ctx.addIssue({
    code: 'custom',
    message: `This reply has ${other[0]} in it, which the inbox cannot fill in: the visitor would read it as it is.`,
    params: { problem: 'invalid-value', hint: `write ${REQUEST_REPLY_NAME} where the visitor's name goes, e.g. ${DEFAULT_REQUEST_REPLY}` },
  });
});

export const whatsappSchema = z.strictObject({
  openLabel: text('What screen readers announce for the floating button'),
  closeLabel: text(),
  title: text(),
  subtitle: text(),
  greeting: longText(),
  actions: z.array(action).min(1).superRefine(uniqueBy('id', 'quick action')),
  startChat: z.strictObject({ label: text(), message: text('The default message') }),
  requestReply: requestReply.optional(),
});

export type WhatsApp = z.infer<typeof whatsappSchema>;
export type WhatsAppAction = z.infer<typeof action>;
