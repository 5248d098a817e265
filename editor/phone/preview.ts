/**
 * The phone's preview, as a script of its own (`_editor/preview.js`), loaded only when the owner
 * taps Preview: the site's templates, React's server renderer and the content's checks are several
 * times the editor's own size. From the texts the phone holds (the head's, with those saved here
 * laid over, and the values typed and not saved yet over those) it renders the page as the build would, in the browser, with no request but the live
 * page (for its logo's address) and the site's stylesheet.
 */
import { textFor, typedNumbers } from '../../generator/editor/content/file-text.js';
import { editableFile } from '../../generator/editor/content/files.js';
import { renamedWith } from '../../generator/editor/content/memory-problems.js';
import type { EditorPhotos } from '../../generator/editor/photo-manifest.js';
import type { Problem } from '../../generator/problems/problem.js';
import { liveLogo, previewPhotos, type PhonePhoto } from './preview-photos.js';
import { brandStyles, renderPreview } from './preview-render.js';
import { siteFromTexts } from './preview-site.js';

export interface PreviewAsked {
  /** The content files by name in the content folder (services.yaml, ml/pages/home.yaml). */
  texts: ReadonlyMap<string, string>;
  /** Values typed in a file's form and not saved yet, by file (as the phone keeps them). */
  typed?: Readonly<Record<string, { value: unknown; numbers: unknown }>>;
  /** The page to show, as published: '/services/', '/ml/'. */
  address: string;
  /** Photos added on the phone and not published, by name in content/images/, as base64 JPEG. */
  photos: Readonly<Record<string, string>>;
  /** The published photos' files, as the live site's build wrote them (published-photos.ts). */
  published: EditorPhotos;
  /** Where the site's stylesheet is, as the build bundled it (the page's settings name it). */
  stylesheet: string;
}

export type PreviewShown = { html: string; styles: string } | { problem: Problem };

/** The page as it will look once published, or the first problem that keeps the site from being built. */
export async function previewOf(asked: PreviewAsked): Promise<PreviewShown> {
  const now = new Date();
  const made = siteFromTexts(withTyped(asked.texts, asked.typed ?? {}), now);
  if ('problems' in made) return { problem: made.problems[0]! };
  const [live, css, phone] = await Promise.all([livePage(asked.address), stylesheet(asked.stylesheet), phonePhotos(asked.photos)]);
  const rendered = renderPreview(made.site, previewPhotos(asked.published, phone), liveLogo(live), now);
  const html = rendered.pages.get(asked.address) ?? rendered.pages.get('/404.html') ?? '';
  return { html, styles: brandStyles(css, rendered.palette) };
}

/**
 * The texts with each value typed written into its file as a save would write it (a service's id
 * renamed in the other files too); a value that cannot be written (a shape the form never makes)
 * leaves its file as saved.
 */
export function withTyped(
  texts: ReadonlyMap<string, string>,
  typed: Readonly<Record<string, { value: unknown; numbers: unknown }>>,
): ReadonlyMap<string, string> {
  const laid = new Map(texts);
  for (const [name, { value, numbers }] of Object.entries(typed)) {
    const file = editableFile(name);
    if (!file) continue;
    try {
      laid.set(name, textFor(file, texts.get(name), value, typedNumbers(numbers)));
      // A service's id typed anew is renamed where other files name it, as the save will.
      for (const [other, text] of renamedWith(texts, file, value).files) laid.set(other, text);
    } catch {
      // Left as saved: the form shows what keeps it from being written.
    }
  }
  return laid;
}

/** The page as the live site has it now, for its logo's address; none offline. */
async function livePage(address: string): Promise<string> {
  try {
    const response = await fetch(address, { credentials: 'omit' });
    return response.ok ? await response.text() : '';
  } catch {
    return '';
  }
}

let styles: Promise<string> | undefined;

/** The site's stylesheet, read once; a failed read (offline) leaves the page unstyled and is tried again next time. */
function stylesheet(address: string): Promise<string> {
  styles ??= fetch(address)
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))))
    .catch(() => {
      styles = undefined;
      return '';
    });
  return styles;
}

/** Blob addresses of the photos kept on the phone, made once each and kept while the editor is open. */
const shown = new Map<string, { base64: string; photo: PhonePhoto }>();

async function phonePhotos(kept: Readonly<Record<string, string>>): Promise<Map<string, PhonePhoto>> {
  const photos = new Map<string, PhonePhoto>();
  for (const [name, base64] of Object.entries(kept)) {
    const known = shown.get(name);
    if (known?.base64 === base64) {
      photos.set(name, known.photo);
      continue;
    }
    if (known) URL.revokeObjectURL(known.photo.url);
    const blob = new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], { type: 'image/jpeg' });
    const bitmap = await createImageBitmap(blob).catch(() => undefined);
    const photo = { url: URL.createObjectURL(blob), width: bitmap?.width ?? 1280, height: bitmap?.height ?? 960 };
    bitmap?.close();
    shown.set(name, { base64, photo });
    photos.set(name, photo);
  }
  return photos;
}
