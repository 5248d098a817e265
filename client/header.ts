/**
 * The scrolled header (client/HOOKS.md): [data-header] carries `data-scrolled` while the page is
 * scrolled more than SCROLLED_AFTER pixels, so CSS can tighten it and add a shadow.
 */

/** Pixels of scroll the header stays in its resting state for. */
export const SCROLLED_AFTER = 50;

/**
 * Watches the scroll position for the [data-header] under `root`, if the page has one.
 * Returns a function that stops watching.
 */
export function initHeader(root: ParentNode): () => void {
  const header = root.querySelector<HTMLElement>('[data-header]');
  if (!header) return () => undefined;
  let scrolled = header.hasAttribute('data-scrolled');
  let queued = false;

  // Reads only scrollY and writes only when the state flips, once per frame at most.
  const update = () => {
    queued = false;
    const now = window.scrollY > SCROLLED_AFTER;
    if (now === scrolled) return;
    scrolled = now;
    header.toggleAttribute('data-scrolled', now);
  };

  const onScroll = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(update);
  };

  // A page reloaded halfway down starts out scrolled, from its first frame. Read then, not now:
  // reading the scroll position while the page is being set up would make the browser lay the
  // whole page out once more, before its first paint.
  onScroll();
  const stop = new AbortController();
  window.addEventListener('scroll', onScroll, { passive: true, signal: stop.signal });
  return () => stop.abort();
}
