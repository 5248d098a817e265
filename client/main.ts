import { initCounts } from './counts.js';
import { initHeader } from './header.js';
import { initLater } from './later.js';
import { initMap } from './map.js';
import { initMenu } from './menu.js';
import { initNewsletter } from './newsletter.js';
import { initPrefetch } from './prefetch.js';
import { initQuoteForm } from './quote-form.js';
import { initWhatsApp } from './whatsapp.js';
import { initYear } from './year.js';

/** Entry point: each enhancement finds its own elements by data-* attributes under the root. */
// What a visitor may touch first, or what must act before the browser does (the prefetch rules).
initPrefetch(document);
initHeader(document);
initMenu(document);
initQuoteForm(document);
initWhatsApp(document);
// The rest in a task of its own, still long before any tap: on a slow phone the page view's beacon
// alone took up to 15 ms, and one task running the lot blocked the page for its whole length.
setTimeout(() => {
  initCounts(document);
  initYear(document);
  initNewsletter(document);
  initMap(document);
  initLater(document);
});
