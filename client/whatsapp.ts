/**
 * The floating WhatsApp widget (client/HOOKS.md). Without JavaScript the toggle is a plain link
 * to a chat; with it, the toggle opens a popup of quick actions, each a real link to wa.me that
 * the server rendered, so the browser opens the chat and the popup simply closes behind it.
 *
 * A published page names the popup's contents by `data-whatsapp-src` instead of carrying them:
 * they are fetched once the page has loaded (or as soon as the visitor reaches for the button),
 * and until they are in, the toggle stays the plain link, so a tap always opens a chat.
 */
import { whenIdle } from './idle.js';
import { markOpen } from './toggle.js';

/** Fetches the popup's contents; a test passes its own. */
export type PopupLoader = (src: string) => Promise<string>;

const fetchPopup: PopupLoader = async (src) => {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`${src}: ${response.status}`);
  return response.text();
};

/**
 * Enhances the [data-whatsapp] widget under `root`, if the page has one. Returns a function that
 * removes every listener it added.
 */
export function initWhatsApp(root: ParentNode, load: PopupLoader = fetchPopup): () => void {
  const widget = root.querySelector<HTMLElement>('[data-whatsapp]');
  const toggle = widget?.querySelector<HTMLAnchorElement>('[data-whatsapp-toggle]');
  const popup = widget?.querySelector<HTMLElement>('[data-whatsapp-popup]');
  if (!widget || !toggle || !popup) return () => undefined;
  const stop = new AbortController();
  const src = popup.dataset.whatsappSrc;
  if (!src || popup.firstElementChild) {
    enhance(widget, toggle, popup, stop.signal);
    return () => stop.abort();
  }
  let asked = false;
  const fill = () => {
    if (asked) return;
    asked = true;
    load(src).then(
      (html) => {
        if (stop.signal.aborted) return;
        popup.innerHTML = html;
        enhance(widget, toggle, popup, stop.signal);
      },
      // The toggle stays a link to the chat; the next page load asks again.
      () => undefined,
    );
  };
  // Asked for once the page has loaded and its largest text or picture has been painted, when the
  // browser is idle: it never competes with what the visitor sees first. (Where the browser does
  // not report that paint, from the load event on.)
  const view = widget.ownerDocument.defaultView;
  const afterLoad = () => afterLargestPaint(view, () => (view ? whenIdle(view, fill, 2000) : fill()), stop.signal);
  if (widget.ownerDocument.readyState === 'complete') afterLoad();
  else view?.addEventListener('load', afterLoad, { once: true, signal: stop.signal });
  for (const type of ['pointerenter', 'touchstart', 'focus'])
    toggle.addEventListener(type, fill, { once: true, passive: true, signal: stop.signal });
  return () => stop.abort();
}

/** Calls `then` once the browser has reported the page's largest paint, or at once where it reports none. */
function afterLargestPaint(view: (Window & typeof globalThis) | null, then: () => void, signal: AbortSignal): void {
  const Observer = view?.PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes('largest-contentful-paint')) {
    then();
    return;
  }
  const observer = new Observer(() => {
    observer.disconnect();
    if (!signal.aborted) then();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}

/** The toggle as a button that shows and hides the popup, whose contents are in place. */
function enhance(widget: HTMLElement, toggle: HTMLAnchorElement, popup: HTMLElement, signal: AbortSignal): void {
  let open = false;

  const setOpen = (next: boolean) => {
    open = next;
    markOpen(toggle, widget, open);
    popup.hidden = !open;
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
  const options = { signal };
  toggle.addEventListener('click', onToggleClick, options);
  toggle.addEventListener('keydown', onToggleKey, options);
  popup.addEventListener('click', onPopupClick, options);
  widget.ownerDocument.addEventListener('keydown', onKey, options);
}
