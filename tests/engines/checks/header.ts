/**
 * The header as phones and desktops draw it, with the Malayalam system font every phone has:
 * one row at every width from 320 to 1280 px in both languages (at most 64 px tall on a phone),
 * and the scrolled look once the page moves.
 */
import { waitUntil } from '../engine.js';
import { PHONE, attribute, expectNoErrors, type Check } from './check.js';

const WIDTHS = [320, 360, 390, 412, 480, 540, 600, 768, 900, 959, 960, 1024, 1152, 1280];
/** Below this width the header is the phone's one short row (the issue on the phone header). */
const PHONE_HEADER_BELOW = 960;
const PHONE_HEADER_HEIGHT = 64;

/** The header's height and the parts of its bar that start below its first row. */
const HEADER_SHAPE = `await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const header = document.querySelector('[data-header]');
  const bar = header.firstElementChild;
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const parts = [...bar.children].filter(shown);
  const firstRowBottom = Math.min(...parts.map((part) => part.getBoundingClientRect().bottom));
  return {
    height: header.getBoundingClientRect().height,
    belowFirstRow: parts.filter((part) => part.getBoundingClientRect().top >= firstRowBottom - 1).map((part) => part.outerHTML.slice(0, 100)),
  };`;

const EDITIONS = [
  { language: 'English', path: '/' },
  { language: 'Malayalam', path: '/ml/' },
];

export const headerChecks: Check[] = [
  ...EDITIONS.map(
    (edition): Check => ({
      name: `the ${edition.language} header is one row at every width from ${WIDTHS[0]} to ${WIDTHS.at(-1)} px`,
      async run({ engine, baseURL }) {
        await engine.resize(WIDTHS[0]!, 740);
        await engine.open(`${baseURL}${edition.path}`);
        await waitUntil(engine, 'await document.fonts.ready; return true;', 'the fonts');
        const broken: string[] = [];
        for (const width of WIDTHS) {
          await engine.resize(width, 740);
          const shape = await engine.evaluate<{ height: number; belowFirstRow: string[] }>(HEADER_SHAPE);
          if (shape.belowFirstRow.length > 0) broken.push(`at ${width} px a second row holds ${shape.belowFirstRow.join(' | ')}`);
          if (width < PHONE_HEADER_BELOW && shape.height > PHONE_HEADER_HEIGHT)
            broken.push(`at ${width} px it is ${shape.height} px tall, over ${PHONE_HEADER_HEIGHT}`);
        }
        if (broken.length > 0) throw new Error(`${engine.name}, ${edition.path}: the header breaks:\n  ${broken.join('\n  ')}`);
        await expectNoErrors(engine, edition.path);
      },
    }),
  ),
  {
    name: 'the header takes its scrolled look once the page scrolls, and drops it back at the top',
    async run({ engine, baseURL }) {
      await engine.resize(PHONE.width, PHONE.height);
      await engine.open(`${baseURL}/services/`);
      await waitUntil(engine, attribute('[data-header]', 'data-scrolled', null), 'an unscrolled header at the top');
      await engine.evaluate('window.scrollTo(0, 400);');
      await waitUntil(engine, 'return document.querySelector("[data-header]").hasAttribute("data-scrolled");', 'the scrolled header');
      await engine.evaluate('window.scrollTo(0, 0);');
      await waitUntil(engine, attribute('[data-header]', 'data-scrolled', null), 'the header to drop its scrolled look');
      await expectNoErrors(engine, '/services/');
    },
  },
];
