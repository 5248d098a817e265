/**
 * The next page fetched before the tap. Where the browser has speculation rules, the page's own
 * `<script type="speculationrules">` (generator/render/speculation-rules.ts) does it, and this module
 * only withdraws them on Save-Data or a 2G connection. Elsewhere it stands in for them: a link to
 * another of the site's pages gets a `<link rel="prefetch">` when a pointer comes onto it (a mouse
 * resting on it, or a finger going down on it, which comes onto it first).
 */

/** The part of the Network Information API read here (Chromium only). */
interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/** Withdraws or stands in for the rules (above); returns a function that removes its listener. */
export function initPrefetch(doc: Document): () => void {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) {
    // Taking the element away withdraws its rules: the browser prefetches nothing.
    doc.querySelector('script[type=speculationrules]')?.remove();
    return () => undefined;
  }
  if (HTMLScriptElement.supports?.('speculationrules')) return () => undefined;
  const stop = new AbortController();
  const done = new Set<string>();
  // The rules' test: not another origin (WhatsApp, the map, the relay), the Worker's /admin/ or
  // /api/, a file under /assets/, a link opening a new tab or downloading, nor this page.
  doc.addEventListener(
    'pointerover',
    (event) => {
      const link = (event.target as Element).closest?.('a[href]:not([target],[download])') as HTMLAnchorElement | null;
      if (
        !link ||
        link.origin !== location.origin ||
        /^\/(admin|api|assets)\//.test(link.pathname) ||
        link.pathname === location.pathname ||
        done.has(link.href)
      )
        return;
      done.add(link.href);
      doc.head.append(Object.assign(doc.createElement('link'), { rel: 'prefetch', href: link.href }));
    },
    { signal: stop.signal },
  );
  return () => stop.abort();
}
