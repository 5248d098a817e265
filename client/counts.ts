/**
 * Counts without cookies or identifiers (docs/worker.md, "Counts"): a page view, and the taps that
 * make a customer, each sent once with sendBeacon to the address `<body data-counts>` names. Only a
 * build for a host with the site's own Worker renders it. A beacon holds the page's address and
 * what happened, and a view the host name of the page before it, nothing about the visitor; the
 * Worker adds the day and the page's language, and keeps of that host name only what kind of site
 * it was (worker/counts/sources.ts).
 */
export function initCounts(root: Document): void {
  // Listened for on the body, which every element of the page lies in.
  const body = root.body;
  const endpoint = body.dataset.counts;
  // Every browser the site supports has sendBeacon (generator/bundle/bundle.ts, TARGET).
  if (!endpoint) return;
  // Where the visit began, for the owner: only the host name of the page before, never its
  // address; the Worker reads it with a view only.
  const r = document.referrer && new URL(document.referrer).hostname;
  const send = (e: string, d = '') => navigator.sendBeacon(endpoint, new URLSearchParams({ p: location.pathname, e, d, r }));
  send('view');
  body.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element).closest('a');
      // The WhatsApp button opens the popup once it is a button; a chat starts from the popup's links.
      if (!link || link.getAttribute('role') === 'button') return;
      const rescued = link.closest('[data-form-fallback]') ? 'rescued-' : '';
      if (link.protocol === 'tel:') send(rescued + 'call');
      else if (link.hostname === 'wa.me') send(rescued + 'whatsapp');
      // Only the language switch's links name a language.
      else if (link.hreflang) send('language', link.hreflang);
    },
    true,
  );
  // client/quote-form.ts tells how a send ended: 'quote-sent' or 'quote-failed'.
  body.addEventListener('quote', (event) => send((event as CustomEvent<string>).detail));
  body.addEventListener('change', (event) => {
    const service = (event.target as HTMLSelectElement).selectedOptions?.[0]?.dataset.service;
    if (service) send('service', service);
  });
}
