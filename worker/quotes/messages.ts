/**
 * What the visitor's browser is told when a quote request is turned away, by stable code. The page's
 * script shows the site's own words (the form's error message and its WhatsApp and call buttons, in
 * the page's language); these are for anything else that reads the answer.
 */
export const QUOTE_MESSAGES = {
  'quote-field-missing': 'A required field is empty: fill in your name, email, phone, the service and both places, then send again.',
  'quote-field-too-long': 'One of the fields is too long: shorten the message and send again.',
  'quote-email-wrong': 'That email address does not look complete: check it and send again.',
  'quote-date-wrong': 'The moving date could not be read: choose it again in the date field.',
  'quote-too-large': 'The request is too large to send: shorten the message and send again.',
  'quote-too-many':
    'Many requests were sent from this connection in the last hour, so this one was not taken. Send it on WhatsApp or call us instead.',
  'quote-turnstile':
    'The check that tells people from programs did not pass, so this request was not taken. Send it on WhatsApp or call us instead.',
  'quote-wrong-origin': 'This request did not come from this site’s own form, so it was not taken.',
} as const;

export type QuoteMessageCode = keyof typeof QUOTE_MESSAGES;

export const QUOTE_RECEIVED = 'Your request was received.';
