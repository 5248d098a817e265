import { initYear } from './year.js';

/** Entry point: each enhancement finds its own elements by data-* attributes under the root. */
initYear(document);
