import { useId } from 'react';
import type { Side } from '../generator/editor/differences.js';
import type { Conflicts } from '../generator/editor/take-in.js';

export type { Conflicts, Side };

/** The owner's pick for each value listed, in order; undefined where none is made yet. */
export type Picks = (Side | undefined)[];

/** What to preselect: the side that changed a value, where only one side did. */
export function suggestedPicks(conflicts: Conflicts): Picks {
  return conflicts.files.flatMap((file) => file.differences.map((difference) => difference.changed));
}

/**
 * Someone else published a file the owner changed too: each value that differs, theirs and the
 * owner's, by the field's label, one choice each. Nothing is sent until every value has one.
 */
export function PublishChoices({
  conflicts,
  picks,
  onPick,
}: {
  conflicts: Conflicts;
  picks: Picks;
  onPick: (index: number, side: Side) => void;
}) {
  const headingId = useId();
  let index = 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: each file is a fieldset of its own inside; the whole is a group named by its heading
    <div className="choices" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>Which version of each value to publish</h3>
      {conflicts.files.map((file) => (
        <fieldset key={file.file}>
          <legend>{file.file}</legend>
          {file.differences.map((difference) => {
            const at = index++;
            return (
              <fieldset key={at} className="choice">
                <legend>{difference.label}</legend>
                {/* No side named as the changer means both changed it: each says so, or the value nobody preselects looks like nobody's change. */}
                <Option
                  name={`${headingId}-${at}`}
                  side="theirs"
                  value={difference.theirs}
                  changed={difference.changed !== 'mine'}
                  checked={picks[at] === 'theirs'}
                  onPick={() => onPick(at, 'theirs')}
                />
                <Option
                  name={`${headingId}-${at}`}
                  side="mine"
                  value={difference.mine}
                  changed={difference.changed !== 'theirs'}
                  checked={picks[at] === 'mine'}
                  onPick={() => onPick(at, 'mine')}
                />
              </fieldset>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

function Option(props: { name: string; side: Side; value: string | null; changed: boolean; checked: boolean; onPick: () => void }) {
  const who = props.side === 'theirs' ? 'Their version' : 'Your version';
  return (
    <label className="option">
      <input type="radio" name={props.name} checked={props.checked} onChange={props.onPick} />
      <span>
        <span className="who">
          {who}
          {props.changed ? (props.side === 'theirs' ? ' (they changed it)' : ' (you changed it)') : ''}
        </span>
        <span className={props.value === null ? 'value none' : 'value'}>{props.value ?? 'not there'}</span>
      </span>
    </label>
  );
}
