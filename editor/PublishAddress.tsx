import { useId, useState } from 'react';
import { messageOf, postJson } from './api.js';
import type { PublishState } from './types.js';

interface Props {
  state: PublishState;
  /** The owner said yes to publishing to the folder the remote is. */
  sendToFolder: boolean;
  onSendToFolder: (yes: boolean) => void;
  /** The status after the address was changed. */
  onChanged: (state: PublishState) => void;
}

/**
 * "Publish to": where a publish is sent, and a field to set or change that address (the
 * owner's GitHub repository). A folder on this computer, as `git clone` of a folder leaves it,
 * is said to be one, and publishing there needs a yes first.
 */
export function PublishAddress({ state, sendToFolder, onSendToFolder, onChanged }: Props) {
  const [editing, setEditing] = useState(false);
  const [address, setAddress] = useState('');
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const helpId = useId();

  const open = () => {
    setAddress(state.folder ? '' : (state.remote ?? ''));
    setRefusal('');
    setEditing(true);
  };

  const save = async () => {
    setBusy(true);
    const answer = await postJson<PublishState>('publish/address', { address });
    setBusy(false);
    if (answer.ok) {
      setEditing(false);
      onChanged(answer.body);
    } else setRefusal(messageOf(answer.body, `The address was not kept (${answer.status}).`));
  };

  return (
    <fieldset className="publish-to">
      <legend>Publish to</legend>
      {state.remote && !state.folder ? (
        <p>
          Publishing sends your changes to <code className="address">{state.remote}</code>, which puts them on the site.
        </p>
      ) : null}
      {state.remote && state.folder ? (
        <div className="caution">
          <p>
            <code className="address">{state.remote}</code> is a folder on this computer (the copy this project was cloned from), not your
            site's repository on GitHub: publishing there does not change the site. Set your repository's address to publish to it.
          </p>
          <label className="check">
            <input type="checkbox" checked={sendToFolder} onChange={(event) => onSendToFolder(event.target.checked)} />
            Send it to this folder
          </label>
        </div>
      ) : null}
      {!state.remote ? (
        <p>
          No address is set yet, so publishing records the changes on this computer only. Set your repository's address to put them on the
          site.
        </p>
      ) : null}
      {editing ? (
        <div className="field">
          <label htmlFor={fieldId}>Your repository's address</label>
          <input
            id={fieldId}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={address}
            aria-describedby={helpId}
            aria-invalid={refusal ? 'true' : undefined}
            onChange={(event) => setAddress(event.target.value)}
            placeholder="https://github.com/your-name/your-site.git"
          />
          <p className="help" id={helpId}>
            On your repository's page on GitHub, press the green Code button and copy the address shown (HTTPS or SSH).
          </p>
          {refusal ? (
            <p className="refusal" role="alert">
              {refusal}
            </p>
          ) : null}
          <div className="buttons">
            <button type="button" onClick={() => void save()} disabled={busy}>
              {busy ? 'Saving the address…' : 'Save the address'}
            </button>
            <button type="button" className="quiet" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="buttons">
          <button type="button" onClick={open}>
            {state.remote && !state.folder ? 'Change the address' : "Set your repository's address"}
          </button>
        </div>
      )}
    </fieldset>
  );
}
