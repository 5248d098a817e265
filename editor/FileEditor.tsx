import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EDIT_ROOT, getJson, messageOf, postJson, postWhileLeaving } from './api.js';
import { FormContextValue, type FormContext } from './context.js';
import { Field } from './fields/Field.js';
import { englishAt, getIn, idOfText, parsePath, problemPath, type Path } from './paths.js';
import { languageOf } from './pages.js';
import { CardsNotice } from './CardsNotice.js';
import { draftQueue, type DraftQueue } from './draft-queue.js';
import { Preview } from './Preview.js';
import { REFUSAL_WORDS } from './refusal-words.js';
import { SETTINGS } from './settings.js';
import { keepTyped, staleTyped, typedDraft } from './phone/store.js';
import { startPhoneChecks } from './phone/requests.js';
import { PhonePreview } from './phone/preview-panel.js';
import { problemSentence } from './problem-sentence.js';
import { TextMode } from './TextMode.js';
import type { FileData, FileEntry, ImageEntry, TextCounts, UiOutdated, UiProblem } from './types.js';

/** How long typing pauses before the change is checked and shown in the preview. */
const PAUSE_MS = 400;

/** Asked before unsaved changes are thrown away: nothing brings them back. */
const THROW_AWAY_QUESTION = 'Throw away the changes you made here since the last save? They cannot be brought back.';

type Outcome =
  | { kind: 'none' }
  | { kind: 'saving' }
  | { kind: 'saved'; changedLines: number; at: string; renamed?: Renamed }
  | { kind: 'invalid'; count: number }
  | { kind: 'conflict'; message: string }
  /** The file changed on disk while the form has unsaved changes: saving would be refused. */
  | { kind: 'stale' }
  /** The file changed on disk while the form had no changes: the form now shows it. */
  | { kind: 'refreshed'; at: string }
  | { kind: 'error'; message: string };

/** Service ids a save renamed, and the other files it renamed them in. */
interface Renamed {
  renames: { from: string; to: string }[];
  renamedIn: string[];
}

/** Whether a problem is in the file `file` (services.yaml), not in another one the change touches. */
function inFile(problem: UiProblem, file: string): boolean {
  return problem.file.slice(problem.file.indexOf('/') + 1) === file;
}

