/**
 * Every write is checked before it runs: it must come from a page of this site (the Origin header
 * a browser always sends with a POST, PUT or DELETE), and, once signed in, carry the session's
 * own CSRF token in a header. SameSite=Strict already keeps the cookie off other sites' requests;
 * these two checks hold even where a browser or a proxy gets that wrong.
 */
import type { MessageCode } from './messages.js';
import type { Session } from './sessions.js';

export const CSRF_HEADER = 'X-CSRF-Token';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isWrite(request: Request): boolean {
  return WRITES.has(request.method);
}

/** The refusal for a write from another origin, or undefined when it came from this site. */
export function checkOrigin(request: Request, siteOrigin: string): MessageCode | undefined {
  return request.headers.get('Origin') === siteOrigin ? undefined : 'wrong-origin';
}

/** The refusal for a signed-in write without the session's token, or undefined when it has it. */
export function checkCsrf(request: Request, session: Session): MessageCode | undefined {
  const sent = request.headers.get(CSRF_HEADER);
  return sent !== null && sent.length > 0 && sent === session.csrfToken ? undefined : 'csrf-missing';
}
