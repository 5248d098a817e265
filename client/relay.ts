/**
 * Talking to the form relay from the page (client/HOOKS.md): the quote form and the newsletter
 * box both post multipart form data to its AJAX address and ask for JSON.
 */

/** Used when a form does not say how long to wait for the relay. */
const DEFAULT_TIMEOUT_MS = 20_000;

/** How long to wait for the relay: the form's `data-timeout-ms`. */
export function timeoutOf(form: HTMLFormElement): number {
  return Number(form.dataset.timeoutMs) || DEFAULT_TIMEOUT_MS;
}

/**
 * What the page sends for `form`: every field but `_next` and the `_honey` trap, which only
 * steer the relay's plain no-JavaScript post (`_subject` and `_template` shape the email, so they go).
 */
export function payload(form: HTMLFormElement): FormData {
  const data = new FormData(form);
  data.delete('_next');
  data.delete('_honey');
  return data;
}

/**
 * Posts `data` and resolves when the relay accepted it. Rejects at once when the browser knows it
 * is offline, and on a network failure, a non-ok status, a JSON answer with `success: false`
 * (or "false", how FormSubmit refuses a form that is not activated yet) and when the whole
 * exchange takes longer than `timeoutMs`.
 */
export async function send(endpoint: string, data: FormData, timeoutMs: number): Promise<void> {
  if (!navigator.onLine) throw new Error('The browser is offline');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`The form relay did not answer within ${timeoutMs} ms`)), timeoutMs);
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      body: data,
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`The form relay answered ${response.status} ${response.statusText}`.trim());
    const body = await response.text();
    let answer: { success?: unknown; message?: unknown } | undefined;
    try {
      answer = JSON.parse(body);
    } catch {
      // Not JSON: an ok status is all there is to go on.
    }
    if (answer?.success === false || answer?.success === 'false') {
      throw new Error(`The form relay refused the request: ${String(answer.message ?? body)}`);
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Shows `element` (or hides it with `show` false), and when shown brings it into view: CSS gives
 * messages a scroll margin, so on a phone they stop above the floating WhatsApp button.
 */
export function show(element: HTMLElement | null, visible = true): void {
  if (!element) return;
  element.hidden = !visible;
  if (visible) element.scrollIntoView?.({ block: 'nearest' });
}
