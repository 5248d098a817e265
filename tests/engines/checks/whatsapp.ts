/**
 * The WhatsApp widget: its button opens and closes the quick actions, and a quick action opens
 * the chat with its message in a new tab that cannot reach the site's page, closing the popup.
 */
import { waitUntil, type Engine } from '../engine.js';
import { DESKTOP, PHONE, attribute, expectNoErrors, shown, type Check } from './check.js';
import { readSample } from '../../helpers/content.js';
import { digitsOf } from '../../helpers/dom.js';

const TOGGLE = '[data-whatsapp-toggle]';
const POPUP = '[data-whatsapp-popup]';

interface WhatsAppContent {
  actions: { id: string; title: string; message: string }[];
}

async function openPopup(engine: Engine): Promise<void> {
  await waitUntil(engine, attribute(TOGGLE, 'aria-expanded', 'false'), 'the WhatsApp button to be ready');
  await engine.click(TOGGLE);
  await waitUntil(engine, attribute(TOGGLE, 'aria-expanded', 'true'), 'the WhatsApp button to say it is open');
  await waitUntil(engine, shown(`${POPUP} [data-whatsapp-action]`), 'the quick actions to show');
}

async function expectClosed(engine: Engine, how: string): Promise<void> {
  await waitUntil(engine, attribute(TOGGLE, 'aria-expanded', 'false'), `${how} to close the popup`);
  await waitUntil(engine, `return document.querySelector(${JSON.stringify(POPUP)}).hidden;`, `${how} to hide the quick actions`);
}

export const whatsappChecks: Check[] = [
  ...[PHONE, DESKTOP].map(
    (viewport): Check => ({
      name: `at ${viewport.width} px the WhatsApp button opens the quick actions, whole on the screen, and the close button closes them`,
      async run({ engine, baseURL }) {
        await engine.resize(viewport.width, viewport.height);
        await engine.open(`${baseURL}/services/`);
        await openPopup(engine);
        const edges = await engine.evaluate<{ left: number; right: number; width: number }>(
          `const box = document.querySelector(${JSON.stringify(POPUP)}).getBoundingClientRect(); return { left: box.left, right: box.right, width: innerWidth };`,
        );
        if (edges.left < 0 || edges.right > edges.width)
          throw new Error(
            `${engine.name}: at ${viewport.width} px the open popup runs off the screen (${Math.round(edges.left)} to ${Math.round(edges.right)} px of ${edges.width})`,
          );
        await engine.click('[data-whatsapp-close]');
        await expectClosed(engine, 'the close button');
        await openPopup(engine);
        await engine.click(TOGGLE);
        await expectClosed(engine, 'the button');
        await expectNoErrors(engine, '/services/');
      },
    }),
  ),
  {
    name: 'a quick action opens its chat in a new tab without an opener, and closes the popup',
    async run({ engine, baseURL }) {
      const action = readSample<WhatsAppContent>('whatsapp.yaml').actions[0]!;
      const digits = digitsOf(readSample<{ contact: { whatsapp: string } }>('site.yaml').contact.whatsapp);
      await engine.resize(PHONE.width, PHONE.height);
      await engine.open(`${baseURL}/services/`);
      await openPopup(engine);
      const link = `${POPUP} [data-whatsapp-action]`;
      const tab = await engine.newTab(() => engine.click(link));
      const opened = new URL(tab.url);
      if (opened.origin !== 'https://wa.me' || opened.pathname !== `/${digits}` || opened.searchParams.get('text') !== action.message) {
        throw new Error(
          `${engine.name}: "${action.title}" opened ${tab.url}, not the chat with ${digits} and its message "${action.message}"`,
        );
      }
      if (tab.hasOpener) throw new Error(`${engine.name}: the chat tab can reach the site's page (window.opener is set)`);
      await expectClosed(engine, 'the quick action');
      await expectNoErrors(engine, '/services/');
    },
  },
];
