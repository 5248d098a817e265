/**
 * Quote drafts (client/HOOKS.md): what a visitor types is kept in sessionStorage as they type, so
 * a reload or a wrong tap costs nothing. sessionStorage, never localStorage: it dies with the tab,
 * so the next person on a shared family phone does not find it. Only fields with `data-label`
 * are kept (never the honeypot or the hidden relay fields), with the mark of a request sent and not
 * yet answered (`data-request` on the form, client/quote-form.ts) under `_request`.
 */

const KEY = 'quote-draft';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const fieldsOf = (form: HTMLFormElement) => form.querySelectorAll<Field>('[data-label]');

/**
 * Storage can be switched off or full (private modes); a draft is a convenience, so failing to
 * keep one must never stop the form.
 */
function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

export function saveDraft(form: HTMLFormElement): void {
  const values: Record<string, string> = {};
  for (const field of fieldsOf(form)) values[field.name] = field.value;
  values._request = form.dataset.request ?? '';
  attempt(() => sessionStorage.setItem(KEY, JSON.stringify(values)));
}

export function restoreDraft(form: HTMLFormElement): void {
  const values = attempt(() => JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, unknown>);
  for (const field of fieldsOf(form)) {
    const value = values?.[field.name];
    if (typeof value === 'string') field.value = value;
  }
  if (values?._request) form.dataset.request = String(values._request);
}

export function clearDraft(): void {
  attempt(() => sessionStorage.removeItem(KEY));
}
