/**
 * The `test` of a spec on the phone's editor: with `site`, one site's Worker against the GitHub
 * stand-in (phone-editor-site.ts) for all the worker's tests, closed when they are done.
 */
import { test as base } from '../fixtures.js';
import { startPhoneEditorSite, type PhoneEditorSite } from './phone-editor-site.js';

export const test = base.extend<object, { site: PhoneEditorSite }>({
  site: [
    async ({}, use) => {
      const site = await startPhoneEditorSite();
      await use(site);
      await site.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});
