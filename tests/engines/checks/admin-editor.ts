/**
 * The owner's editor on a phone (360×740), on the Cloudflare build with /admin/ served by the
 * site's Worker in workerd against the GitHub stand-in (editor-site.ts): set up with the set-up
 * code and a passkey, signed out and in again with it, a price changed, saved and published as
 * exactly one commit of content files, and a value typed but not saved still there after a reload.
 * Every screen is looked at for targets under a finger's 44 px and for anything wider than the phone.
 *
 * Passkeys need the engine's virtual authenticator (Engine.addPhoneLock). WebKitGTK has none: its
 * WebDriver answers the WebAuthn commands with "unknown command", and its pages have no
 * PublicKeyCredential or navigator.credentials at all (WebKit builds Web Authentication for its
 * Apple ports only). There the walk checks that the set-up screen tells the owner this browser
 * cannot use passkeys, then signs in the way the Worker's own tests do: a passkey row and a session
 * row in D1, the session's cookie given to the browser. The set-up and sign-in ceremonies are then
 * not driven in that engine; everything after them is.
 */
import { addPasskey, addSession } from '../../helpers/worker.js';
import { EDITOR_SETUP_CODE, type EditorSite } from '../../helpers/editor-site.js';
import { waitUntil, type Engine } from '../engine.js';
import { expectNoErrors, PHONE } from './check.js';

export interface EditorWalkContext {
  engine: Engine;
  site: EditorSite;
  /** Where pictures of the screens go, for a person to look at. */
  shots: string;
}

/** What the walk saw that a reader of the run should know (how it signed in). */
export interface EditorWalkReport {
  passkey: 'made and used' | string;
}

/** Page source: finds an element with `find` (a function body answering it) and marks it `data-walk="<name>"`; true once found. */
function mark(name: string, find: string): string {
  return `const element = (() => {${find}})();
    if (!element) return false;
    for (const old of document.querySelectorAll('[data-walk="${name}"]')) if (old !== element) old.removeAttribute('data-walk');
    element.setAttribute('data-walk', '${name}');
    return true;`;
}

/** The form control a label with this text (the required star aside) belongs to. */
const byLabel = (text: string) =>
  `const label = [...document.querySelectorAll('label')].find((label) => label.textContent.replace('*', '').trim() === ${JSON.stringify(text)});
  return label ? label.control : null;`;

/** The first button on the screen that says exactly this. */
const byText = (text: string) =>
  `return [...document.querySelectorAll('button')].find((button) => button.textContent.trim() === ${JSON.stringify(text)} && button.getBoundingClientRect().width > 0) || null;`;

const heading = (text: string) => `return document.querySelector('h1')?.textContent.trim() === ${JSON.stringify(text)};`;

/**
 * Page source: what on the screen a thumb would miss or the phone would cut off. Buttons, boxes and
 * links that stand alone (not inside a sentence) shorter than 44 px, and a page wider than the screen.
 */
const PHONE_TROUBLES = `const troubles = [];
  const targets = document.querySelectorAll('button, select, textarea, input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), nav a, .files a, .jump a, .top .summary a, .crumbs a');
  for (const target of targets) {
    const box = target.getBoundingClientRect();
    if (box.width === 0 || getComputedStyle(target).visibility === 'hidden') continue;
    if (box.height < 44) troubles.push(target.tagName.toLowerCase() + ' "' + (target.textContent || target.value || target.id || '').trim().slice(0, 40) + '" is ' + Math.round(box.height) + ' px tall');
  }
  // A file box's button cannot be measured alone; the box is as tall as its button.
  for (const box of document.querySelectorAll('input[type=file]')) {
    const height = box.getBoundingClientRect().height;
    if (height > 0 && height < 44) troubles.push('the file box "' + box.id + '" is ' + Math.round(height) + ' px tall');
  }
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    const past = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1);
    const named = past.slice(-3).map((element) => element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + (element.className && typeof element.className === 'string' ? '.' + element.className.split(' ').join('.') : ''));
    troubles.push('the page is ' + root.scrollWidth + ' px wide on a ' + root.clientWidth + ' px screen (past its edge: ' + named.join(', ') + ')');
  }
  return troubles;`;

/** Pictures the screen (scrolled to `part` when given) and fails on what PHONE_TROUBLES finds anywhere on the page. */
async function lookAt(engine: Engine, shots: string, name: string, part?: string): Promise<void> {
  // A screen the page's own script reloaded may have its heading before its stylesheet: Firefox
  // then measures the page unstyled (every button 25 px tall), so the measuring waits for the load.
  await waitUntil(engine, "return document.readyState === 'complete';", `the ${name} screen with its stylesheet`);
  if (part) await engine.evaluate(`document.querySelector(${JSON.stringify(part)}).scrollIntoView({ block: 'center' }); return true;`);
  await engine.screenshot(`${shots}/editor-${name}.png`);
  const troubles = await engine.evaluate<string[]>(PHONE_TROUBLES);
  if (troubles.length > 0) throw new Error(`${engine.name}, ${name} at ${PHONE.width} px:\n  ${troubles.join('\n  ')}`);
}

async function commitsSince(site: EditorSite, from: string): Promise<string[]> {
  const list = await site.standin.git.text(['rev-list', `${from}..main`]);
  return list ? list.split('\n') : [];
}

/** Replaces a field's whole value by typing over it, as a thumb selecting it all would. */
async function typeOver(engine: Engine, name: string, text: string): Promise<void> {
  await engine.evaluate(`const field = document.querySelector('[data-walk="${name}"]'); field.focus(); field.select(); return true;`);
  await engine.type(`[data-walk="${name}"]`, text);
}

