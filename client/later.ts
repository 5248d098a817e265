/**
 * Draws the parts of the page below the first screen a little at a time (client/HOOKS.md). They
 * start undrawn (templates/styles/offscreen.css), so the page's first layout is the first screen
 * alone; without this, each would be drawn as it nears the screen. Once the page has loaded, one
 * part per idle moment, top to bottom, gets `data-drawn` and the browser draws it in the next
 * frame: no task draws them all, and every part is drawn before the visitor is likely to scroll
 * to it or a checker reads its colours.
 */

/** Starts drawing the `[data-later]` parts, in page order. Returns a function that stops it. */
export function initLater(root: Document): () => void {
  const view = root.defaultView;
  // `self`: the element itself; `after-first`: its children but the first.
  const parts = [...root.querySelectorAll<HTMLElement>('[data-later]')].flatMap((element) =>
    element.dataset.later === 'self' ? [element] : [...element.children].slice(1),
  );
  if (!view || !parts.length) return () => undefined;
  let stopped = false;
  // Safari has no requestIdleCallback: a short timeout lets the frame go first there.
  const idle = (view as Partial<Pick<Window, 'requestIdleCallback'>>).requestIdleCallback?.bind(view);
  const whenIdle = (then: () => void) => (idle ? idle(then, { timeout: 1000 }) : view.setTimeout(then, 50));
  const drawNext = () => {
    const part = parts.shift();
    if (stopped || !part) return;
    part.setAttribute('data-drawn', '');
    // The next part waits for the frame that draws this one, then for the idle time after it.
    view.requestAnimationFrame(() => whenIdle(drawNext));
  };
  const start = () => whenIdle(drawNext);
  if (root.readyState === 'complete') start();
  else view.addEventListener('load', start, { once: true });
  return () => {
    stopped = true;
    view.removeEventListener('load', start);
  };
}
