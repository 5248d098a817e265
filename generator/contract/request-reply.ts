/**
 * The first words of the owner's WhatsApp reply to a quote request, which the inbox's WhatsApp
 * button opens the chat with (worker/admin/inbox-page.ts). The visitor reads them, so the content
 * writes them in each language (`requestReply` in whatsapp.yaml) and a Cloudflare build hands them
 * to the Worker (generator/hosts.ts). These words stand in where the content has none: content
 * written before the field existed still builds, and its inbox says what it always said.
 */
export const DEFAULT_REQUEST_REPLY = 'Hello {name}, about your moving quote request:';

/** The one placeholder the reply may hold; the inbox fills it with the name the visitor gave. */
export const REQUEST_REPLY_NAME = '{name}';

/** The reply with the visitor's name written where the text says {name}. */
export function replyTo(reply: string, name: string): string {
  // A function, not a string: a name such as "$&" would otherwise be read as a replacement pattern.
  return reply.replaceAll(REQUEST_REPLY_NAME, () => name);
}
