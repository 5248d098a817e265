/**
 * The floating WhatsApp widget (client/HOOKS.md). Without JavaScript the toggle is a plain link
 * to a chat; with it, the toggle opens a popup of quick actions, each a real link to wa.me that
 * the server rendered, so the browser opens the chat and the popup simply closes behind it.
 */

/**
 * Enhances the [data-whatsapp] widget under `root`, if the page has one. Returns a function that
 * removes every listener it added.
 */
export function initWhatsApp(root: ParentNode): () => void {
  const widget = root.querySelector<HTMLElement>('[data-whatsapp]');
  const toggle = widget?.querySelector<HTMLAnchorElement>('[data-whatsapp-toggle]');
  const popup = widget?.querySelector<HTMLElement>('[data-whatsapp-popup]');
  if (!widget || !toggle || !popup) return () => undefined;
  let open = false;

  const setOpen = (next: boolean) => {
    open = next;
    widget.toggleAttribute('data-open', open);
    popup.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    const name = open ? toggle.dataset.closeLabel : toggle.dataset.openLabel;
    if (name) toggle.setAttribute('aria-label', name);
    if (open) popup.querySelector<HTMLElement>('[data-whatsapp-action]')?.focus();
    else toggle.focus();
  };

  const onToggleClick = (event: Event) => {
    event.preventDefault();
    setOpen(!open);
  };
  // Links answer Enter by themselves; a button also answers Space.
  const onToggleKey = (event: KeyboardEvent) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    setOpen(!open);
  };
  // A quick action's link opens the chat in a new tab by itself; the popup just closes behind it.
  const onPopupClick = (event: Event) => {
    if ((event.target as Element).closest('[data-whatsapp-action], [data-whatsapp-close]')) setOpen(false);
  };
  const onKey = (event: KeyboardEvent) => {
    if (open && event.key === 'Escape') setOpen(false);
  };

  // With JavaScript the link acts as a button that shows the popup.
  toggle.setAttribute('role', 'button');
  toggle.setAttribute('aria-expanded', 'false');
  const stop = new AbortController();
  const options = { signal: stop.signal };
  toggle.addEventListener('click', onToggleClick, options);
  toggle.addEventListener('keydown', onToggleKey, options);
  popup.addEventListener('click', onPopupClick, options);
  widget.ownerDocument.addEventListener('keydown', onKey, options);
  return () => stop.abort();
}
