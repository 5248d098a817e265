/**
 * The browser side of live reload, served by `site dev` as /__dev/reload.js (a file, not inline,
 * so the site's strict Content-Security-Policy still allows it).
 *
 * After a rebuild it patches the open page in place instead of reloading it: it fetches the page
 * again and applies the difference between the markup the page was loaded with and the new
 * markup to the live document. What the visitor did (scroll position, typed values, an open menu
 * or chat popup: state the site's script keeps in attributes the server never writes) is left
 * alone, because only what the server's markup changed is touched. `site dev` links the
 * stylesheet as a file (the built site writes it into each page), so a style edit swaps the file
 * in without a reload; structured data (JSON-LD) is text, patched like any other. Anything
 * patching cannot do safely (a new script, the error overlay coming or going, a page whose
 * structure the script changed) falls back to a full reload.
 *
 * The page knows the build it shows from the script's own URL; the server names the current build
 * when the stream opens and after every rebuild, so a page that missed a rebuild reloads too.
 */
export const RELOAD_CLIENT = String.raw`// Added by "site dev" only: updates this page whenever the site is rebuilt.
let shown = new URL(import.meta.url).searchParams.get('build');
let base = null;
let busy = Promise.resolve();
const events = new EventSource("/__dev/events");

function isDevScript(node) {
  return node.nodeType === 1 && node.tagName === 'SCRIPT' && (node.getAttribute('src') || '').startsWith('/__dev/');
}

function isData(node) {
  return node.tagName === 'SCRIPT' && node.getAttribute('type') === 'application/ld+json';
}

function kids(node) {
  return Array.from(node.childNodes).filter((child) => !isDevScript(child) && !(child.nodeType === 3 && child.data.trim() === '' && node.tagName === 'HEAD'));
}

/** Applies old → next to live; false when the live page no longer mirrors the old markup. */
function sync(old, next, live) {
  if (!live || old.nodeType !== live.nodeType || old.nodeName !== live.nodeName) return false;
  if (old.nodeType === 3 || old.nodeType === 8) {
    if (old.data !== next.data) live.data = next.data;
    return true;
  }
  if (old.nodeType !== 1) return true;
  // Structured data is text the browser never runs (the policy does not apply to it): a service's
  // title is in it, so reloading for it would turn the commonest edit into a full reload.
  if (isData(old) && isData(next) && isData(live)) {
    if (live.textContent !== next.textContent) live.textContent = next.textContent;
    return true;
  }
  // New code or new inline styles (which the page's policy would refuse) need the page loaded afresh.
  if (old.tagName === 'SCRIPT' || old.tagName === 'STYLE') return old.outerHTML === next.outerHTML;
  if (old.tagName === 'LINK' && old.rel === 'stylesheet' && old.getAttribute('href') !== next.getAttribute('href')) {
    swapStylesheet(live, next.getAttribute('href'));
    return true;
  }
  for (const { name, value } of Array.from(next.attributes)) {
    if (old.getAttribute(name) !== value) live.setAttribute(name, value);
  }
  for (const { name } of Array.from(old.attributes)) {
    if (!next.hasAttribute(name)) live.removeAttribute(name);
  }
  const was = kids(old);
  const now = kids(next);
  const here = kids(live);
  if (here.length !== was.length) return false;
  if (was.length !== now.length || was.some((child, i) => child.nodeName !== now[i].nodeName)) {
    if (now.some((child) => child.nodeType === 1 && (child.tagName === 'SCRIPT' || child.querySelector('script:not([type="application/ld+json"])')))) return false;
    for (const child of here) child.remove();
    const anchor = Array.from(live.childNodes).find(isDevScript) || null;
    for (const child of now) live.insertBefore(document.importNode(child, true), anchor);
    return true;
  }
  return was.every((child, i) => sync(child, now[i], here[i]));
}

/** Loads the new stylesheet beside the old one and removes the old once the new one applies. */
function swapStylesheet(live, href) {
  const fresh = live.cloneNode();
  fresh.setAttribute('href', href);
  fresh.addEventListener('load', () => live.remove(), { once: true });
  live.after(fresh);
}

async function markupOf(url) {
  const response = await fetch(url, { cache: 'no-store' });
  return { ok: response.ok, doc: new DOMParser().parseFromString(await response.text(), 'text/html') };
}

async function patch(build) {
  const next = await markupOf(location.href);
  if (!next.ok || !base || !sync(base.documentElement, next.doc.documentElement, document.documentElement)) {
    location.reload();
    return;
  }
  base = next.doc;
  shown = build;
  document.dispatchEvent(new CustomEvent('site:patched', { detail: { build } }));
}

function check(event) {
  const data = JSON.parse(event.data);
  if (data.build === shown) return;
  if (event.type === 'hello' || !data.ok || !base) {
    events.close();
    location.reload();
    return;
  }
  busy = busy.then(() => patch(data.build)).catch(() => location.reload());
}

// The markup this page was loaded with: what the next rebuild is compared against. A rebuild
// between loading the page and this fetch would make it the wrong one: then the next change reloads.
markupOf(location.href).then((loaded) => {
  const script = loaded.doc.querySelector('script[src^="/__dev/reload.js"]');
  const build = script && new URL(script.getAttribute('src'), location.href).searchParams.get('build');
  if (loaded.ok && build === shown) base = loaded.doc;
}, () => {});
events.addEventListener('hello', check);
events.addEventListener('reload', check);
`;
