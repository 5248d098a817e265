import { useRef, useState } from 'react';
import { messageOf, postJson } from './api.js';
import { REFUSAL_WORDS } from './refusal-words.js';
import type { UiProblem } from './types.js';

/**
 * A file the YAML reader cannot read has no form to show; its text is shown instead, in a text
 * box, with each mistake at its line and column in plain words, so it can be mended and saved
 * here. Once the text reads as YAML again, the form comes back.
 */
export function TextMode({
  file,
  text,
  version,
  problems,
  onSaved,
}: {
  file: string;
  text: string;
  version: string;
  problems: UiProblem[];
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState(text);
  const [shown, setShown] = useState<UiProblem[]>(problems);
  const [state, setState] = useState<{ kind: 'none' | 'saving' } | { kind: 'refused' | 'error'; message: string }>({ kind: 'none' });
  const box = useRef<HTMLTextAreaElement>(null);

  /** Puts the cursor at a mistake: the text box scrolls to it. */
  const goTo = (problem: UiProblem) => {
    const area = box.current;
    if (!area || !problem.line) return;
    const lines = draft.split('\n');
    const start = lines.slice(0, problem.line - 1).reduce((sum, line) => sum + line.length + 1, 0) + Math.max(0, (problem.column ?? 1) - 1);
    area.focus();
    area.setSelectionRange(start, start);
    const lineHeight = area.scrollHeight / Math.max(1, lines.length);
    area.scrollTop = Math.max(0, (problem.line - 3) * lineHeight);
  };

  const save = async () => {
    setState({ kind: 'saving' });
    const answer = await postJson<{ version?: string; problems?: UiProblem[]; message?: string }>('save-text', {
      file,
      text: draft,
      version,
    });
    if (answer.ok && answer.body.version) {
      setState({ kind: 'none' });
      onSaved();
    } else if (answer.status === 422 && answer.body.problems) {
      setShown(answer.body.problems);
      setState({ kind: 'refused', message: `Not saved: the text still has a mistake, shown above. ${REFUSAL_WORDS.unchanged}` });
    } else {
      setState({ kind: 'error', message: messageOf(answer.body, `Saving failed (${answer.status}). Nothing was saved.`) });
    }
  };

  return (
    <section className="form text-mode" aria-labelledby="text-heading">
      <h2 id="text-heading">Mend the file’s text</h2>
      <p className="note">
        This file has a mistake in how it is written, so it cannot be shown as a form. Correct it in the text below and press{' '}
        <strong>Save the text</strong>; the form comes back once the file reads correctly.
      </p>
      <ul className="problem-list" aria-label="Mistakes in the text">
        {shown.map((problem, index) => (
          <li key={index}>
            {problem.line ? (
              <button type="button" className="link" onClick={() => goTo(problem)}>
                Line {problem.line}, column {problem.column ?? 1}
              </button>
            ) : (
              'The file'
            )}
            : {problem.message}
            {problem.hint ? <span className="hint"> Hint: {problem.hint}</span> : null}
          </li>
        ))}
      </ul>
      <label htmlFor="file-text">Text of content/{file}</label>
      <textarea
        id="file-text"
        ref={box}
        className="file-text"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        wrap="off"
        rows={Math.min(30, Math.max(10, draft.split('\n').length))}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="save-bar">
        <button type="button" className="primary" onClick={() => void save()} disabled={state.kind === 'saving'}>
          {state.kind === 'saving' ? 'Saving…' : 'Save the text'}
        </button>
        {state.kind === 'refused' || state.kind === 'error' ? (
          <p className="refusal" role="alert">
            {state.message}
          </p>
        ) : (
          <p role="status" className="save-status">
            {draft === text ? 'No changes yet.' : 'Unsaved changes.'}
          </p>
        )}
      </div>
    </section>
  );
}