async function openPrice(engine: Engine, origin: string): Promise<void> {
  await engine.open(`${origin}/admin/edit/services.yaml`);
  await waitUntil(engine, mark('price', byLabel('Starting')), 'the first service’s starting price');
}

async function signIn({ engine, site, shots }: EditorWalkContext): Promise<EditorWalkReport> {
  const { origin } = site;
  await engine.open(`${origin}/admin/`);
  await waitUntil(engine, heading('Set up this site’s editor'), 'the set-up screen');
  await lookAt(engine, shots, 'setup');
  const lock = await engine.addPhoneLock();
  await engine.type('#code', EDITOR_SETUP_CODE);
  await engine.type('#name', 'Office phone');
  await engine.click('form[data-action="register"] button[type="submit"]');
  if (lock.added) {
    await waitUntil(engine, heading('Your phones'), 'the signed-in screen after the set-up');
    await engine.click('[data-action="signout"]');
    await waitUntil(engine, heading('Sign in with this phone'), 'the sign-in screen');
    await lookAt(engine, shots, 'signin');
    await engine.click('[data-action="signin"]');
    await waitUntil(engine, heading('Your phones'), 'the signed-in screen after signing in with the passkey');
    return { passkey: 'made and used' };
  }
  await waitUntil(
    engine,
    `return document.querySelector('[data-message]')?.textContent.startsWith('This browser cannot use passkeys.');`,
    'the set-up screen to say this browser cannot use passkeys',
  );
  await lookAt(engine, shots, 'setup-without-passkeys', '[data-message]');
  const made = await site.worker.sql<{ n: number }>('SELECT count(*) AS n FROM passkeys');
  if (made[0]!.n !== 0) throw new Error(`${engine.name}: a browser without passkeys left ${made[0]!.n} passkey rows`);
  await addPasskey(site.worker, 'phone-1', 'Office phone');
  await engine.open(`${origin}/admin/`);
  await waitUntil(engine, heading('Sign in with this phone'), 'the sign-in screen');
  await lookAt(engine, shots, 'signin');
  const { cookie } = await addSession(site.worker, 'phone-1');
  const [name, value] = cookie.split('=') as [string, string];
  await engine.addCookie(name, value);
  await engine.open(`${origin}/admin/`);
  await waitUntil(engine, heading('Your phones'), 'the signed-in screen with the session’s cookie');
  return { passkey: `not driven: ${lock.refusal}` };
}

export async function walkTheEditor(context: EditorWalkContext): Promise<EditorWalkReport> {
  const { engine, site, shots } = context;
  const { origin } = site;
  await engine.resize(PHONE.width, PHONE.height);
  const report = await signIn(context);
  await lookAt(engine, shots, 'phones');

  // The files, read from the repository, one tap away.
  await engine.click('nav a[href="/admin/edit/"]');
  await waitUntil(engine, 'return document.querySelector(\'a[href$="/services.yaml"]\') !== null;', 'the list of content files');
  await lookAt(engine, shots, 'files');

  // A price changed and saved on the phone, then published: one commit, content files only.
  await openPrice(engine, origin);
  await typeOver(engine, 'price', '7777');
  await waitUntil(engine, mark('save', byText('Save')), 'the Save button');
  await engine.click('[data-walk="save"]');
  await waitUntil(engine, `return document.querySelector('.save-status')?.textContent.startsWith('Saved at') === true;`, 'Saved at …');
  await lookAt(engine, shots, 'services');
  await engine.open(`${origin}/admin/edit/`);
  await waitUntil(engine, mark('message', byLabel('What did you change?')), 'the Publish panel');
  await lookAt(engine, shots, 'publish', '[data-walk="message"]');
  await engine.type('[data-walk="message"]', 'New price for house shifting');
  await waitUntil(engine, mark('publish', byText('Publish')), 'the Publish button');
  await engine.click('[data-walk="publish"]');
  await waitUntil(
    engine,
    `return document.querySelector('.publish-status')?.textContent.startsWith('Published as commit') === true;`,
    'Published as commit …',
  );
  const commits = await commitsSince(site, site.start);
  if (commits.length !== 1) throw new Error(`${engine.name}: Publish made ${commits.length} commits, not 1`);
  const touched = (await site.standin.git.text(['diff-tree', '--no-commit-id', '--name-only', '-r', site.start, commits[0]!])).split('\n');
  if (touched.join() !== 'content/services.yaml') throw new Error(`${engine.name}: the commit touched ${touched.join(', ')}`);
  const published = await site.standin.git.text(['show', `${commits[0]}:content/services.yaml`]);
  if (!/^ {6}starting: 7777$/m.test(published)) throw new Error(`${engine.name}: the published services.yaml lacks the new price 7777`);
  if (site.standin.violations.length > 0)
    throw new Error(`${engine.name}: GitHub's API was misused:\n  ${site.standin.violations.join('\n  ')}`);

  // A value typed and not saved yet is kept on the phone through a reload.
  await openPrice(engine, origin);
  await typeOver(engine, 'price', '6550');
  await waitUntil(engine, `return (localStorage.getItem('site-editor:kept') || '').includes('6550');`, 'the typed price kept on the phone');
  await openPrice(engine, origin);
  await waitUntil(engine, `return document.querySelector('[data-walk="price"]').value === '6550';`, 'the typed price after the reload');
  // What the pages reported on the way (WebKit's probe is in the built pages only, not the Worker's).
  await expectNoErrors(engine, '/admin/');
  return report;
}
