/**
 * Reading built pages the way a person or a screen reader meets them: headings, link and button
 * names, labels, landmarks and attributes, never CSS classes. Shared by the generator's page tests
 * (on the frozen sample) and the rules every operator's content must pass.
 */
import { Window } from 'happy-dom';
import { popupFile } from '../../generator/render/whatsapp-popup.js';

const window = new Window({
  url: 'https://site.invalid/',
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
    handleDisabledFileLoadingAsSuccess: true,
  },
});

export function parseHtml(html: string): Document {
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** Parses XML (a sitemap, an SVG) with the same parser. */
export function parseXml(xml: string, type: 'application/xml' | 'image/svg+xml'): Document {
  return new window.DOMParser().parseFromString(xml, type) as unknown as Document;
}

/** Closes the parser's window, once no page is needed any more. */
export async function closeParser(): Promise<void> {
  await window.happyDOM.close();
}

/** Text as read: whitespace collapsed and trimmed. */
export function squash(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

export function textOf(node: Node | null | undefined): string {
  return squash(node?.textContent);
}

/** The text a screen reader announces for an element's contents, skipping aria-hidden parts. */
export function spokenText(node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node.nodeType !== 1) return '';
  const element = node as Element;
  if (element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('hidden')) return '';
  if (element !== node.ownerDocument?.documentElement && element.getAttribute('aria-label'))
    return ` ${element.getAttribute('aria-label')} `;
  return Array.from(element.childNodes).map(spokenText).join('');
}

/** A simplified accessible name: aria-labelledby, then aria-label, then the spoken contents. */
export function accessibleName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const doc = element.ownerDocument;
    return squash(
      labelledBy
        .split(/\s+/)
        .map((id) => textOf(doc.getElementById(id)))
        .join(' '),
    );
  }
  const label = element.getAttribute('aria-label');
  if (label) return squash(label);
  return squash(Array.from(element.childNodes).map(spokenText).join(''));
}

export function matches(value: string, name: string | RegExp): boolean {
  return typeof name === 'string' ? value === name : name.test(value);
}

export function describeName(name: string | RegExp): string {
  return typeof name === 'string' ? `"${name}"` : String(name);
}

/** Every link whose accessible name is `name` (exactly, or matching a pattern). */
export function linksNamed(root: ParentNode, name: string | RegExp): HTMLAnchorElement[] {
  return Array.from(root.querySelectorAll<HTMLAnchorElement>('a[href]')).filter((a) => matches(accessibleName(a), name));
}

/** The one link named `name` inside `root`; fails with what links there are. */
export function linkNamed(root: ParentNode, name: string | RegExp): HTMLAnchorElement {
  const found = linksNamed(root, name);
  if (found.length !== 1) {
    const all = Array.from(root.querySelectorAll('a[href]')).map((a) => `"${accessibleName(a)}"`);
    throw new Error(`Expected one link named ${describeName(name)}, found ${found.length}. Links here: ${all.join(', ')}`);
  }
  return found[0]!;
}

export function buttonNamed(root: ParentNode, name: string | RegExp): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll<HTMLButtonElement>('button')).filter((b) => matches(accessibleName(b), name));
  if (found.length !== 1) throw new Error(`Expected one button named ${describeName(name)}, found ${found.length}`);
  return found[0]!;
}

export const HEADINGS = 'h1, h2, h3, h4, h5, h6';

export function headings(root: ParentNode): HTMLHeadingElement[] {
  return Array.from(root.querySelectorAll<HTMLHeadingElement>(HEADINGS));
}

/** The one heading whose text is `name`, optionally of a given level. */
export function heading(root: ParentNode, name: string | RegExp, level?: number): HTMLHeadingElement {
  const found = headings(root).filter((h) => matches(textOf(h), name) && (level === undefined || h.tagName === `H${level}`));
  if (found.length !== 1) {
    const all = headings(root).map((h) => `${h.tagName.toLowerCase()} "${textOf(h)}"`);
    throw new Error(
      `Expected one ${level ? `h${level}` : 'heading'} ${describeName(name)}, found ${found.length}. Headings: ${all.join(', ')}`,
    );
  }
  return found[0]!;
}

export function headingTexts(root: ParentNode, level: number): string[] {
  return Array.from(root.querySelectorAll(`h${level}`)).map(textOf);
}

