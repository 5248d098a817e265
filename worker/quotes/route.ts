/**
 * POST /api/quote: a quote request from the site's form. It is checked, kept in D1, and only then
 * sent on to the relay; when the relay does not take it, the visitor is still told it was received,
 * since it is kept and the scheduled run (run.ts) sends it later.
 */
import type { Env } from '../env.js';
import { TRANSLATIONS } from '../../generator/contract/languages.js';
import { received, turnedAway, wantsPage } from './answers.js';
import { BODY_LIMIT, HONEYPOT, NEXT, readFields, requestRef } from './fields.js';
import { HELD_PER_HOUR, withinLimit } from './limit.js';
import type { QuoteMessageCode } from './messages.js';
import { deliver } from './relay.js';
import { relayAddress } from './built-settings.js';
import { VISITOR_RELAY_TIMEOUT } from './schedule.js';
import { countRefusal, heldWithinHour, hold, keep, keptAlready, markDelivered, markFailed } from './store.js';
import { verifyTurnstile } from '../turnstile/verify.js';

export async function handleQuote(request: Request, env: Env, origin: string, now: number): Promise<Response> {
  const plain = wantsPage(request);
  const refuse = async (status: number, code: QuoteMessageCode, reason: string, page?: URL) => {
    await countRefusal(env.DB, reason, now);
    return turnedAway(env, plain ? page : undefined, status, code);
  };
  if (request.headers.get('Origin') !== origin) return refuse(403, 'quote-wrong-origin', 'wrong-origin');
  if (Number(request.headers.get('Content-Length') ?? 0) > BODY_LIMIT) return refuse(413, 'quote-too-large', 'invalid');
  let form: FormData;
  try {
    const body = await request.arrayBuffer();
    if (body.byteLength > BODY_LIMIT) return refuse(413, 'quote-too-large', 'invalid');
    form = await new Response(body, { headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' } }).formData();
  } catch {
    return refuse(400, 'quote-field-missing', 'invalid');
  }
  const page = formPage(form, request, origin);
  const answerPage = plain ? page : undefined;
  // People never see the trap; a bot that filled it is told it worked, so it does not try again.
  if (form.get(HONEYPOT)) {
    await countRefusal(env.DB, 'honeypot', now);
    return received(answerPage);
  }
  const fields = readFields(form);
  if (typeof fields === 'string') return refuse(400, fields, 'invalid', page);
  // Sent again because its answer was lost on the way: received already, not to be sent twice or counted again.
  const ref = requestRef(form);
  if (ref && (await keptAlready(env.DB, ref, fields, now))) return received(answerPage);
  const address = request.headers.get('CF-Connecting-IP');
  const within = await withinLimit(env.DB, address ?? 'unknown', now);
  if (!within && (await heldWithinHour(env.DB, now)) >= HELD_PER_HOUR) return refuse(429, 'quote-too-many', 'too-many', page);
  // After the limit, so a flood of made-up tokens costs at most the hour's few calls to siteverify.
  if ((await verifyTurnstile(env, form, address)) === 'rejected') return refuse(403, 'quote-turnstile', 'turnstile', page);

  // Only the page's address is kept, never its #fragment or query.
  const pageAddress = new URL(page.pathname, page).href;
  if (!within) {
    await hold(env.DB, fields, pageAddress, languageOf(page), now, ref);
    return received(answerPage);
  }
  const kept = await keep(env.DB, fields, pageAddress, languageOf(page), now, ref);
  const delivery = await deliver(await relayAddress(env), kept, VISITOR_RELAY_TIMEOUT);
  if (delivery.delivered) await markDelivered(env.DB, kept.id, Date.now());
  else await markFailed(env.DB, kept.id, delivery.error);
  return received(answerPage);
}

/**
 * The page the form was on, on this site: the form's `_next` (its own page at #quote-sent), else the
 * page the browser came from, else the contact page. Only its path is used, so no answer sends a
 * visitor to another site.
 */
function formPage(form: FormData, request: Request, origin: string): URL {
  for (const candidate of [form.get(NEXT), request.headers.get('Referer')]) {
    if (typeof candidate !== 'string' || !URL.canParse(candidate)) continue;
    const { pathname, search, hash } = new URL(candidate);
    return new URL(pathname + search + hash, origin);
  }
  return new URL('/contact/', origin);
}

/** The page's language: the translation whose folder its address starts with, else English. */
function languageOf(page: URL): string {
  return TRANSLATIONS.find((language) => page.pathname.startsWith(`/${language.folder}/`))?.code ?? 'en';
}
