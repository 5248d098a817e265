/**
 * The phone menu: the toggle opens and closes it, a tap beside it (on the overlay) and Escape
 * close it, and a link in it goes to its page.
 */
import { waitUntil, type Engine } from '../engine.js';
import { PHONE, attribute, expectNoErrors, shown, type Check } from './check.js';

const TOGGLE = '[data-menu-toggle]';

async function openMenu(engine: Engine, baseURL: string, path: string): Promise<void> {
  await engine.resize(PHONE.width, PHONE.height);
  await engine.open(`${baseURL}${path}`);
  await waitUntil(engine, attribute(TOGGLE, 'aria-expanded', 'false'), 'a closed menu');
  await engine.click(TOGGLE);
  await waitUntil(engine, attribute(TOGGLE, 'aria-expanded', 'true'), 'the toggle to say the menu is open');
  await waitUntil(engine, attribute('[data-menu]', 'data-open', ''), 'the menu panel to open');
  await waitUntil(engine, shown('[data-menu] a[href]'), 'the menu links to show');
  // A link still sliding in is not where a tap lands yet.
  await waitUntil(
    engine,
    'return document.querySelector("[data-menu]").getAnimations({ subtree: true }).length === 0;',
    'the menu to finish sliding in',
  );
}

async function expectClosed(engine: Engine, how: string): Promise<void> {
  await waitUntil(engine, attribute(TOGGLE, 'aria-expanded', 'false'), `${how} to close the menu`);
  await waitUntil(engine, attribute('[data-menu]', 'data-open', null), `${how} to close the menu panel`);
  await waitUntil(engine, 'return !document.documentElement.hasAttribute("data-menu-open");', `${how} to let the page scroll again`);
}

export const menuChecks: Check[] = [
  {
    name: 'the menu toggle opens the menu and closes it again',
    async run({ engine, baseURL }) {
      await openMenu(engine, baseURL, '/about/');
      await engine.click(TOGGLE);
      await expectClosed(engine, 'the toggle');
      await expectNoErrors(engine, '/about/');
    },
  },
  {
    name: 'a tap on the overlay beside the menu closes it',
    async run({ engine, baseURL }) {
      await openMenu(engine, baseURL, '/about/');
      // A point on the overlay: beside the panel and below the header's bar.
      const spot = await engine.evaluate<{ x: number; y: number } | null>(`
        const panel = document.querySelector('[data-menu]').getBoundingClientRect();
        const bar = document.querySelector('[data-header]').getBoundingClientRect();
        const points = [{ x: 12, y: innerHeight / 2 }, { x: innerWidth - 12, y: innerHeight / 2 }, { x: innerWidth / 2, y: innerHeight - 12 }];
        const inside = (p, box) => p.x >= box.left && p.x <= box.right && p.y >= box.top && p.y <= box.bottom;
        return points.find((p) => !inside(p, panel) && !inside(p, bar) && document.elementFromPoint(p.x, p.y)?.hasAttribute('data-menu-overlay')) ?? null;`);
      if (!spot) throw new Error(`${engine.name}: no part of the screen beside the open menu shows the overlay`);
      await engine.clickAt(spot.x, spot.y);
      await expectClosed(engine, 'the tap on the overlay');
      const where = await engine.evaluate<string>('return location.pathname;');
      if (where !== '/about/') throw new Error(`${engine.name}: the tap on the overlay went to ${where}`);
      await expectNoErrors(engine, '/about/');
    },
  },
  {
    name: 'Escape closes the menu and gives the focus back to the toggle',
    async run({ engine, baseURL }) {
      await openMenu(engine, baseURL, '/');
      await engine.press('Escape');
      await expectClosed(engine, 'Escape');
      await waitUntil(
        engine,
        `return document.activeElement === document.querySelector(${JSON.stringify(TOGGLE)});`,
        'the focus on the toggle',
      );
      await expectNoErrors(engine, '/');
    },
  },
  {
    name: 'a link in the menu goes to its page',
    async run({ engine, baseURL }) {
      await openMenu(engine, baseURL, '/');
      await engine.click('[data-menu] a[href="/services/"]');
      await waitUntil(engine, 'return location.pathname === "/services/" && document.readyState === "complete";', 'the services page');
      await waitUntil(engine, attribute(TOGGLE, 'aria-expanded', 'false'), 'a closed menu on the new page');
      await expectNoErrors(engine, '/services/');
    },
  },
];
