/**
 * The mobile menu (client/HOOKS.md): the toggle opens and closes [data-menu]; a link inside it,
 * the overlay and Escape close it. CSS shows the toggle only where scripting is enabled (`@media (scripting: enabled)`).
 */
import { markOpen } from './toggle.js';

/**
 * Enhances the [data-menu-toggle] under `root`, if the page has one. Returns a function that
 * removes every listener it added.
 */
export function initMenu(root: ParentNode): () => void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = root.querySelector<HTMLElement>('[data-menu]');
  if (!toggle || !menu) return () => undefined;
  const overlay = root.querySelector<HTMLElement>('[data-menu-overlay]');
  const html = toggle.ownerDocument.documentElement;
  let open = false;

  const setOpen = (next: boolean, moveFocus: boolean) => {
    open = next;
    markOpen(toggle, menu, open);
    html.toggleAttribute('data-menu-open', open);
    if (!moveFocus) return;
    if (open) menu.querySelector<HTMLElement>('a[href]')?.focus();
    else toggle.focus();
  };

  const onLinkClick = (event: Event) => {
    // The page is about to change: leave focus where the visitor clicked.
    if (open && (event.target as Element).closest('a[href]')) setOpen(false, false);
  };
  const onKey = (event: KeyboardEvent) => {
    if (open && event.key === 'Escape') setOpen(false, true);
  };

  const stop = new AbortController();
  const options = { signal: stop.signal };
  toggle.addEventListener('click', () => setOpen(!open, true), options);
  overlay?.addEventListener('click', () => setOpen(false, true), options);
  menu.addEventListener('click', onLinkClick, options);
  toggle.ownerDocument.addEventListener('keydown', onKey, options);
  return () => stop.abort();
}
