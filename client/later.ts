/**
 * Draws the parts of the page below the first screen a little at a time (client/HOOKS.md). They
 * start undrawn (templates/styles/offscreen.css), so the page's first layout is the first screen
 * alone; without this, each would be drawn as it nears the screen. Once the page has loaded, one
 * part per idle moment gets `data-drawn` and the browser draws it in the next frame: no task draws
 * them all, and every part is drawn before the visitor is likely to scroll to it or a checker
 * reads its colours.
 */
import { whenIdle } from './idle.js';

/** Starts drawing the `[data-later]` parts, one after another. Returns a function that stops it. */
export function initLater(root: Document): () => void {
  const view = root.defaultView;
  // `self`: the element itself; `after-first`: its children but the first.
  const parts = [...root.querySelectorAll<HTMLElement>('[data-later]')].flatMap((element) =>
    element.dataset.later === 'self' ? [element] : [...element.children].slice(1),
  );
  if (!view || !parts.length) return () => undefined;
  const stop = new AbortController();
  const drawNext = () => {
    const part = parts.shift();
    if (stop.signal.aborted || !part) return;
    part.setAttribute('data-drawn', '');
    // The next part waits for the frame that draws this one, then for the idle time after it.
    view.requestAnimationFrame(() => whenIdle(view, drawNext, 1000));
  };
  const start = () => whenIdle(view, drawNext, 1000);
  if (root.readyState === 'complete') start();
  else view.addEventListener('load', start, { once: true, signal: stop.signal });
  return () => stop.abort();
}
