import { useId } from 'react';
import type { PublishState } from './types.js';

export interface Signer {
  name: string;
  email: string;
}

interface Props {
  identity: PublishState['identity'];
  /** The fields are shown (no name and email known yet, or the owner is changing them). */
  editing: boolean;
  onEdit: () => void;
  signer: Signer;
  onChange: (signer: Signer) => void;
}

/**
 * "Signed as": the name and email a change is published with. The first publish asks for them;
 * they are kept in this project's own git settings, never the computer's.
 */
export function PublishIdentity({ identity, editing, onEdit, signer, onChange }: Props) {
  const nameId = useId();
  const emailId = useId();
  const helpId = useId();
  if (identity && !editing) {
    return (
      <fieldset className="publish-as">
        <legend>Signed as</legend>
        <p>
          {identity.name} &lt;{identity.email}&gt;
        </p>
        <div className="buttons">
          <button type="button" onClick={onEdit}>
            Change the name or email
          </button>
        </div>
      </fieldset>
    );
  }
  return (
    <fieldset className="publish-as">
      <legend>Signed as</legend>
      <p className="help" id={helpId}>
        {identity
          ? 'Changes you publish from now on are signed with these.'
          : 'Git signs every change with a name and an email: say who you are once.'}{' '}
        They are kept in this project's git settings only; on GitHub, use your account's email.
      </p>
      <div className="field">
        <label htmlFor={nameId}>
          Your name
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id={nameId}
          type="text"
          autoComplete="name"
          aria-required="true"
          aria-describedby={helpId}
          value={signer.name}
          onChange={(event) => onChange({ ...signer, name: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={emailId}>
          Your email
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          aria-required="true"
          value={signer.email}
          onChange={(event) => onChange({ ...signer, email: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
