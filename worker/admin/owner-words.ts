/**
 * What the relay's answer means for the owner, without its technical words: the stored reason
 * (quotes/relay.ts) may name an HTTP status, which the owner has no use for.
 */
import { PER_HOUR } from '../quotes/limit.js';
import { HELD } from '../quotes/store.js';

export function deliveryProblem(lastError: string | null): string {
  const error = lastError ?? '';
  if (error === HELD)
    return `More than ${PER_HOUR} requests came from one connection within the hour, so it was held back in case it is spam. If it is a real customer, press “Send to email again”.`;
  if (error.startsWith('No relay address'))
    return 'No email address is set up for quote requests yet. Ask whoever looks after the site to set one.';
  if (error.includes('refused it'))
    return 'Your email service refused it. If this is your first request, open the email it sent you to confirm your address, then press “Send to email again”.';
  if (error.includes('did not answer') || error.includes('could not be reached')) return 'Your email service could not be reached.';
  if (error.includes('Not taken by the relay within'))
    return 'Your email service did not take it within 7 days, so it is no longer sent by itself.';
  return 'Your email service did not take it.';
}
