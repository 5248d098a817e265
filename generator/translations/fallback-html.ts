import { FALLBACK_END, FALLBACK_START, withoutMarks } from './fallback.js';

/**
 * A rendered page with each text marked as English (fallback.ts) said to be English: in body text
 * a `<span lang="en">`; on an image whose whole description is English, `lang="en"` on the image;
 * on a choice in a list whose whole label is, on the `<option>`. Where a page cannot mark a
 * language (the title, other attributes, scripts), the marks are only taken out.
 *
 * The page is one React renders: every `<` in text and `>` in attribute values is escaped,
 * so a tag ends at the first `>`; only `<script>` and `<style>` hold raw text, skipped whole.
 * A template may cut a marked text in pieces (a slash followed by `<wbr>`): each piece of text
 * between two tags gets its own span, so a span never crosses a tag.
 */
export function markEnglishText(html: string): string {
  if (!html.includes(FALLBACK_START)) return html;
  const out: string[] = [];
  let english = false;
  // Text is marked only inside <body>, and never inside elements whose content is text alone.
  let inBody = false;
  let plainUntil: string | undefined;
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const text = html.slice(at, open < 0 ? html.length : open);
    for (const piece of text.split(/(\uFDD0|\uFDD1)/)) {
      if (piece === FALLBACK_START) english = true;
      else if (piece === FALLBACK_END) english = false;
      else if (english && inBody && !plainUntil && piece.trim() !== '') out.push(`<span lang="en">${piece}</span>`);
      else out.push(piece);
    }
    if (open < 0) break;
    const close = html.indexOf('>', open);
    const tag = html.slice(open, close + 1);
    const name = /^<\/?([a-zA-Z][\w-]*)/.exec(tag)?.[1]?.toLowerCase();
    const closing = tag.startsWith('</');
    at = close + 1;
    if ((name === 'script' || name === 'style') && !closing) {
      const end = html.indexOf(`</${name}`, at);
      out.push(tag, withoutMarks(html.slice(at, end)));
      at = end;
      continue;
    }
    if (name === 'body') inBody = !closing;
    if (name && PLAIN_TEXT.has(name)) plainUntil = closing ? undefined : name;
    out.push(markTag(tag, name, html.slice(at, html.indexOf('<', at))));
  }
  return out.join('');
}

/** Elements whose content is text only: a span inside one would be shown as written, or dropped. */
const PLAIN_TEXT = new Set(['title', 'option', 'textarea']);

const wholly = (text: string) => {
  const trimmed = text.trim();
  return trimmed.startsWith(FALLBACK_START) && trimmed.endsWith(FALLBACK_END) && trimmed.indexOf(FALLBACK_START, 1) < 0;
};

/** A tag with the marks out of its attributes, and `lang="en"` where the whole of what it says is English. */
function markTag(tag: string, name: string | undefined, following: string): string {
  const alt = /\salt="([^"]*)"/.exec(tag)?.[1];
  const english = (name === 'img' && alt !== undefined && wholly(alt)) || (name === 'option' && wholly(following));
  const plain = withoutMarks(tag);
  return english && !/\slang=/.test(plain) ? plain.replace(/^<(\w+)/, '<$1 lang="en"') : plain;
}
