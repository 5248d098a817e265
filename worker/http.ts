/** Answers and cookies shared by every route. */
import { MESSAGES, type MessageCode } from './messages.js';

/** Nothing the Worker answers may be kept by a browser or a cache: it is about one signed-in owner. */
const PRIVATE = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin' };

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { ...PRIVATE, 'Content-Type': 'application/json; charset=utf-8' },
  });
  new Headers(headers).forEach((value, name) => response.headers.append(name, value));
  return response;
}

/** A refusal: its stable code and the owner's words for it. */
export function refuse(status: number, code: MessageCode, headers: HeadersInit = {}): Response {
  return json({ code, message: MESSAGES[code] }, status, headers);
}

/**
 * A signed-out visit to an owner's page: to the sign-in screen, which comes back to this page
 * once signed in (admin/script.ts follows `back` only to this site's own /admin/ pages).
 */
export function signInFirst(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  const location = `/admin/?back=${encodeURIComponent(pathname + search)}`;
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

export function text(body: string, type: string, headers: Record<string, string> = {}, status = 200): Response {
  return new Response(body, { status, headers: { ...PRIVATE, 'Content-Type': type, ...headers } });
}

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * A cookie only this site's pages send back, only over HTTPS, never to another site's page, and
 * never readable by a script (`__Host-` makes the browser insist on Secure, Path=/ and no Domain).
 */
export function cookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; Secure; HttpOnly; SameSite=Strict`;
}

export async function readJson(request: Request): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
