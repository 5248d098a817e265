/**
 * What a quote request may hold: the fields the site's form sends (templates/parts/QuoteForm.tsx),
 * each checked as the form checks it before it is kept or sent on.
 */

import { QUOTE_FIELD_LIMITS } from '../../generator/contract/quote-fields.js';

/** The form's own fields: whether the form requires it, and the most letters it may hold. */
const FIELDS = {
  name: { required: true, limit: QUOTE_FIELD_LIMITS.name },
  email: { required: true, limit: QUOTE_FIELD_LIMITS.email },
  phone: { required: true, limit: QUOTE_FIELD_LIMITS.phone },
  service: { required: true, limit: QUOTE_FIELD_LIMITS.service },
  moveFrom: { required: true, limit: QUOTE_FIELD_LIMITS.moveFrom },
  moveTo: { required: true, limit: QUOTE_FIELD_LIMITS.moveTo },
  moveDate: { required: false, limit: QUOTE_FIELD_LIMITS.moveDate },
  message: { required: false, limit: QUOTE_FIELD_LIMITS.message },
  // What shapes the relay's email: the subject (under both of the names relays read) and its layout.
  subject: { required: false, limit: 300 },
  _subject: { required: false, limit: 300 },
  _captcha: { required: false, limit: 20 },
  _template: { required: false, limit: 20 },
} as const;

type FieldName = keyof typeof FIELDS;

/** The hidden field people never see and bots fill in. */
export const HONEYPOT = '_honey';

/**
 * The mark the page's script gives a request (client/quote-form.ts: a short random word): the
 * same on the request sent again after its answer was lost. Kept beside the request, never sent on.
 */
export const REQUEST_REF = '_request';
const REF = /^[a-z0-9]{6,16}$/;

/** The request's mark, when the page's script gave it a well-formed one. */
export function requestRef(form: FormData): string | null {
  const ref = form.get(REQUEST_REF);
  return typeof ref === 'string' && REF.test(ref) ? ref : null;
}

/** Where the form's page asks a visitor without JavaScript to be sent afterwards. */
export const NEXT = '_next';

/** A whole request, far more than the longest message needs. */
export const BODY_LIMIT = 32 * 1024;

export type QuoteFields = Partial<Record<FieldName, string>>;

export type FieldsRefusal = 'quote-field-missing' | 'quote-field-too-long' | 'quote-email-wrong' | 'quote-date-wrong';

/**
 * The fields the relay will receive, or why they are refused. Unknown fields are dropped, and the
 * subject gets the visitor's name the way the page's script adds it ("New Moving Quote Request - Anu").
 */
export function readFields(form: FormData): QuoteFields | FieldsRefusal {
  const fields: QuoteFields = {};
  for (const [name, rule] of Object.entries(FIELDS) as Array<[FieldName, (typeof FIELDS)[FieldName]]>) {
    const raw = form.get(name);
    // A posted form carries each line break as CR LF, which the form's limit counted as one letter.
    const value = typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n').trim() : '';
    if (!value) {
      if (rule.required) return 'quote-field-missing';
      continue;
    }
    if (value.length > rule.limit) return 'quote-field-too-long';
    fields[name] = value;
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(fields.email!)) return 'quote-email-wrong';
  if (fields.moveDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(fields.moveDate)) return 'quote-date-wrong';
  for (const name of ['subject', '_subject'] as const) {
    if (fields[name] !== undefined) fields[name] = withName(fields[name]!, fields.name!);
  }
  return fields;
}

/** The page's script already wrote the name into the subject; a form posted without it did not. */
function withName(subject: string, name: string): string {
  return subject.endsWith(name) ? subject : `${subject} ${name}`;
}
