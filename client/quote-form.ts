/**
 * The quote form (client/HOOKS.md): sends the request with fetch as multipart form data and walks
 * through idle → sending → success | error without leaving the page. Without JavaScript the form
 * posts to its `action` instead, so this only adds to what already works.
 *
 * The browser's own required checks stay in charge: `submit` fires only after they pass.
 */

/** How long the success message stays on screen (SPEC.md §9). */
export const SUCCESS_MS = 5000;

/** Used when the form does not say how long to wait for the relay. */
const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * Enhances every [data-quote-form] under `root`. Returns a function that removes the listeners,
 * after which the forms post the plain way again.
 */
export function initQuoteForm(root: ParentNode): () => void {
  const stop = new AbortController();
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-quote-form]')) {
    enhance(form, stop.signal);
  }
  return () => stop.abort();
}

function enhance(form: HTMLFormElement, signal: AbortSignal): void {
  const find = <T extends Element>(hook: string) => form.querySelector<T>(`[${hook}]`);
  const button = find<HTMLButtonElement>('data-submit');
  const label = find<HTMLElement>('data-submit-label');
  const spinner = find<HTMLElement>('data-spinner');
  const success = find<HTMLElement>('data-form-success');
  const failure = find<HTMLElement>('data-form-error');
  const honeypot = find<HTMLInputElement>('data-honeypot');
  const subjectInput = find<HTMLInputElement>('data-subject');
  let sending = false;
  let successTimer: ReturnType<typeof setTimeout> | undefined;

  const showSuccess = () => {
    form.reset();
    if (!success) return;
    success.hidden = false;
    successTimer = setTimeout(() => (success.hidden = true), SUCCESS_MS);
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (sending) return;

    // A new attempt starts clean: the last answer's message goes away.
    clearTimeout(successTimer);
    if (success) success.hidden = true;
    if (failure) failure.hidden = true;

    // Bots fill every field; people never see this one. Pretend it worked and send nothing.
    if (honeypot?.value) {
      showSuccess();
      return;
    }

    const data = payload(form);
    const subject = subjectLine(form.dataset.subjectPrefix ?? '', String(data.get('name') ?? ''));
    if (subjectInput) subjectInput.value = subject;
    data.set('subject', subject);

    sending = true;
    const idleLabel = label?.textContent ?? '';
    setBusy(true, button?.dataset.sendingLabel ?? idleLabel);
    try {
      await send(form.dataset.endpoint ?? form.action, data, timeoutOf(form));
      showSuccess();
    } catch (error) {
      console.error('The quote request could not be sent.', error);
      if (failure) failure.hidden = false;
    } finally {
      sending = false;
      setBusy(false, idleLabel);
    }
  };
  form.addEventListener('submit', onSubmit, { signal });

  function setBusy(busy: boolean, text: string): void {
    if (button) button.disabled = busy;
    if (label) label.textContent = text;
    if (spinner) spinner.hidden = !busy;
    if (busy) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
  }
}

/**
 * The visitor's answers. Fields named `_…` (`_next`, `_captcha`, the `_honey` trap) tell the relay
 * how to treat the plain no-JavaScript post; they mean nothing to its AJAX endpoint, so they stay home.
 */
function payload(form: HTMLFormElement): FormData {
  const data = new FormData();
  for (const [name, value] of new FormData(form)) {
    if (!name.startsWith('_')) data.append(name, value);
  }
  return data;
}

/**
 * 'New Moving Quote Request - Anu Thomas': the prefix, one space, the name. The space is added here
 * because content text is trimmed, so a prefix arrives without its trailing space.
 */
export function subjectLine(prefix: string, name: string): string {
  return [prefix.trim(), name.trim()].filter(Boolean).join(' ');
}

function timeoutOf(form: HTMLFormElement): number {
  const ms = Number(form.dataset.timeoutMs);
  return ms > 0 ? ms : DEFAULT_TIMEOUT_MS;
}

/**
 * Posts `data` and resolves when the relay accepted it. Rejects on a network failure, a non-ok
 * status, a JSON answer with `success: false` (or "false", how the relay refuses a form that is
 * not activated yet) and when the whole exchange takes longer than `timeoutMs`.
 */
async function send(endpoint: string, data: FormData, timeoutMs: number): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`The form relay did not answer within ${timeoutMs} ms`)),
    timeoutMs,
  );
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
