import { useCallback, useEffect, useId, useState } from 'react';
import { getJson, messageOf, postJson } from './api.js';
import { PublishAddress } from './PublishAddress.js';
import { publishedWords } from './published-words.js';
import { PublishChoices, suggestedPicks, type Conflicts, type Picks } from './PublishChoices.js';
import { PublishIdentity, type Signer } from './PublishIdentity.js';
import type { PublishState } from './types.js';
import { SETTINGS } from './settings.js';
import { PhoneKept } from './phone/Kept.js';
import { PhonePreviewAddress } from './phone/PreviewAddress.js';

type Result =
  | { kind: 'none' }
  | { kind: 'busy' }
  | { kind: 'done'; commit: string; pushed: boolean; message?: string; details?: string; note?: string }
  | { kind: 'refused'; message: string; details?: string; unknown?: boolean };

interface PublishAnswer {
  commit?: string;
  pushed?: boolean;
  message?: string;
  details?: string;
  note?: string;
  needs?: 'identity' | 'folder' | 'choose';
  conflicts?: Conflicts;
}

/**
 * Publishing: commits the changed content files, and only those, with the operator's message, then
 * pushes. Each refusal is the server's own sentence, shown as it is, with git's words under it.
 */
export function Publish() {
  const [state, setState] = useState<PublishState | null>(null);
  const [readError, setReadError] = useState('');
  const [message, setMessage] = useState('');
  const [result, setResult] = useState<Result>({ kind: 'none' });
  const [sendToFolder, setSendToFolder] = useState(false);
  const [changingIdentity, setChangingIdentity] = useState(false);
  const [signer, setSigner] = useState<Signer>({ name: '', email: '' });
  /** The values someone else published in a file changed here too, and the owner's pick for each. */
  const [choosing, setChoosing] = useState<{ conflicts: Conflicts; picks: Picks } | null>(null);
  const [unchosen, setUnchosen] = useState(false);
  // Each publish starts the phone's undo afresh, so what it last said is not shown beside the publish's own words.
  const [publishes, setPublishes] = useState(0);
  const messageId = useId();
  const askIdentity = !SETTINGS.phone && state !== null && (state.identity === null || changingIdentity);

  const read = useCallback(async () => {
    const answer = await getJson<PublishState>('publish');
    if (answer.ok) {
      setState(answer.body);
      setReadError('');
    } else setReadError(messageOf(answer.body, `What changed could not be read (${answer.status}).`));
  }, []);
  useEffect(() => void read(), [read]);

  const publish = async () => {
    if (choosing && choosing.picks.some((pick) => pick === undefined)) {
      setUnchosen(true);
      return;
    }
    setUnchosen(false);
    // The box is marked required: the phone's site would otherwise publish with a title of its own.
    if (!message.trim()) {
      setResult({
        kind: 'refused',
        message: 'Write a few words saying what you changed (e.g. "New prices for 2027"); they are kept with the change.',
      });
      return;
    }
    setResult({ kind: 'busy' });
    setPublishes((count) => count + 1);
    const answer = await postJson<PublishAnswer>('publish', {
      message,
      ...(askIdentity ? signer : {}),
      ...(state?.folder && sendToFolder ? { sendToFolder: state.remote } : {}),
      ...(choosing ? { choices: { id: choosing.conflicts.id, picks: choosing.picks } } : {}),
    });
    const { commit, pushed, details, needs, conflicts } = answer.body;
    if (answer.ok && commit) {
      setResult({ kind: 'done', commit, pushed: pushed === true, message: answer.body.message, details, note: answer.body.note });
      setMessage('');
      setChangingIdentity(false);
      setChoosing(null);
    } else {
      setResult({
        kind: 'refused',
        message: messageOf(answer.body, `Publishing was refused (${answer.status}); nothing was changed.`),
        details,
        // No answer on the phone: the connection may have broken after the site published.
        unknown: SETTINGS.phone && answer.status === 0,
      });
      if (needs === 'identity') setChangingIdentity(true);
      if (needs === 'choose' && conflicts) setChoosing({ conflicts, picks: suggestedPicks(conflicts) });
    }
    await read();
  };

  const pick = (index: number, side: 'theirs' | 'mine') =>
    setChoosing((now) => (now ? { ...now, picks: now.picks.map((old, at) => (at === index ? side : old)) } : now));

  const changeIdentity = () => {
    setSigner(state?.identity ?? { name: '', email: '' });
    setChangingIdentity(true);
  };

  return (
    <section className="publish" id="publish" aria-labelledby="publish-heading">
      <h2 id="publish-heading">Publish</h2>
      {readError ? (
        <p className="refusal" role="alert">
          {readError}
        </p>
      ) : null}
      {state === null && !readError ? <p role="status">Looking for changes…</p> : null}
      {state !== null && !state.repository ? (
        <p>This project folder is not a git repository, so publishing from here is not possible. Saved changes are in the files already.</p>
      ) : null}
      {state !== null && state.repository ? (
        <>
          {state.unpushed ? (
            <p>
              {state.unpushed === 1 ? 'One change was' : `${state.unpushed} changes were`} recorded here but not yet sent on (sending failed
              before); Publish sends {state.unpushed === 1 ? 'it' : 'them'}.
            </p>
          ) : null}
          {state.changed.length === 0 ? (
            <p>{state.unpushed ? 'No other saved changes.' : 'Nothing to publish: every saved change is already published.'}</p>
          ) : (
            <>
              <p>Saved changes not yet published:</p>
              <ul className="changed">
                {state.changed.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </>
          )}
          {state.blocking.length > 0 ? (
            <div className="refusal">
              <p>
                Other files (not content) have changes too, so publishing waits until they are committed or undone by whoever changed them:
              </p>
              <ul>
                {state.blocking.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {SETTINGS.phone ? null : (
            <>
              <PublishAddress
                state={state}
                sendToFolder={sendToFolder}
                onSendToFolder={setSendToFolder}
                onChanged={(changed) => {
                  setState(changed);
                  setSendToFolder(false);
                }}
              />
              <PublishIdentity
                identity={state.identity}
                editing={askIdentity}
                onEdit={changeIdentity}
                signer={signer}
                onChange={setSigner}
              />
            </>
          )}
          <div className="field">
            <label htmlFor={messageId}>
              What did you change?
              <span className="required" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <textarea
              id={messageId}
              rows={2}
              aria-required="true"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder="e.g. New price for residential moving"
            />
          </div>
          {choosing ? <PublishChoices conflicts={choosing.conflicts} picks={choosing.picks} onPick={pick} /> : null}
          {unchosen ? (
            <p className="refusal" role="alert">
              Choose their version or yours for every value above; then press Publish.
            </p>
          ) : null}
          <button
            type="button"
            className="primary"
            onClick={() => void publish()}
            // On the phone, with nothing to publish, a tap could only bring a refusal over what the
            // last publish said; site dev's Publish may still send the branch to a new remote.
            disabled={result.kind === 'busy' || (SETTINGS.phone && state.changed.length === 0 && !choosing)}
          >
            {result.kind === 'busy' ? 'Publishing…' : 'Publish'}
          </button>
        </>
      ) : null}
      {result.kind === 'refused' ? (
        <div className="refusal" role="alert">
          <p>{refusedHeadline(result.unknown === true, choosing !== null)}</p>
          <p className="message">{result.message}</p>
          <GitSaid details={result.details} />
        </div>
      ) : null}
      {result.kind === 'done' && !result.pushed && result.message ? (
        <div className="refusal" role="alert">
          <p>Recorded here as commit {result.commit.slice(0, 7)}, but not sent on, so the site does not show it yet:</p>
          <p className="message">{result.message}</p>
          <GitSaid details={result.details} />
        </div>
      ) : null}
      {SETTINGS.phone ? <PhonePreviewAddress message={message} changed={state?.changed.length ?? 0} /> : null}
      {SETTINGS.phone ? (
        <PhoneKept
          key={publishes}
          changed={state?.changed.length ?? 0}
          onChanged={(undone) => {
            if (undone) setResult({ kind: 'none' });
            void read();
          }}
        />
      ) : null}
      <p role="status" className="publish-status">
        {result.kind === 'done' && (result.pushed || !result.message)
          ? // On the phone, when the site shows it is said below (phone/GoingLive.tsx).
            SETTINGS.phone
            ? `Published as commit ${result.commit.slice(0, 7)}.`
            : publishedWords(result, state?.folder === true)
          : ''}
      </p>
    </section>
  );
}

function refusedHeadline(unknown: boolean, choosing: boolean): string {
  if (unknown)
    return 'It is not known whether this was published: the connection broke before the site answered. Press Publish again once this phone is connected; a publish that went through is not made twice.';
  return choosing ? 'Not published yet.' : 'Not published. Nothing was changed.';
}

/** Git's own words, for whoever helps the owner: folded away under the plain sentence. */
function GitSaid({ details }: { details?: string }) {
  if (!details) return null;
  return (
    <details className="git-said">
      <summary>What git said</summary>
      <pre>{details}</pre>
    </details>
  );
}
