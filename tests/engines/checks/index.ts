/** The shared list: what every engine must do the same. */
import type { Check } from './check.js';
import { headerChecks } from './header.js';
import { menuChecks } from './menu.js';
import { footerChecks, pageChecks } from './pages.js';
import { quoteFormChecks } from './quote-form.js';
import { whatsappChecks } from './whatsapp.js';

export const CHECKS: Check[] = [...pageChecks, ...footerChecks, ...headerChecks, ...menuChecks, ...whatsappChecks, ...quoteFormChecks];
