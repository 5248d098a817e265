/**
 * Draws the parts of the page below the first screen, and the menu's closed drawer, a little at a
 * time (client/HOOKS.md). They start undrawn (templates/styles/offscreen.css, and layout.css for
 * the drawer), so the page's first layout is the first screen alone; without this, each would be
 * drawn as it nears the screen, and the drawer in the frame of the tap that opens it. Once the page has loaded, one
 * part per idle moment gets `data-drawn` and the browser draws it in the next frame: no task draws
 * them all, and every part is drawn before the visitor is likely to scroll to it or a checker
 * reads its colours.
 */
import { whenIdle } from './idle.js';

/** Starts drawing the drawer and the `[data-later]` parts, one after another. Returns a function that stops it. */
export function initLater(root: Document): () => void {
  const view = root.defaultView;
  // `after-first`: its children but the first; `self`: the element itself. The menu's drawer
  // comes first: laid out ahead, its first opening only slides it in, within a frame.
  const parts = [...root.querySelectorAll<HTMLElement>('[data-menu],[data-later]')].flatMap((element) =>
    element.dataset.later === 'after-first' ? [...element.children].slice(1) : [element],
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
