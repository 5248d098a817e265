import { useEffect, useRef, useState } from 'react';
import { TRANSLATIONS } from '../../generator/contract/languages.js';
import { inLanguage, languageOf, SITE_PAGES } from '../pages.js';
import { SETTINGS } from '../settings.js';
import type { Problem } from '../../generator/problems/problem.js';
import { publishedPhotos } from './published-photos.js';
import { kept } from './store.js';

type PreviewScript = typeof import('./preview.js');

/** The preview's script (phone/preview.ts), loaded at the first Preview; a load that failed (offline) is tried again. */
let script: Promise<PreviewScript> | undefined;

function loadScript(address: string): Promise<PreviewScript> {
  script ??= (import(/* a file of the built site, not part of this bundle */ address) as Promise<PreviewScript>).catch((error: unknown) => {
    script = undefined;
    throw error;
  });
  return script;
}

type Shown = { html: string; styles: string } | { message: string };

/** Why the page cannot be drawn, where: saves are checked, so this is rare (a file changed on GitHub meanwhile). */
function problemWords(problem: Problem): string {
  const where = problem.line ? `${problem.file}, line ${problem.line}` : problem.file;
  return `The page cannot be drawn while ${where} has a problem: ${problem.message}`;
}

const OFFLINE = 'The preview could not be loaded: this phone may not be connected just now. Try again once it is.';

/**
 * Preview on the phone: the page this file shows on, as it will look once published, drawn on the
 * phone from what is saved and typed here (phone/preview.ts), at a phone's width, in a frame that
 * runs no script. `pages` are the addresses the file shows on, in its language; `revision` goes up
 * with each save and each pause in typing the phone keeps.
 */
export function PhonePreview({ file, pages, revision }: { file: string; pages: string[]; revision: number }) {
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState(languageOf(file));
  const [shown, setShown] = useState<Shown | undefined>();
  // The page the frame shows styled: until then the frame is hidden, so no unstyled page flashes by.
  const [styled, setStyled] = useState('');
  const frame = useRef<HTMLIFrameElement>(null);
  const lastDrawn = useRef('');
  const page = (pages[0] ?? '/').replace(/^\/[a-z]{2}(?=\/)/, '');
  const address = inLanguage(page, language);
  const label =
    SITE_PAGES.find((one) => one.path === page)?.label ?? (page.startsWith('/404') ? 'Page not found' : page.replace(/\//g, ''));
  const base = kept().base ?? {};
  const languages = TRANSLATIONS.filter((one) => Object.keys(base).some((name) => name.startsWith(`${one.folder}/`)));

  // biome-ignore lint/correctness/useExhaustiveDependencies: a save or a typing pause kept (revision) is the signal to read what is kept again
  useEffect(() => {
    const preview = SETTINGS.preview;
    if (!open || !preview) return;
    const now = kept();
    // A save and a pause in typing both count; the page is drawn again only when what it shows changed.
    const drawn = JSON.stringify([
      address,
      now.saved,
      now.typed ?? {},
      Object.entries(now.photos ?? {}).map(([name, photo]) => [name, photo.length]),
    ]);
    if (drawn === lastDrawn.current) return;
    lastDrawn.current = drawn;
    let current = true;
    let done = false;
    setShown(undefined);
    if (!now.base) {
      setShown({ message: 'The preview needs the site’s files: open All content files once while connected, then come back.' });
      return;
    }
    Promise.all([loadScript(preview.script), publishedPhotos()])
      .then(([loaded, published]) =>
        loaded.previewOf({
          texts: new Map(Object.entries({ ...now.base, ...now.saved })),
          typed: now.typed ?? {},
          address,
          photos: now.photos ?? {},
          published,
          stylesheet: preview.stylesheet,
        }),
      )
      .then((result) => {
        done = true;
        if (!current) return;
        setShown('problem' in result ? { message: problemWords(result.problem) } : result);
      })
      .catch(() => {
        done = true;
        lastDrawn.current = '';
        if (current) setShown({ message: OFFLINE });
      });
    return () => {
      current = false;
      // Left before it was drawn: the next time draws it.
      if (!done) lastDrawn.current = '';
    };
  }, [open, address, revision]);

  /** The site's stylesheet given to the frame's page (the editor's policy allows no inline style), and its links held still. */
  const style = () => {
    const view = frame.current?.contentWindow as (Window & typeof globalThis) | null | undefined;
    const page = frame.current?.contentDocument;
    if (!view || !page || !shown || !('styles' in shown)) return;
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(shown.styles);
    page.adoptedStyleSheets = [sheet];
    setStyled(shown.html);
    // A link would leave the preview for the live site, which no frame may show.
    page.addEventListener('click', (event) => {
      if ((event.target as Element | null)?.closest?.('a, button')) event.preventDefault();
    });
  };

  return (
    <section className="preview phone-preview" aria-label="Preview">
      <div className="preview-bar">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => {
            setStyled('');
            setOpen(!open);
          }}
        >
          {open ? 'Hide the preview' : 'Preview'}
        </button>
        {open && languages.length > 0 ? (
          <fieldset className="preview-languages">
            <legend className="visually-hidden">Language</legend>
            {[{ folder: '', englishName: 'English' }, ...languages].map((one) => (
              <button type="button" key={one.folder} aria-pressed={language === one.folder} onClick={() => setLanguage(one.folder)}>
                {one.englishName}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>
      {open ? (
        <>
          <p className="help">
            The {label} page as it will look once published, drawn from what you typed on this phone. Photos added here and not published
            yet show from this phone.
          </p>
          {shown === undefined ? (
            <p role="status">Drawing the page…</p>
          ) : 'message' in shown ? (
            <p className="refusal" role="alert">
              {shown.message}
            </p>
          ) : (
            <>
              {styled === shown.html ? null : <p role="status">Drawing the page…</p>}
              <iframe
                ref={frame}
                className={styled === shown.html ? undefined : 'unstyled'}
                sandbox="allow-same-origin"
                srcDoc={shown.html}
                title={`Preview of the ${label} page`}
                onLoad={style}
              />
            </>
          )}
        </>
      ) : null}
    </section>
  );
}
