/**
 * The floating WhatsApp widget (client/HOOKS.md). Without JavaScript the toggle is a plain link
 * to a chat; with it, the toggle opens a popup of quick actions, each a real link to wa.me that
 * the server rendered, so the browser opens the chat and the popup simply closes behind it.
 */

/** Enhances the [data-whatsapp] widget under `root`, if the page has one. */
export function initWhatsApp(root: ParentNode): void {
  const widget = root.querySelector<HTMLElement>('[data-whatsapp]');
  const toggle = widget?.querySelector<HTMLAnchorElement>('[data-whatsapp-toggle]');
  const popup = widget?.querySelector<HTMLElement>('[data-whatsapp-popup]');
  if (!widget || !toggle || !popup) return;
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

  // With JavaScript the link acts as a button that shows the popup.
  toggle.setAttribute('role', 'button');
  toggle.setAttribute('aria-expanded', 'false');
  toggle.addEventListener('click', (event) => {
    event.preventDefault();
    setOpen(!open);
  });
  // Links answer Enter by themselves; a button also answers Space.
  toggle.addEventListener('keydown', (event) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    setOpen(!open);
  });

  popup.addEventListener('click', (event) => {
    const target = event.target as Element;
    // A quick action's link opens the chat in a new tab on its own; the popup just closes.
    if (target.closest('[data-whatsapp-action], [data-whatsapp-close]')) setOpen(false);
  });
  widget.ownerDocument.addEventListener('keydown', (event) => {
    if (open && event.key === 'Escape') setOpen(false);
  });
}
