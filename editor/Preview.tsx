import { useEffect, useId, useRef, useState } from 'react';
import { EDIT_ROOT } from './api.js';
import { allPages } from './pages.js';

/**
 * The site as it would be with the unsaved change: the server renders the page in memory with the
 * draft laid over the files. `revision` goes up after each draft is sent, and the frame loads again.
 */
export function Preview({ file, pages, revision }: { file: string; pages: string[]; revision: number }) {
  const [page, setPage] = useState(pages[0] ?? '/');
  const pickerId = useId();
  useEffect(() => setPage(pages[0] ?? '/'), [pages]);
  const frame = useRef<HTMLIFrameElement>(null);
  // Where the operator had scrolled the preview to, kept across the reload after each change.
  const scroll = useRef(0);
  useEffect(() => {
    const view = frame.current?.contentWindow;
    if (!view || revision === 0) return;
    try {
      scroll.current = view.scrollY;
      view.location.reload();
    } catch {
      // A frame showing something else than the preview (it should not) is left alone.
    }
  }, [revision]);
  const offered = allPages(file);
  const affected = pages.map((path) => offered.find((entry) => entry.path === path) ?? { path, label: path });
  const others = offered.filter((entry) => !pages.includes(entry.path));
  const label = affected.concat(others).find((entry) => entry.path === page)?.label ?? page;
  return (
    <section className="preview" aria-labelledby="preview-heading">
      <div className="preview-bar">
        <h2 id="preview-heading">Preview</h2>
        <label htmlFor={pickerId}>Page</label>
        <select id={pickerId} value={page} onChange={(event) => setPage(event.target.value)}>
          <optgroup label="Pages this file changes">
            {affected.map((entry) => (
              <option key={entry.path} value={entry.path}>
                {entry.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Other pages">
            {others.map((entry) => (
              <option key={entry.path} value={entry.path}>
                {entry.label}
              </option>
            ))}
          </optgroup>
        </select>
        <a href={page} target="_blank" rel="noopener">
          Open the saved page
        </a>
      </div>
      <p className="help">Shows your unsaved changes. Visitors see them only after you save and publish.</p>
      <iframe
        ref={frame}
        src={`${EDIT_ROOT}/preview${page}`}
        title={`Preview of the ${label} page with your unsaved changes`}
        onLoad={() => {
          const view = frame.current?.contentWindow;
          if (view && scroll.current > 0) view.scrollTo(0, scroll.current);
          scroll.current = 0;
        }}
      />
    </section>
  );
}
