/**
 * Cloudflare Turnstile's check of a quote request, when the site has it (a site key in content, the
 * secret the Worker secret TURNSTILE_SECRET). The page's widget puts its token in the form's
 * `cf-turnstile-response` field; the Worker asks siteverify whether the token is good.
 *
 * Only a token siteverify rejects turns a request away. A request without a token is taken: a visitor
 * without JavaScript, or whose browser could not load the widget, has none, and losing their request
 * would be worse than a bot's getting through, which the hidden trap field and the hourly limit per
 * address still bound. When siteverify cannot be reached the request is taken too, for the same reason.
 */

/** Where the widget leaves its token in the form. */
export const TOKEN_FIELD = 'cf-turnstile-response';

/** Cloudflare's own siteverify address; TURNSTILE_VERIFY_URL names a stand-in instead. */
export const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** How long the visitor waits for siteverify before the request is taken unchecked. */
const VERIFY_TIMEOUT = 3000;

export interface TurnstileSettings {
  TURNSTILE_SECRET?: string;
  TURNSTILE_VERIFY_URL?: string;
}

/**
 * off: the site has no secret; passed: siteverify accepted the token; missing: no token came;
 * rejected: siteverify refused it; unavailable: siteverify did not answer in time or sensibly.
 */
export type Verdict = 'off' | 'passed' | 'missing' | 'rejected' | 'unavailable';

export async function verifyTurnstile(env: TurnstileSettings, form: FormData, address: string | null): Promise<Verdict> {
  if (!env.TURNSTILE_SECRET) return 'off';
  const token = form.get(TOKEN_FIELD);
  if (typeof token !== 'string' || token === '') return 'missing';
  const body = new FormData();
  body.set('secret', env.TURNSTILE_SECRET);
  body.set('response', token);
  if (address) body.set('remoteip', address);
  try {
    const answer = await fetch(env.TURNSTILE_VERIFY_URL || SITEVERIFY, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT),
    });
    if (!answer.ok) return 'unavailable';
    const { success } = (await answer.json()) as { success?: unknown };
    return success === true ? 'passed' : 'rejected';
  } catch {
    return 'unavailable';
  }
}
