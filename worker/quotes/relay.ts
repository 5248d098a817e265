/** Sending one kept request on to the form-to-email relay, the way the site's page sends it. */
import type { KeptRequest } from './store.js';

export type Delivery = { delivered: true } | { delivered: false; error: string };

/**
 * Posts the request's fields as form data asking for JSON, like client/relay.ts, with the form's
 * page as the Referer the visitor's browser would have sent: relays use it to tell which site a
 * form is on, and some refuse a post without one. The relay took it when it answers 2xx without
 * `success: false` (FormSubmit's refusal of a form not activated yet); anything else, and no answer
 * within `timeoutMs`, is a failure told in plain words for the owner.
 */
export async function deliver(relay: string | undefined, { page, fields }: KeptRequest, timeoutMs: number): Promise<Delivery> {
  if (!relay)
    return {
      delivered: false,
      error: 'No relay address is set: the site was built without one and the Worker variable FORM_RELAY is empty.',
    };
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  let response: Response;
  try {
    response = await fetch(relay, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json', Referer: page },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      return { delivered: false, error: `The relay did not answer within ${timeoutMs / 1000} seconds.` };
    return { delivered: false, error: `The relay could not be reached: ${(error as Error).message}` };
  }
  const text = await response.text();
  if (!response.ok) return { delivered: false, error: `The relay answered ${response.status} ${response.statusText}`.trim() + '.' };
  let answer: { success?: unknown; message?: unknown } | undefined;
  try {
    answer = JSON.parse(text);
  } catch {
    // Not JSON: the status is all there is to go on.
  }
  if (answer?.success === false || answer?.success === 'false')
    return { delivered: false, error: `The relay refused it: ${String(answer.message ?? text)}` };
  return { delivered: true };
}
