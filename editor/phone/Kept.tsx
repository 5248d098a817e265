import { useState } from 'react';
import { messageOf, postJson } from '../api.js';
import { PhoneGoingLive } from './GoingLive.js';
import { kept } from './store.js';

/**
 * On the phone, below Publish: whether the site shows the last publish or undo yet, undo the last
 * publish made from this phone (one commit putting its files back), and discard the changes kept
 * on the phone. Each asks first: neither can be taken back.
 */
/** `onChanged`: what the phone keeps changed; `undone` when a publish was undone, which Publish then no longer names. */
export function PhoneKept({ changed, onChanged }: { changed: number; onChanged: (undone?: boolean) => void }) {
  const [said, setSaid] = useState<{ text: string; refusal: boolean } | null>(null);
  // A second tap while the first undo is on its way would ask to undo a publish already undone.
  const [undoing, setUndoing] = useState(false);
  const last = kept().lastPublish;

  const undo = async () => {
    if (undoing || !last || !window.confirm(`Undo “${last.message || 'the last publish'}”? The site goes back to how it was before it.`))
      return;
    setUndoing(true);
    setSaid(null);
    const answer = await postJson<{ commit?: string }>('undo', {}).finally(() => setUndoing(false));
    setSaid(
      answer.ok
        ? { text: 'Undone.', refusal: false }
        : { text: messageOf(answer.body, 'The last publish could not be undone.'), refusal: true },
    );
    onChanged(answer.ok);
  };
  const discard = async () => {
    if (!window.confirm('Throw away every change kept on this phone? They cannot be brought back.')) return;
    await postJson('discard', {});
    setSaid({ text: 'The changes kept on this phone were thrown away.', refusal: false });
    onChanged();
  };

  return (
    <div className="phone-kept">
      {said ? (
        <p className={said.refusal ? 'refusal' : undefined} role={said.refusal ? 'alert' : 'status'}>
          {said.text}
        </p>
      ) : null}
      {/* Each publish and undo starts its own watch, once the phone keeps its commit. */}
      <PhoneGoingLive key={kept().goingLive?.commit ?? ''} />
      {last ? (
        <button type="button" onClick={() => void undo()} disabled={undoing}>
          {undoing ? 'Undoing…' : 'Undo the last publish'}
        </button>
      ) : null}
      {changed > 0 ? (
        <button type="button" onClick={() => void discard()}>
          Throw away the changes kept here
        </button>
      ) : null}
    </div>
  );
}
