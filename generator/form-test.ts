/**
 * `site form-test`: one request, clearly marked as a test, to the relay the quote form uses, and
 * the answer in plain words. FormSubmit refuses every request until the recipient clicks the link
 * in its activation email, and says so only in its answer, so this is how an operator learns
 * whether quote requests reach the inbox before a customer finds out they do not.
 */

export interface FormTestRequest {
  /** The relay's AJAX address (the one the page's script posts to). */
  endpoint: string;
  /** Where the relay sends the email, when the content names it (form.recipient). */
  recipient?: string;
  subjectPrefix: string;
  timeoutMs: number;
}

export type FormTestOutcome =
  | { kind: 'accepted'; message?: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'http-error'; status: number; statusText: string }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; cause: string };

/** The name the test request is sent under, so the email is recognised at a glance. */
export const TEST_NAME = 'site form-test';

/** The fields of the test request, as the quote form would send them, marked as a test in the subject and a field of its own. */
export function testFields(request: FormTestRequest): FormData {
  const subject = `TEST ${request.subjectPrefix.trim()} ${TEST_NAME}`;
  const data = new FormData();
  data.set('name', TEST_NAME);
  if (request.recipient) data.set('email', request.recipient);
  data.set(
    'message',
    'A test request sent by "site form-test" to check that quote requests reach this inbox. No visitor sent it; you can delete it.',
  );
  data.set('test', 'yes: this is not a real quote request');
  data.set('subject', subject);
  data.set('_subject', subject);
  data.set('_template', 'table');
  return data;
}

/** Sends the one test request and says what became of it; never throws for what the network does. */
export async function sendFormTest(request: FormTestRequest): Promise<FormTestOutcome> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(request.endpoint, {
      method: 'POST',
      body: testFields(request),
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    body = await response.text();
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return { kind: 'timeout' };
    return { kind: 'unreachable', cause: networkCause(error) };
  }
  if (!response.ok) return { kind: 'http-error', status: response.status, statusText: response.statusText };
  let answer: { success?: unknown; message?: unknown } | undefined;
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    // Not JSON: an ok status is all there is to go on, as for the page's own form.
  }
  const message = typeof answer?.message === 'string' ? answer.message.trim() : undefined;
  if (answer?.success === false || answer?.success === 'false')
    return { kind: 'refused', reason: message || body.trim() || 'no reason given' };
  return { kind: 'accepted', message };
}

/** What the operator reads: a sentence on what happened, and for a failure what to do about it. */
export interface FormTestReport {
  ok: boolean;
  message: string;
  hint?: string;
}

export function describeOutcome(outcome: FormTestOutcome, request: FormTestRequest): FormTestReport {
  const at = request.endpoint;
  const inbox = request.recipient ?? 'the address in the relay’s endpoint';
  switch (outcome.kind) {
    case 'accepted':
      return {
        ok: true,
        message: `The form relay at ${at} accepted the test request${outcome.message ? ` ("${outcome.message}")` : ''}. Quote requests from the site will reach ${inbox}; look there for the email whose subject starts with "TEST".`,
      };
    case 'refused':
      return /activat/i.test(outcome.reason)
        ? {
            ok: false,
            message: `The form relay at ${at} refused the test request: "${outcome.reason}". Until the form is activated, every quote request from the site is refused too.`,
            hint: `open the email from FormSubmit in the inbox of ${inbox} (look in spam too), click its activation link, then run "site form-test" again`,
          }
        : {
            ok: false,
            message: `The form relay at ${at} refused the test request: "${outcome.reason}".`,
            hint: 'check form.recipient in content/site.yaml; if it is right, the relay’s own reason above says what it needs',
          };
    case 'http-error':
      return {
        ok: false,
        message: `The form relay at ${at} answered ${`${outcome.status} ${outcome.statusText}`.trim()} instead of accepting the test request.`,
        hint: 'check form.recipient (or the relay addresses) in content/site.yaml; if they are right, the relay is having trouble: try again later',
      };
    case 'timeout':
      return {
        ok: false,
        message: `The form relay at ${at} did not answer within ${Math.round(request.timeoutMs / 100) / 10} seconds.`,
        hint: 'the relay or this computer’s connection is slow or down: try again in a few minutes',
      };
    case 'unreachable':
      return {
        ok: false,
        message: `The form relay at ${at} could not be reached (${outcome.cause}).`,
        hint: 'check this computer’s internet connection and the relay address; then run "site form-test" again',
      };
  }
}

/** The low-level reason a fetch failed, e.g. "ECONNREFUSED" or "getaddrinfo ENOTFOUND relay.test". */
function networkCause(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.message === 'string' && cause.message) return cause.message;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}
