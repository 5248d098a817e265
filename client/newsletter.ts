/**
 * The newsletter box in the footer (client/HOOKS.md): sends the address to the relay with fetch
 * and answers in the box's own status region. Without JavaScript the box posts to the relay's
 * plain address, which sends the visitor back to the same page.
 */
import { payload, send, show, timeoutOf } from './relay.js';

/** Enhances every [data-newsletter] form under `root`. Returns a function that removes the listeners. */
export function initNewsletter(root: ParentNode): () => void {
  const stop = new AbortController();
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-newsletter]')) {
    const find = <T extends HTMLElement = HTMLElement>(hook: string) => form.querySelector<T>(`[${hook}]`);
    const button = find<HTMLButtonElement>('data-newsletter-submit');
    const success = find('data-newsletter-success');
    const failure = find('data-newsletter-error');

    const onSubmit = async (event: Event) => {
      event.preventDefault();
      if (button?.disabled) return;
      show(success, false);
      show(failure, false);
      // The trap field: a bot is told it worked, and nothing is sent.
      if (find<HTMLInputElement>('data-honeypot')?.value) {
        show(success);
        return;
      }
      if (button) button.disabled = true;
      try {
        await send(form.dataset.endpoint ?? form.action, payload(form), timeoutOf(form));
        form.reset();
        show(success);
      } catch (error) {
        console.error('The newsletter sign-up could not be sent.', error);
        show(failure);
      } finally {
        if (button) button.disabled = false;
      }
    };
    form.addEventListener('submit', onSubmit, { signal: stop.signal });
  }
  return () => stop.abort();
}
