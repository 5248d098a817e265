/**
 * The quote form on a phone: the browser's own required check stops an empty send; a full send
 * reaches the relay with every field, clears the form and thanks the visitor; a failed send keeps
 * every answer and offers the fallback. A watcher added before each send records the messages the
 * form shows, so a message that shows for a few seconds is seen however slow the machine is.
 */
import { waitUntil, type Engine } from '../engine.js';
import { PHONE, expectNoErrors, type Check, type CheckContext } from './check.js';
import { readSample } from '../../helpers/content.js';

const FORM = '[data-quote-form]';
const SUBMIT = `${FORM} [data-submit]`;

/** A visitor's answers, by field name: typed key by key where a person types. */
const TYPED = {
  name: 'Anjali Menon',
  email: 'anjali.menon@example.in',
  phone: '+91 98470 12345',
  moveFrom: 'Kakkanad, Kochi',
  moveTo: 'Thiruvananthapuram',
  message: 'Third floor, lift available.',
};
/** Picked from the browser's own controls (a list, a date picker), which differ in every engine. */
const MOVE_DATE = '2030-05-20';

interface ServiceContent {
  services: { id: string; title: string }[];
}

/** Remembers, in the page, every message of the form that was shown since. */
const WATCH_MESSAGES = `window.__formSeen = [];
  for (const name of ['data-form-success', 'data-form-error', 'data-form-fallback']) {
    const element = document.querySelector('[' + name + ']');
    new MutationObserver(() => { if (!element.hidden) window.__formSeen.push(name); }).observe(element, { attributes: true, attributeFilter: ['hidden'] });
  }
  return true;`;

const seen = (name: string) => `return (window.__formSeen || []).includes(${JSON.stringify(name)});`;

/** Every answer's value, by field name. */
const VALUES = `return Object.fromEntries([...document.querySelectorAll(${JSON.stringify(`${FORM} [data-label]`)})].map((control) => [control.name, control.value]));`;

async function openForm({ engine, baseURL, relay }: CheckContext): Promise<void> {
  await relay.reset();
  await engine.resize(PHONE.width, PHONE.height);
  await engine.open(`${baseURL}/contact/`);
  // A draft kept from an earlier check would fill the form: start from none.
  await engine.evaluate('sessionStorage.clear(); return true;');
  await engine.open(`${baseURL}/contact/`);
}

async function answerAll(engine: Engine, serviceTitle: string): Promise<void> {
  for (const [name, value] of Object.entries(TYPED)) await engine.type(`${FORM} [name="${name}"]`, value);
  await engine.evaluate(`
    const form = document.querySelector(${JSON.stringify(FORM)});
    const choose = (control, value) => {
      control.value = value;
      control.dispatchEvent(new Event('input', { bubbles: true }));
      control.dispatchEvent(new Event('change', { bubbles: true }));
    };
    const service = [...form.elements.service.options].find((option) => option.text.trim() === ${JSON.stringify(serviceTitle)});
    choose(form.elements.service, service.value);
    choose(form.elements.moveDate, ${JSON.stringify(MOVE_DATE)});
    return true;`);
}

function expected(serviceTitle: string): Record<string, string> {
  return { ...TYPED, service: serviceTitle, moveDate: MOVE_DATE };
}

function differences(actual: Record<string, string | undefined>, wanted: Record<string, string>): string[] {
  return Object.entries(wanted)
    .filter(([name, value]) => actual[name]?.replace(/\r\n/g, '\n') !== value)
    .map(([name, value]) => `${name}: ${JSON.stringify(actual[name])} instead of ${JSON.stringify(value)}`);
}

const serviceTitle = () => readSample<ServiceContent>('services.yaml').services[0]!.title;

export const quoteFormChecks: Check[] = [
  {
    name: "an empty quote form is stopped by the browser's required check, and nothing is sent",
    async run(context) {
      const { engine, relay } = context;
      await openForm(context);
      await engine.evaluate(WATCH_MESSAGES);
      await engine.click(SUBMIT);
      // The browser refuses the send by putting the focus on the first answer it needs.
      await waitUntil(
        engine,
        `return document.activeElement === document.querySelector('${FORM} [name="name"]');`,
        'the focus on the first required answer',
      );
      await waitUntil(
        engine,
        `return document.querySelector('${FORM} [name="name"]').matches(':invalid');`,
        'the name to be marked as missing',
      );
      const shownMessages = await engine.evaluate<string[]>('return window.__formSeen;');
      if (shownMessages.length > 0) throw new Error(`${engine.name}: the empty form showed ${shownMessages.join(', ')}`);
      if ((await relay.submissions()).length > 0) throw new Error(`${engine.name}: the empty form reached the relay`);
      await expectNoErrors(engine, '/contact/');
    },
  },
  {
    name: 'a full quote reaches the relay with every field, then the form is cleared and says thank you',
    async run(context) {
      const { engine, relay } = context;
      await openForm(context);
      await answerAll(engine, serviceTitle());
      await engine.evaluate(WATCH_MESSAGES);
      await engine.click(SUBMIT);
      await waitUntil(engine, seen('data-form-success'), 'the thank-you message');
      const submissions = await relay.submissions();
      if (submissions.length !== 1) throw new Error(`${engine.name}: the relay got ${submissions.length} submissions, not 1`);
      const wrong = differences(submissions[0]!.fields, expected(serviceTitle()));
      if (wrong.length > 0) throw new Error(`${engine.name}: the relay got the quote with\n  ${wrong.join('\n  ')}`);
      const left = await engine.evaluate<Record<string, string>>(VALUES);
      const filled = Object.entries(left).filter(([, value]) => value !== '');
      if (filled.length > 0)
        throw new Error(`${engine.name}: after the send the form still holds ${filled.map(([name]) => name).join(', ')}`);
      await expectNoErrors(engine, '/contact/');
    },
  },
  {
    name: 'a failed send keeps every answer and shows the error with the WhatsApp and call fallback',
    async run(context) {
      const { engine, relay } = context;
      await openForm(context);
      await relay.set({ mode: 'error' });
      await answerAll(engine, serviceTitle());
      await engine.evaluate(WATCH_MESSAGES);
      await engine.click(SUBMIT);
      await waitUntil(engine, seen('data-form-error'), 'the error message');
      await waitUntil(engine, 'return !document.querySelector("[data-form-fallback]").hidden;', 'the fallback to stay shown');
      const wrong = differences(await engine.evaluate<Record<string, string>>(VALUES), expected(serviceTitle()));
      if (wrong.length > 0) throw new Error(`${engine.name}: after the failed send the form holds\n  ${wrong.join('\n  ')}`);
      // The relay's error answer is the failure under test: the script logs it, and Chromium logs the status.
      await expectNoErrors(
        engine,
        '/contact/',
        /The quote request could not be sent|status of 500 \(Internal Server Error\) \(.*\/submit\)$/,
      );
    },
  },
];
