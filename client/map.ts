/**
 * The contact page's map, loaded only when asked (client/HOOKS.md). The page ships a drawing with
 * the address and a "Show the map" link to the map; here that link becomes a button that puts
 * the embed in the same box, so nothing is fetched from the map's host before the press and the
 * page does not move when the map arrives.
 */

/**
 * Enhances every [data-map] box under `root` (one per office). Returns a function that removes
 * the listeners it added (a map, once shown, stays).
 */
export function initMap(root: ParentNode): () => void {
  const stops = [...root.querySelectorAll<HTMLElement>('[data-map]')].map(initBox);
  return () => stops.forEach((stop) => stop());
}

function initBox(box: HTMLElement): () => void {
  const show = box.querySelector<HTMLAnchorElement>('[data-map-show]');
  const src = box.dataset.mapSrc;
  if (!show || !src) return () => undefined;
  const stop = new AbortController();

  const load = () => {
    stop.abort();
    const frame = box.ownerDocument.createElement('iframe');
    frame.src = src;
    frame.title = box.dataset.mapTitle ?? '';
    // Google's embed answers only when it can see which site it is on.
    frame.referrerPolicy = 'no-referrer-when-downgrade';
    // What the page allows the map (templates/parts/MapPreview.tsx); a box that says nothing gets a frame that may do nothing.
    frame.setAttribute('sandbox', box.dataset.mapSandbox ?? '');
    box.replaceChildren(frame);
    box.setAttribute('data-map-shown', '');
    // The pressed button is gone: the frame takes the focus, so the keyboard stays here and a
    // screen reader says the map's title.
    frame.focus();
  };

  const onClick = (event: Event) => {
    event.preventDefault();
    load();
  };
  // Links answer Enter by themselves; a button also answers Space.
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    load();
  };

  // With JavaScript the link to the map acts as a button that shows it here.
  show.setAttribute('role', 'button');
  show.addEventListener('click', onClick, { signal: stop.signal });
  show.addEventListener('keydown', onKey, { signal: stop.signal });
  return () => stop.abort();
}