function byPath(problems: readonly UiProblem[], value: unknown): Map<string, UiProblem[]> {
  const map = new Map<string, UiProblem[]>();
  for (const problem of problems) {
    const key = problemPath(problem.path, value);
    map.set(key, [...(map.get(key) ?? []), problem]);
  }
  return map;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** One content file as a form, with its checks, the preview beside it, and saving. */
export function FileEditor({ file }: { file: string }) {
  const [data, setData] = useState<FileData | null>(null);
  const [entry, setEntry] = useState<FileEntry | undefined>();
  const [loadError, setLoadError] = useState('');
  const [value, setValue] = useState<unknown>(undefined);
  const [saved, setSaved] = useState<unknown>(undefined);
  const [version, setVersion] = useState('');
  const [problems, setProblems] = useState<UiProblem[]>([]);
  const [warnings, setWarnings] = useState<UiProblem[]>([]);
  // Problems the change would make in other files (a service id still named there): saving is refused for them too.
  const [elsewhere, setElsewhere] = useState<UiProblem[]>([]);
  // Service ids the change renames, and the files a save renames them in too.
  const [renaming, setRenaming] = useState<Renamed | undefined>();
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [revision, setRevision] = useState(0);
  const [images, setImages] = useState<ImageEntry[]>([]);
  const [outdated, setOutdated] = useState<UiOutdated[]>([]);
  const [counts, setCounts] = useState<TextCounts | undefined>();
  const [acceptNote, setAcceptNote] = useState({ text: '', refused: false });
  const sequence = useRef(0);
  // The pause after typing, which "Throw away" must stop: run after it, it would keep the typed value again.
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  // On the phone: a value typed over a version of the file saved since (in another tab), not shown.
  const [typedDropped, setTypedDropped] = useState(false);
  // The unsaved value for the preview, one request at a time: see draft-queue.ts.
  const drafts = useRef<DraftQueue<{ file: string; value: unknown; numbers?: unknown }> | null>(null);
  drafts.current ??= draftQueue(
    async (body) => (await postJson('draft', body)).ok,
    () => setRevision((n) => n + 1),
  );
  const summaryRef = useRef<HTMLDivElement>(null);
  // Numbers as typed or as the file writes them, by path (as JSON): sent beside the value.
  const typedNumbers = useRef(new Map<string, string>());
  const typedNumber = useCallback((path: Path) => typedNumbers.current.get(JSON.stringify(path)), []);
  const setTypedNumber = useCallback((path: Path, text: string) => void typedNumbers.current.set(JSON.stringify(path), text), []);
  const numbers = () => [...typedNumbers.current].map(([path, text]) => [JSON.parse(path) as Path, text]);

  /** The file as the server sent it: its form, the saved value, its version and its checks. */
  const show = useCallback((body: FileData) => {
    typedNumbers.current = new Map((body.numbers ?? []).map(([path, text]) => [JSON.stringify(path), text]));
    setData(body);
    setValue(body.value);
    setSaved(body.value);
    setVersion(body.version);
    setProblems(body.problems ?? []);
    setWarnings(body.warnings ?? []);
    setElsewhere([]);
    setRenaming(undefined);
    setOutdated(body.outdated ?? []);
    setCounts(body.counts);
  }, []);

  /** A translation's marks and counts as the server has them now (after a save, or a field marked reviewed). */
  const showTranslationState = useCallback((body: Pick<FileData, 'outdated' | 'counts' | 'warnings'>) => {
    setOutdated(body.outdated ?? []);
    setCounts(body.counts);
    if (body.warnings) setWarnings(body.warnings);
  }, []);

  const load = useCallback(async () => {
    const answer = await getJson<FileData>(`file?file=${encodeURIComponent(file)}`);
    if (!answer.ok) {
      setLoadError(messageOf(answer.body, `This file could not be opened (${answer.status}).`));
      return;
    }
    show(answer.body);
    setLoadError('');
    // On the phone a value typed before a reload (or a closed tab) is shown again, unsaved.
    const typed = SETTINGS.phone ? typedDraft(file) : undefined;
    if (SETTINGS.phone && !typed && staleTyped(file)) {
      keepTyped(file, undefined);
      setTypedDropped(true);
    }
    if (typed) {
      typedNumbers.current = new Map(
        (Array.isArray(typed.numbers) ? (typed.numbers as [Path, string][]) : []).map(([path, text]) => [JSON.stringify(path), text]),
      );
      setValue(typed.value);
    }
    if (answer.body.warnings) return;
    // A server that sends no warnings with the file: they come with a check.
    const before = sequence.current;
    const checkedNow = await postJson<{ problems: UiProblem[]; warnings?: UiProblem[] }>('check', { file, value: answer.body.value });
    if (checkedNow.ok && sequence.current === before) setWarnings(checkedNow.body.warnings ?? []);
  }, [file, show]);

  const refreshImages = useCallback(async () => {
    const answer = await getJson<{ images: ImageEntry[] }>('images');
    if (answer?.ok) setImages(answer.body.images);
  }, []);

  useEffect(() => {
    void load();
    // The form opens the file as saved, so the preview must too: a tab that went without saying
    // so (a phone that closed it in the background, a browser that quit) left its unsaved value
    // behind, which the preview showed as this tab's own "unsaved changes".
    drafts.current?.send({ file, value: null });
    void refreshImages();
    void getJson<{ files: FileEntry[] }>('files')
      .then((answer) => setEntry(answer.ok ? answer.body.files.find((one) => one.file === file) : undefined))
      .catch(() => undefined);
  }, [file, load, refreshImages]);

  useEffect(() => {
    if (entry?.title) document.title = `${entry.title} · Content editor`;
  }, [entry]);

  // How soon the owner can type, as the browser's own clock sees it: bench/admin.mjs reads this
  // mark from Lighthouse's trace. Once: a file read again is not the page becoming ready. The
  // phone's own check starts after it, so its start-up never holds the form's first paint.
  const formShown = data !== null;
  useEffect(() => {
    if (!formShown || performance.getEntriesByName('editor-form-ready').length > 0) return;
    performance.mark('editor-form-ready');
    // A link from another file's problem names a field here, which the browser looked for before the form was drawn.
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    if (SETTINGS.phone) startPhoneChecks();
  }, [formShown]);

  const dirty = data !== null && !same(value, saved);

  // The dev server tells every open page when files change. When this file changed on disk (a text
  // editor, git pull), an unchanged form shows it at once; a form with changes says saving would be refused.
  const watch = useRef({ version: '', dirty: false });
  watch.current = { version, dirty };
  useEffect(() => {
    // The phone has no dev server to tell it: the address would only be asked again and again.
    if (typeof EventSource === 'undefined' || SETTINGS.phone) return;
    const events = new EventSource('/__dev/events');
    const onChange = async (event: MessageEvent<string>) => {
      let changed: string[] = [];
      try {
        changed = (JSON.parse(event.data) as { changed?: string[] }).changed ?? [];
      } catch {
        return;
      }
      if (!changed.some((name) => name.replace(/\\/g, '/') === file || name.replace(/\\/g, '/').endsWith(`/${file}`))) return;
      const answer = await getJson<FileData>(`file?file=${encodeURIComponent(file)}`);
      if (!answer.ok || !watch.current.version || answer.body.version === watch.current.version) return;
      if (watch.current.dirty) {
        setOutcome((now) => (now.kind === 'conflict' || now.kind === 'saving' ? now : { kind: 'stale' }));
      } else {
        show(answer.body);
        setOutcome({ kind: 'refreshed', at: clock() });
        setRevision((n) => n + 1);
      }
    };
    events.addEventListener('reload', (event) => void onChange(event as MessageEvent<string>));
    return () => events.close();
  }, [file, show]);

  // Leaving with unsaved changes asks first (the browser's own question); once gone, the unsaved
  // value is forgotten by the server too, so other files' previews show the file as saved. The
  // phone keeps it instead, written as the page goes or is hidden (phones often close a hidden tab
  // without a pagehide), so the keys typed within the pause are not lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: numbers() reads a ref, as in the pause's effect below
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    const leave = () =>
      SETTINGS.phone ? keepTyped(file, { value, numbers: numbers() }) : postWhileLeaving('draft', { file, value: null });
    const hidden = () => document.visibilityState === 'hidden' && SETTINGS.phone && leave();
    window.addEventListener('beforeunload', ask);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('beforeunload', ask);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [dirty, file, value]);

  // After a pause in typing: check the whole content with this value, and show it in the preview.
  // biome-ignore lint/correctness/useExhaustiveDependencies: numbers() reads a ref; as a dependency it would restart the pause at every render
  useEffect(() => {
    if (data === null || !dirty) return;
    const timer = setTimeout(() => {
      const mine = ++sequence.current;
      setChecking(true);
      void postJson<{ problems: UiProblem[]; warnings?: UiProblem[]; counts?: TextCounts; elsewhere?: UiProblem[] } & Partial<Renamed>>(
        'check',
        { file, value, numbers: numbers() },
      )
        .then((answer) => {
          if (mine !== sequence.current || !answer.ok) return;
          setProblems(answer.body.problems);
          setWarnings(answer.body.warnings ?? []);
          setElsewhere(answer.body.elsewhere ?? []);
          setRenaming(answer.body.renames?.length ? { renames: answer.body.renames, renamedIn: answer.body.renamedIn ?? [] } : undefined);
          if (answer.body.counts) setCounts(answer.body.counts);
        })
        .catch(() => undefined)
        .finally(() => mine === sequence.current && setChecking(false));
      drafts.current?.send({ file, value, numbers: numbers() });
    }, PAUSE_MS);
    pause.current = timer;
    return () => clearTimeout(timer);
  }, [data, dirty, file, value]);

  const saving = useRef(false);
  const save = async () => {
    // One save at a time: a second Ctrl+S while the first is on its way would be refused as a conflict.
    if (saving.current) return;
    saving.current = true;
    try {
      await saveNow();
    } finally {
      saving.current = false;
    }
  };
  const saveNow = async () => {
    sequence.current++;
    setChecking(false);
    setOutcome({ kind: 'saving' });
    const answer = await postJson<{ version?: string; changedLines?: number; problems?: UiProblem[]; message?: string } & Partial<Renamed>>(
      'save',
      {
        file,
        value,
        version,
        numbers: numbers(),
      },
    );
    if (answer.ok && answer.body.version) {
      // Known at once to the file watch below: the watcher's news of this very save can come
      // before the page has drawn the new version, and must not read as someone else's change.
      watch.current = { version: answer.body.version, dirty: false };
      setVersion(answer.body.version);
      setSaved(value);
      setProblems([]);
      setElsewhere([]);
      setRenaming(undefined);
      const renamed = answer.body.renames?.length ? { renames: answer.body.renames, renamedIn: answer.body.renamedIn ?? [] } : undefined;
      setOutcome({ kind: 'saved', changedLines: answer.body.changedLines ?? 0, at: clock(), ...(renamed ? { renamed } : {}) });
      setRevision((n) => n + 1);
      // Saving a translated text records the English it now translates: its "English changed" mark goes.
      if (data?.english !== undefined) {
        const fresh = await getJson<FileData>(`file?file=${encodeURIComponent(file)}`);
        if (fresh.ok) showTranslationState(fresh.body);
      }
    } else if (answer.status === 422 && answer.body.problems) {
      setProblems(answer.body.problems.filter((problem) => inFile(problem, file)));
      setElsewhere(answer.body.problems.filter((problem) => !inFile(problem, file)));
      setOutcome({ kind: 'invalid', count: answer.body.problems.length });
      summaryRef.current?.focus();
    } else if (answer.status === 409) {
      setOutcome({ kind: 'conflict', message: messageOf(answer.body, 'The file was changed outside the editor since you opened it.') });
    } else {
      setOutcome({ kind: 'error', message: messageOf(answer.body, `Saving failed (${answer.status}). Nothing was saved.`) });
    }
  };

  // Ctrl+S (Cmd+S on a Mac) saves, as in any editor, instead of saving the page as a file.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const reload = async () => {
    clearTimeout(pause.current);
    sequence.current++;
    setChecking(false);
    setTypedDropped(false);
    if (SETTINGS.phone) keepTyped(file, undefined);
    drafts.current?.send({ file, value: null });
    await drafts.current?.settled();
    setOutcome({ kind: 'none' });
    await load();
    setRevision((n) => n + 1);
  };

  const missing = useMemo(() => {
    // A field filled in since the file was opened is no longer marked.
    const paths = (data?.missing ?? []).map((text) => problemPath(text, value));
    return new Set(paths.filter((text) => isEmpty(getIn(value, parsePath(text)))));
  }, [data, value]);
  const changedEnglish = useMemo(
    () => new Map(outdated.map((text) => [problemPath(text.path, value), { was: text.was, now: text.now }])),
    [outdated, value],
  );
  const accept = useCallback(
    (path: readonly (string | number)[]) => {
      void postJson<Pick<FileData, 'outdated' | 'counts' | 'warnings'> & { accepted?: number }>('accept', { file, accepted: [path] }).then(
        (answer) => {
          if (!answer.ok) {
            setAcceptNote({ text: messageOf(answer.body, `The field could not be marked reviewed (${answer.status}).`), refused: true });
            return;
          }
          showTranslationState(answer.body);
          setAcceptNote({
            text: answer.body.accepted
              ? 'Marked reviewed: the English it translates now is recorded.'
              : 'Nothing was marked: the field has no saved text yet; write it and save.',
            refused: !answer.body.accepted,
          });
        },
      );
    },
    [file, showTranslationState],
  );
  const context: FormContext = useMemo(
    () => ({
      problems: byPath(problems, value),
      warnings: byPath(warnings, value),
      english: data?.english,
      englishOf: (path: readonly (string | number)[]) => (data?.english === undefined ? undefined : englishAt(data.english, value, path)),
      missing,
      outdated: changedEnglish,
      accept,
      lang: languageOf(file) || 'en',
      images,
      refreshImages,
      typedNumber,
      setTypedNumber,
      root: value,
    }),
    [problems, warnings, data, missing, changedEnglish, accept, file, images, refreshImages, typedNumber, setTypedNumber, value],
  );
  if (loadError) {
    return (
      <main id="main" className="page">
        <Header file={file} title={entry?.title} />
        <p className="refusal" role="alert">
          {loadError}
        </p>
      </main>
    );
  }
  if (data === null) {
    return (
      <main id="main" className="page">
        <Header file={file} title={entry?.title} />
        <p role="status">Opening content/{file}…</p>
      </main>
    );
  }

  if (data.value === null && data.text !== undefined) {
    return (
      <main id="main" className="page file-page">
        <Header file={file} title={entry?.title} summary={entry?.summary} />
        <TextMode file={file} text={data.text} version={data.version} problems={problems} onSaved={() => void load()} />
      </main>
    );
  }

  const translation = data.english !== undefined;
  return (
    <main id="main" className="page file-page">
      <Header file={file} title={entry?.title} summary={entry?.summary} />
      {translation ? (
        <p className="note">
          The Malayalam text of{' '}
          <a href={`${EDIT_ROOT}/${entry?.english ?? file.replace(/^[a-z]{2}\//, '')}`}>
            content/{entry?.english ?? file.replace(/^[a-z]{2}\//, '')}
          </a>
          : each field shows its English text below it.
          <TranslationCounts counts={counts} />
        </p>
      ) : null}
      {translation ? (
        <p role="status" className={acceptNote.refused ? 'refusal' : 'visually-hidden'}>
          {acceptNote.text}
        </p>
      ) : null}
      <div className="workspace">
        <section className="form" aria-labelledby="form-heading">
          <h2 id="form-heading" className="visually-hidden">
            Fields
          </h2>
          {typedDropped ? (
            <p className="note" role="status">
              Typing on this phone that was not saved (in this tab or another) is not shown: this file was saved since, and putting that
              typing back would undo the save. Type it again if you still want it.
            </p>
          ) : null}
          <Summary
            problems={problems}
            elsewhere={elsewhere}
            renaming={renaming}
            warnings={warnings}
            checking={checking}
            summaryRef={summaryRef}
            value={value}
          />
          {translation ? null : <CardsNotice file={file} model={data.model} value={value} saved={saved} onChange={setValue} />}
          <FormContextValue.Provider value={context}>
            <Field model={data.model} path={[]} value={value} onChange={setValue} />
          </FormContextValue.Provider>
          <div className="save-bar">
            <button type="button" className="primary" onClick={() => void save()} disabled={outcome.kind === 'saving'}>
              {outcome.kind === 'saving' ? 'Saving…' : 'Save'}
            </button>
            <Outcome outcome={outcome} dirty={dirty} onReload={() => void reload()} />
            {/* Conflicts offer their own way back to the file as saved. */}
            {dirty && outcome.kind !== 'conflict' && outcome.kind !== 'stale' && outcome.kind !== 'saving' ? (
              <button
                type="button"
                className="secondary"
                aria-label="Throw away unsaved changes"
                onClick={() => confirm(THROW_AWAY_QUESTION) && void reload()}
              >
                Throw away
              </button>
            ) : null}
          </div>
        </section>
        {SETTINGS.phone ? (
          <PhonePreview file={file} pages={data.pages} revision={revision} />
        ) : (
          <Preview file={file} pages={data.pages} revision={revision} />
        )}
      </div>
    </main>
  );
}

/**
 * How many texts of this file need a translator, as the server counted them with `site check`'s
 * own count: a text shown in English counts once, however it is missing (one field, or a whole item).
 */
function TranslationCounts({ counts }: { counts: TextCounts | undefined }) {
  if (!counts || counts.untranslated + counts.outdated === 0) return null;
  const parts = [
    counts.untranslated > 0
      ? `${counts.untranslated} ${counts.untranslated === 1 ? 'text is' : 'texts are'} not translated yet, marked “Not translated yet”`
      : '',
    counts.outdated > 0
      ? `${counts.outdated} ${counts.outdated === 1 ? 'text was' : 'texts were'} translated from English that has changed since, marked “English changed”`
      : '',
  ].filter(Boolean);
  return <> {parts.join('; ')}.</>;
}

function clock(): string {
  return new Date().toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

function Header({ file, title, summary }: { file: string; title?: string; summary?: string }) {
  return (
    <header className="top">
      <p className="crumbs">
        <a href={EDIT_ROOT}>All content files</a>
      </p>
      <h1>
        {title ?? file} <span className="file-name">content/{file}</span>
      </h1>
      {summary ? <p className="summary">{summary}</p> : null}
    </header>
  );
}

function Summary({
  problems,
  elsewhere,
  renaming,
  warnings,
  checking,
  summaryRef,
  value,
}: {
  problems: UiProblem[];
  elsewhere: UiProblem[];
  renaming: Renamed | undefined;
  warnings: UiProblem[];
  checking: boolean;
  summaryRef: React.RefObject<HTMLDivElement | null>;
  value: unknown;
}) {
  const count = problems.length + elsewhere.length;
  return (
    <div className={`check-summary${count > 0 ? ' has-problems' : ''}`} ref={summaryRef} tabIndex={-1}>
      <p role="status" className="check-status">
        {checking
          ? 'Checking…'
          : count === 0
            ? 'No problems found.'
            : `${count} ${count === 1 ? 'problem' : 'problems'} to fix before saving:`}
      </p>
      {problems.length > 0 ? <ProblemLinks problems={problems} value={value} /> : null}
      {elsewhere.length > 0 ? <OtherFileProblems problems={elsewhere} /> : null}
      {renaming && !checking ? (
        <p className="note">
          <RenameNote renamed={renaming} saved={false} />
        </p>
      ) : null}
      {warnings.length > 0 ? (
        // Shown at their fields too; here folded, so a file full of placeholders does not push the form off a phone's screen.
        <details className="warning-list">
          <summary>
            {warnings.length} {warnings.length === 1 ? 'thing' : 'things'} worth a look (saving is allowed)
          </summary>
          <ProblemLinks problems={warnings} value={value} />
        </details>
      ) : null}
    </div>
  );
}

function ProblemLinks({ problems, value }: { problems: UiProblem[]; value: unknown }) {
  return (
    <ul className="problem-list">
      {problems.map((problem, index) => {
        const sentence = problemSentence(problem.path ? (problem.field ?? problem.path) : 'The file', problem.message);
        return (
          <li key={index}>
            {sentence.before}
            <a href={`#${idOfText(problemPath(problem.path, value))}`}>{sentence.link}</a>
            {sentence.after}
            {problem.hint ? <span className="hint"> Hint: {problem.hint}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Problems this change would make in other files: what still names a service whose id is gone.
 * Each links to that file's form, where it can be changed first.
 */
function OtherFileProblems({ problems }: { problems: UiProblem[] }) {
  return (
    <>
      <p className="check-status">Other files name what this change takes away; change them first, or keep it here:</p>
      <ul className="problem-list">
        {problems.map((problem, index) => {
          const rel = problem.file.slice(problem.file.indexOf('/') + 1);
          return (
            <li key={index}>
              <a href={`${EDIT_ROOT}/${rel}#${idOfText(problemPath(problem.path, undefined))}`}>
                {problem.file}, {problem.field}
              </a>
              : {problem.message}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** What renaming a service's id does, or did, to the other files that name it. */
function RenameNote({ renamed, saved }: { renamed: Renamed; saved: boolean }) {
  const names = renamed.renames.map((one) => `“${one.from}” to “${one.to}”`).join(', ');
  const files = renamed.renamedIn.map((rel) => `content/${rel}`).join(', ');
  return (
    <span className="rename-note">
      {saved ? ` Renamed the service id ${names}` : `Saving renames the service id ${names}`}
      {files ? ` here and where other files name it: ${files}.` : ' here; no other file names it.'}
    </span>
  );
}

/** The file on disk is not the one the form was opened from: say so, and offer to reload it. */
function ReloadOffer({ why, then, onReload }: { why: string; then: string; onReload: () => void }) {
  return (
    <div className="refusal" role="alert">
      <p>{why}</p>
      {/* Before the longer words on what it costs: on a phone those may scroll out of the bar, the button must not. */}
      <button type="button" onClick={onReload}>
        {REFUSAL_WORDS.reload}
      </button>
      <p>{then}</p>
    </div>
  );
}

function Outcome({ outcome, dirty, onReload }: { outcome: Outcome; dirty: boolean; onReload: () => void }) {
  if (outcome.kind === 'conflict') {
    return (
      <ReloadOffer
        why={`Not saved: ${outcome.message}`}
        then={`${REFUSAL_WORDS.unchanged} ${REFUSAL_WORDS.reloadShows}`}
        onReload={onReload}
      />
    );
  }
  if (outcome.kind === 'stale') {
    return (
      <ReloadOffer
        why="This file was changed on disk (in a text editor, or by git) since you opened it, so saving your changes would be refused."
        then="Reload shows the file as it is now; the changes you made here are then gone, so note them first."
        onReload={onReload}
      />
    );
  }
  if (outcome.kind === 'invalid') {
    return (
      <p className="refusal" role="alert">
        Not saved: {outcome.count} {outcome.count === 1 ? 'problem' : 'problems'} must be fixed first (shown at the fields).{' '}
        {REFUSAL_WORDS.unchanged}
      </p>
    );
  }
  if (outcome.kind === 'error') {
    return (
      <p className="refusal" role="alert">
        {outcome.message}
      </p>
    );
  }
  return (
    <p role="status" className="save-status">
      {outcome.kind === 'refreshed' && !dirty ? (
        `The file was changed on disk at ${outcome.at}; the form shows it as it is now.`
      ) : outcome.kind === 'saved' && !dirty ? (
        <>
          {`Saved at ${outcome.at}: ${outcome.changedLines} ${outcome.changedLines === 1 ? 'line' : 'lines'} changed. `}
          <a href={`${EDIT_ROOT}#publish`}>Publish</a> to put it on the live site.
          {outcome.renamed ? <RenameNote renamed={outcome.renamed} saved={true} /> : null}
        </>
      ) : outcome.kind === 'saving' ? (
        'Saving…'
      ) : dirty ? (
        'Unsaved changes.'
      ) : (
        'No changes yet.'
      )}
    </p>
  );
}
