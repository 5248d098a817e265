import type { ReactNode } from 'react';
import { useForm } from '../context.js';
import { fieldId, normalPath, pathText, type Path } from '../paths.js';
import type { FieldModel, UiProblem } from '../types.js';

/** What a field shows around its control: help, the English text, its problems, and the ids that tie them to it. */
export interface FieldInfo {
  id: string;
  path: Path;
  problems: UiProblem[];
  warnings: UiProblem[];
  /** The English value at the same path, for a translation file. */
  english: string | undefined;
  missing: boolean;
  /** For a translated text whose English changed since: the English it was made from, and the English now. */
  outdated: { was: string; now: string } | undefined;
  /** For aria-describedby: the ids of the notes below that exist. */
  describedBy: string | undefined;
  invalid: boolean;
}

export function useFieldInfo(model: FieldModel, path: Path): FieldInfo {
  const form = useForm();
  const id = fieldId(path);
  const key = normalPath(pathText(path));
  const problems = form.problems.get(key) ?? [];
  const outdated = form.outdated.get(key);
  const missing = form.missing.has(key);
  // The "English changed" and "Not translated yet" marks say what their warnings say, in the
  // editor's words: shown once.
  const warnings = (form.warnings.get(key) ?? []).filter(
    (warning) => !(outdated && warning.code === 'outdated-translation') && !(missing && warning.code === 'missing-translation'),
  );
  const englishValue = form.englishOf(path);
  const english = typeof englishValue === 'string' || typeof englishValue === 'number' ? String(englishValue) : undefined;
  const ids = [
    model.help ? `${id}-help` : '',
    english !== undefined && !outdated ? `${id}-english` : '',
    missing ? `${id}-missing` : '',
    outdated ? `${id}-outdated` : '',
    problems.length > 0 ? `${id}-problems` : '',
    warnings.length > 0 ? `${id}-warnings` : '',
  ].filter(Boolean);
  return {
    id,
    path,
    problems,
    warnings,
    english,
    missing,
    outdated,
    describedBy: ids.length > 0 ? ids.join(' ') : undefined,
    invalid: problems.length > 0,
  };
}

/** The label's text with its required mark (the control itself carries aria-required). */
export function LabelText({ label, required }: { label: string; required: boolean }) {
  return (
    <>
      {label}
      {required ? (
        <span className="required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </>
  );
}

/** Help, English value, missing mark and problems, each with the id the control points at. */
export function FieldNotes({ model, info }: { model: FieldModel; info: FieldInfo }) {
  const { accept } = useForm();
  return (
    <>
      {model.help ? (
        <p className="help" id={`${info.id}-help`}>
          {model.help}
        </p>
      ) : null}
      {info.english !== undefined && !info.outdated ? (
        <p className="english" id={`${info.id}-english`}>
          <span className="english-label">English: </span>
          <span lang="en">{info.english}</span>
        </p>
      ) : null}
      {info.outdated ? (
        <div className="outdated" id={`${info.id}-outdated`}>
          <p>
            <strong>English changed</strong> since this was translated. It was: <q lang="en">{info.outdated.was}</q> It is now:{' '}
            <q lang="en">{info.outdated.now}</q> Mend the Malayalam if it needs it and save; if it still says the same, press the button.
          </p>
          <button type="button" data-action="accept" onClick={() => accept(info.path)}>
            Translation still right
          </button>
        </div>
      ) : null}
      {info.missing ? (
        <p className="missing" id={`${info.id}-missing`}>
          Not translated yet: the English text is shown on the Malayalam page until this is filled in.
        </p>
      ) : null}
      <Problems id={`${info.id}-problems`} problems={info.problems} />
      <Problems id={`${info.id}-warnings`} problems={info.warnings} className="warnings" />
    </>
  );
}

export function Problems({ id, problems, className = 'problems' }: { id: string; problems: UiProblem[]; className?: string }): ReactNode {
  if (problems.length === 0) return null;
  return (
    <ul className={className} id={id}>
      {problems.map((problem, index) => (
        <li key={index}>
          {problem.message}
          {problem.hint ? <span className="hint"> Hint: {problem.hint}</span> : null}
        </li>
      ))}
    </ul>
  );
}
