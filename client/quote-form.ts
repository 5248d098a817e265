/**
 * The quote form (client/HOOKS.md): sends the request with fetch as multipart form data and walks
 * through idle → sending → success | error without leaving the page. Without JavaScript the form
 * posts to its `action` instead, so this only adds to what already works.
 *
 * A request is never lost: on any failure the visitor's values stay, and the fallback offers the
 * same request on WhatsApp and a call; when the browser comes back online the form offers to send
 * the kept request; and the draft survives a reload (client/draft.ts).
 *
 * The browser's own required checks stay in charge: `submit` fires only after they pass.
 */
import { chooseLinkedService } from './chosen-service.js';
import { clearDraft, restoreDraft, saveDraft } from './draft.js';
import { afterNextPaint } from './idle.js';
import { payload, send, show, timeoutOf } from './relay.js';

/** How long the success message stays on screen. */
export const SUCCESS_MS = 5000;

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
  const find = <T extends HTMLElement = HTMLElement>(hook: string) => form.querySelector<T>(`[${hook}]`);
  const button = find<HTMLButtonElement>('data-submit');
  const label = find('data-submit-label');
  const spinner = find('data-spinner');
  const success = find('data-form-success');
  const failure = find('data-form-error');
  const offline = find('data-form-offline');
  const online = find('data-form-online');
  const fallback = find('data-form-fallback');
  const whatsapp = find<HTMLAnchorElement>('data-fallback-whatsapp');
  const honeypot = find<HTMLInputElement>('data-honeypot');
  let sending = false;
  // A request that failed and has not been sent since: coming back online offers to send it.
  let unsent = false;
  let successTimer: ReturnType<typeof setTimeout> | undefined;

  const showSuccess = () => {
    form.reset();
    clearDraft();
    unsent = false;
    delete form.dataset.request;
    show(success);
    successTimer = setTimeout(() => show(success, false), SUCCESS_MS);
  };

  const showFailure = (wasOffline: boolean) => {
    unsent = true;
    show(wasOffline ? offline : failure);
    if (whatsapp)
      whatsapp.href = whatsapp.href.split('?')[0] + '?text=' + encodeURIComponent(whatsappText(form, whatsapp.dataset.greeting));
    show(fallback);
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (sending) return;

    // A new attempt starts clean: the last answer's messages go away.
    clearTimeout(successTimer);
    for (const message of [success, failure, offline, online, fallback]) show(message, false);

    // Bots fill every field; people never see this one. Pretend it worked and send nothing.
    if (honeypot?.value) {
      showSuccess();
      return;
    }

    const subject = subjectLine(form.dataset.subjectPrefix ?? '', form.querySelector<HTMLInputElement>('[name=name]')?.value ?? '');
    // FormSubmit titles the email with `_subject`; `subject` is the field the spec names. Both carry it.
    for (const input of form.querySelectorAll<HTMLInputElement>('[data-subject]')) input.value = subject;

    sending = true;
    const idleLabel = label?.textContent ?? '';
    setBusy(true, button?.dataset.sendingLabel ?? idleLabel);
    // Told to the page (client/counts.ts counts it where the site counts): 'quote-sent' or 'quote-failed'.
    const tell = (detail: string) => form.dispatchEvent(new CustomEvent('quote', { bubbles: true, detail }));
    try {
      // "Sending..." reaches the screen first: building and starting the request took a slow
      // phone's main thread longer than a frame, in the same task as the tap.
      await afterNextPaint();
      // This request's mark, until it is received, kept with the draft through a reload: the site's
      // Worker (worker/quotes/fields.ts) keeps a request sent again with the same mark and fields
      // once (its answer lost on the way). Random, not the time: two phones may send at one moment.
      form.dataset.request ||= Math.random().toString(36).slice(2);
      saveDraft(form);
      const data = payload(form);
      // Only the site's own Worker (an address on the site) reads it; a relay would print it in the email.
      if (form.dataset.endpoint?.[0] === '/') data.set('_request', form.dataset.request);
      await send(form.dataset.endpoint ?? form.action, data, timeoutOf(form));
      showSuccess();
      tell('quote-sent');
    } catch (error) {
      console.error('The quote request could not be sent.', error);
      showFailure(!navigator.onLine);
      tell('quote-failed');
    } finally {
      sending = false;
      setBusy(false, idleLabel);
    }
  };
  const options = { signal };
  form.addEventListener('submit', onSubmit, options);
  form.addEventListener('input', () => saveDraft(form), options);
  form.addEventListener('change', () => saveDraft(form), options);
  find('data-form-resend')?.addEventListener('click', () => form.requestSubmit(), options);
  const onOnline = () => {
    if (!unsent) return;
    show(offline, false);
    show(online);
  };
  window.addEventListener('online', onOnline, options);
  restoreDraft(form);
  // A request sent and never answered before the page was left: it says so again, with its fallback.
  if (form.dataset.request) showFailure(!navigator.onLine);
  // The service the visitor chose by following its quote link wins over an older draft's.
  if (chooseLinkedService(form, location.search)) saveDraft(form);

  function setBusy(busy: boolean, text: string): void {
    if (button) button.disabled = busy;
    if (label) label.textContent = text;
    if (spinner) spinner.hidden = !busy;
    if (busy) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
  }
}

/**
 * The WhatsApp message for a request that could not be sent: the greeting, then one
 * "Label: value" line per answered field, in the form's order.
 */
export function whatsappText(form: HTMLFormElement, greeting = ''): string {
  const lines = [greeting];
  for (const field of form.querySelectorAll<HTMLInputElement>('[data-label]')) {
    const value = field.value.trim();
    if (value) lines.push(`${field.dataset.label}: ${value}`);
  }
  return lines.join('\n').trim();
}

/**
 * 'New Moving Quote Request - Anu Thomas': the prefix, one space, the name. The space is added here
 * because content text is trimmed, so a prefix arrives without its trailing space.
 */
export function subjectLine(prefix: string, name: string): string {
  return [prefix.trim(), name.trim()].filter(Boolean).join(' ');
}