/** The section or article a heading titles: the nearest one named by it, else the nearest one. */
export function regionOf(title: Element): Element {
  let node: Element | null = title.parentElement;
  while (node) {
    if (node.getAttribute('aria-labelledby')?.split(/\s+/).includes(title.id) && title.id) return node;
    node = node.parentElement;
  }
  const region = title.closest('section, article');
  if (!region) throw new Error(`The heading "${textOf(title)}" is not inside a section`);
  return region;
}

/** The region titled by the heading `name`. */
export function region(root: ParentNode, name: string | RegExp, level?: number): Element {
  return regionOf(heading(root, name, level));
}

/** The card (list item or group) a heading titles inside a grid or stack. */
export function cardOf(title: Element): Element {
  const card = title.closest('li, article') ?? title.parentElement;
  if (!card) throw new Error(`The heading "${textOf(title)}" has no card around it`);
  return card;
}

/** The list that follows a heading, e.g. "Our Process" followed by its <ol>. */
export function listAfter(title: Element): HTMLUListElement | HTMLOListElement {
  const next = title.nextElementSibling;
  if (!next || !['UL', 'OL'].includes(next.tagName)) throw new Error(`No list right after the heading "${textOf(title)}"`);
  return next as HTMLUListElement | HTMLOListElement;
}

export function itemTexts(list: Element): string[] {
  return Array.from(list.children)
    .filter((c) => c.tagName === 'LI')
    .map(textOf);
}

/** The control a <label> with exactly `text` points at through for=id. */
export function controlLabelled(root: Document, text: string): HTMLElement {
  const labels = Array.from(root.querySelectorAll('label')).filter((l) => textOf(l) === text);
  if (labels.length !== 1) throw new Error(`Expected one label "${text}", found ${labels.length}`);
  const id = labels[0]!.getAttribute('for');
  if (!id) throw new Error(`The label "${text}" has no for attribute`);
  const control = root.getElementById(id);
  if (!control) throw new Error(`The label "${text}" points at #${id}, which is not on the page`);
  return control;
}

/** List items made of a figure and its label, as [figure, label] pairs (e.g. ['99%', 'Satisfaction']). */
export function statItems(root: ParentNode): Array<[string, string]> {
  return Array.from(root.querySelectorAll('li'))
    .filter((li) => li.children.length === 2)
    .map((li) => [textOf(li.children[0]), textOf(li.children[1])]);
}

export function main(doc: Document): HTMLElement {
  const mains = doc.querySelectorAll('main');
  if (mains.length !== 1) throw new Error(`Expected one <main>, found ${mains.length}`);
  return mains[0] as HTMLElement;
}

export const SECTIONING = 'article, aside, main, nav, section';

/** The page header (banner): a <header> not nested in sectioning content. */
export function banner(doc: Document): HTMLElement {
  const found = Array.from(doc.querySelectorAll('header')).filter((h) => !h.parentElement?.closest(SECTIONING));
  if (found.length !== 1) throw new Error(`Expected one page <header>, found ${found.length}`);
  return found[0] as HTMLElement;
}

/** The page footer (contentinfo): a <footer> not nested in sectioning content. */
export function contentinfo(doc: Document): HTMLElement {
  const found = Array.from(doc.querySelectorAll('footer')).filter((f) => !f.parentElement?.closest(SECTIONING));
  if (found.length !== 1) throw new Error(`Expected one page <footer>, found ${found.length}`);
  return found[0] as HTMLElement;
}

export function meta(doc: Document, attr: 'name' | 'property', key: string): string | null {
  const found = doc.head.querySelectorAll(`meta[${attr}="${key}"]`);
  if (found.length > 1) throw new Error(`More than one <meta ${attr}="${key}">`);
  return found[0]?.getAttribute('content') ?? null;
}

export function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

export function relHas(a: Element, ...tokens: string[]): boolean {
  const rel = (a.getAttribute('rel') ?? '').split(/\s+/);
  return tokens.every((t) => rel.includes(t));
}

/**
 * `doc` with its WhatsApp popup filled in as the client fills it, from the built file the popup
 * names (`data-whatsapp-src`, served from `popupFile(src)`), read with `fileAt`. Returns the popup.
 */
export function fillWhatsAppPopup(doc: Document, fileAt: (path: string) => string | undefined): Element {
  const popup = doc.querySelector('[data-whatsapp-popup]');
  const src = popup?.getAttribute('data-whatsapp-src');
  if (!popup || !src) throw new Error('The page has no WhatsApp popup that names its contents');
  const contents = fileAt(popupFile(src));
  if (contents === undefined) throw new Error(`The build has no ${src}, which the page's WhatsApp popup names`);
  popup.innerHTML = contents;
  return popup;
}
