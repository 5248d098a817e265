/**
 * The answers a visitor's browser gets. The page's script asks for JSON and shows the site's own
 * words; a form posted without JavaScript gets a page, in the language of the page it came from,
 * with words from the site's content: back to the form's page at its sent note (`#quote-sent`,
 * which the page's CSS shows), or, when the request was turned away, that page again with its
 * error note and its WhatsApp and call buttons shown.
 */
import type { Env } from '../env.js';
import { json, text } from '../http.js';
import { QUOTE_MESSAGES, QUOTE_RECEIVED, type QuoteMessageCode } from './messages.js';

/** workerd's streaming HTML rewriter, only as far as it is used here (the Worker has no type package). */
declare class HTMLRewriter {
  on(selector: string, handlers: { element(element: { removeAttribute(name: string): unknown }): void }): HTMLRewriter;
  transform(response: Response): Response;
}

/** A post without JavaScript: the browser asks for a page, not for JSON. */
export function wantsPage(request: Request): boolean {
  return !(request.headers.get('Accept') ?? '').includes('application/json');
}

export function received(page: URL | undefined): Response {
  if (!page) return json({ success: true, message: QUOTE_RECEIVED });
  const to = new URL(page);
  if (!to.hash) to.hash = 'quote-sent';
  return text('', 'text/plain; charset=utf-8', { Location: to.href }, 303);
}

export async function turnedAway(env: Env, page: URL | undefined, status: number, code: QuoteMessageCode): Promise<Response> {
  if (!page) return json({ success: false, code, message: QUOTE_MESSAGES[code] }, status);
  const built = await env.ASSETS.fetch(new Request(new URL(page.pathname, page)));
  if (!built.ok) return text(QUOTE_MESSAGES[code], 'text/plain; charset=utf-8', {}, status);
  const shown = new HTMLRewriter()
    .on('[data-form-error], [data-form-fallback]', { element: (element) => void element.removeAttribute('hidden') })
    .transform(built);
  // The page's own headers (its Content-Security-Policy among them) stay; only this answer is not to be kept.
  const headers = new Headers(built.headers);
  headers.set('Cache-Control', 'no-store');
  headers.delete('Content-Length');
  return new Response(shown.body, { status, headers });
}
