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
initYear(document);
initCounts(document);
initHeader(document);
initMenu(document);
initQuoteForm(document);
initNewsletter(document);
initWhatsApp(document);
initMap(document);
initPrefetch(document);
initLater(document);
