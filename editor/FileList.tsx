import { useEffect, useState } from 'react';
import { EDIT_ROOT, getJson, messageOf } from './api.js';
import { Publish } from './Publish.js';
import { SETTINGS } from './settings.js';
import type { FileEntry } from './types.js';

/** The start page: every content file with a line on what it holds, English first, then the translations. */
export function FileList() {
  const [files, setFiles] = useState<FileEntry[] | null>(null);
  // On the phone: how many texts still the sample's keep the live site closed (the Worker's build settings).
  const [closed, setClosed] = useState(0);
  const [error, setError] = useState('');
  useEffect(() => {
    const read = () =>
      getJson<{ files: FileEntry[]; closed?: number }>('files')
        .then((answer) => {
          if (!answer.ok) return setError(messageOf(answer.body, `The list of files could not be read (${answer.status}).`));
          setFiles(answer.body.files);
          setClosed(answer.body.closed ?? 0);
          setError('');
        })
        .catch((failure: unknown) =>
          setError(`The editor's server did not answer (${(failure as Error).message}). Is site dev still running?`),
        );
    void read();
    // A phone that lost its connection while the list was read reads it again once it is back.
    window.addEventListener('online', read);
    return () => window.removeEventListener('online', read);
  }, []);

  const english = files?.filter((entry) => !entry.language) ?? [];
  const malayalam = files?.filter((entry) => entry.language === 'ml') ?? [];
  return (
    <main id="main" className="page list-page">
      <header className="top">
        <h1>Content editor</h1>
        {SETTINGS.phone ? (
          <p className="summary">
            Pick a file to edit its text, prices and photos. Every change is checked as you type; what you save is kept on this phone until
            you publish it.
          </p>
        ) : (
          <p className="summary">
            Pick a file to edit its text, prices and photos. Every change is checked as you type and shown in a preview before you save.
          </p>
        )}
        <p className="summary">
          <a href="/">Open the site</a> · <a href="#publish">Publish saved changes</a>
        </p>
      </header>
      {error ? (
        <p className="refusal" role="alert">
          {error}
        </p>
      ) : null}
      {closed > 0 ? (
        <p className="refusal">
          Your site is closed to visitors, who see only your name and how to reach you: {closed}{' '}
          {closed === 1 ? 'text still says' : 'texts still say'}, word for word, what the sample company says of itself. Each is marked in
          its file; write them in your words and publish, and the site opens by itself after the last of them.
        </p>
      ) : null}
      {files === null && !error ? <p role="status">Reading the content folder…</p> : null}
      {files !== null ? (
        <div className="file-groups">
          <FileGroup heading="English" id="english" files={english} />
          {malayalam.length > 0 ? <FileGroup heading="Malayalam" id="malayalam" files={malayalam} /> : null}
        </div>
      ) : null}
      {/* Drawn below the list, so shown with it: a panel shown first was pushed down under an owner's
          thumb as the list came in. Mounted at once all the same, so what it reads is read meanwhile. */}
      <div hidden={files === null && !error}>
        <Publish />
      </div>
    </main>
  );
}

function FileGroup({ heading, id, files }: { heading: string; id: string; files: FileEntry[] }) {
  return (
    <section className="file-group" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <ul className="files">
        {files.map((entry) => (
          <li key={entry.file}>
            <a href={`${EDIT_ROOT}/${entry.file}`}>
              <span className="file-title">{entry.title}</span>
              <span className="file-name">content/{entry.file}</span>
            </a>
            <p className="summary">
              {entry.summary}
              {entry.exists ? '' : ' Not started yet: saving creates the file.'}
            </p>
            {entry.untranslated ? (
              <p className="untranslated">
                {entry.untranslated} {entry.untranslated === 1 ? 'text' : 'texts'} not translated yet (shown in English meanwhile)
              </p>
            ) : null}
            {entry.outdated ? (
              <p className="untranslated">
                {entry.outdated} {entry.outdated === 1 ? 'text' : 'texts'} translated from English that has changed since
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
