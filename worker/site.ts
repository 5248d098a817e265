/** Who the site is to a passkey: its origin and relying party id, from SITE_ORIGIN or the address the request came to. */
import type { Env } from './env.js';

export interface Site {
  origin: string;
  rpID: string;
}

export function siteOf(request: Request, env: Env): Site {
  const origin = env.SITE_ORIGIN ? new URL(env.SITE_ORIGIN).origin : new URL(request.url).origin;
  return { origin, rpID: new URL(origin).hostname };
}
