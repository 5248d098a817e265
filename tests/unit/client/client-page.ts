/**
 * Shared by the client-*.test.ts files: builds the real site once per test file and loads one of
 * its pages into the happy-dom document, so the client is tested against the HTML the templates
 * actually render.
 */
import { build, type BuildResult } from '../../../generator/build.js';
import { popupFile } from '../../../generator/render/whatsapp-popup.js';
import { SAMPLE_CONTENT } from '../../helpers/content.js';

export const FORM_ENDPOINT = 'https://relay.test/ajax';

let built: Promise<BuildResult> | undefined;

/** The site built from content/ in memory, with the form pointed at a test relay. */
export function builtSite(): Promise<BuildResult> {
  built ??= build({ contentDir: SAMPLE_CONTENT, formEndpoint: FORM_ENDPOINT });
  return built;
}

/** The WhatsApp popup's contents as the built site serves them at `src` (e.g. /assets/whatsapp/en.…, from its .html file). */
export async function popupFromBuild(src: string): Promise<string> {
  return pageHtml(popupFile(src));
}

/** The rendered HTML of one output file, e.g. 'contact/index.html'. */
export async function pageHtml(file: string): Promise<string> {
  const { files } = await builtSite();
  const page = files.find((candidate) => candidate.path === file);
  if (!page) throw new Error(`The build has no ${file}; it has ${files.map((f) => f.path).join(', ')}`);
  return String(page.contents);
}

interface HappyDomSettings {
  disableJavaScriptEvaluation: boolean;
  disableJavaScriptFileLoading: boolean;
  disableCSSFileLoading: boolean;
  handleDisabledFileLoadingAsSuccess: boolean;
  navigation: { disableMainFrameNavigation: boolean; disableChildPageNavigation: boolean; disableChildFrameNavigation: boolean };
}

/**
 * Replaces the current document with the page. The page's own scripts, stylesheet, map frame and
 * any link a test clicks stay inert: the tests call the init functions themselves.
 */
export async function loadPage(file: string): Promise<void> {
  const html = await pageHtml(file);
  const settings = (window as unknown as { happyDOM: { settings: HappyDomSettings } }).happyDOM.settings;
  settings.disableJavaScriptEvaluation = true;
  settings.disableJavaScriptFileLoading = true;
  settings.disableCSSFileLoading = true;
  settings.handleDisabledFileLoadingAsSuccess = true;
  // Links, new tabs and the map's frame only change their URL; nothing is fetched.
  settings.navigation.disableMainFrameNavigation = true;
  settings.navigation.disableChildPageNavigation = true;
  settings.navigation.disableChildFrameNavigation = true;

  const root = document.documentElement;
  // Attributes on <html> (data-menu-open) would otherwise outlive the previous page.
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  // Scripts inserted through innerHTML never run.
  root.innerHTML = html;
  window.scrollTo(0, 0);
}

/** The one element carrying `hook` (a data-* attribute), failing loudly when the page lacks it. */
export function hook<T extends Element = HTMLElement>(name: string, within: ParentNode = document): T {
  const found = within.querySelectorAll<T>(`[${name}]`);
  if (found.length !== 1) throw new Error(`Expected one [${name}] on the page, found ${found.length}`);
  return found[0]!;
}

/** Presses a key the way a keyboard does: keydown on the focused element, bubbling up. */
export function press(key: string, target: Element = document.activeElement ?? document.body): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}
