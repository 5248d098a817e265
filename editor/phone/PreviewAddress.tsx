import { useState } from 'react';
import { messageOf, postJson } from '../api.js';
import { SETTINGS } from '../settings.js';
import { useAskAgain } from './ask-again.js';
import { kept } from './store.js';

/** How often the phone asks the preview address whether it shows the changes yet: a deploy takes minutes. */
const ASK_EVERY_MS = 20_000;

type Shown =
  | { kind: 'none' }
  | { kind: 'busy' }
  | { kind: 'waiting' | 'ready'; address: string; commit: string }
  | { kind: 'refused'; message: string };

/** True once the site at `address` was built from `commit` (worker/api.ts, /api/site-commit). */
async function shows(address: string, commit: string): Promise<boolean> {
  try {
    const answer = await fetch(`${address}/api/site-commit`, { cache: 'no-store', credentials: 'omit' });
    return answer.ok && ((await answer.json()) as { commit?: unknown }).commit === commit;
  } catch {
    return false;
  }
}

/**
 * On the phone, below Publish: the changes kept here published at the preview address only, to open
 * or send on WhatsApp before going live. The address is ready once the deploy has built it, a few
 * minutes later; until then the phone says so, and asks again now and then.
 */
export function PhonePreviewAddress({ message, changed }: { message: string; changed: number }) {
  const last = kept().preview;
  const [shown, setShown] = useState<Shown>(last ? { kind: 'waiting', ...last } : { kind: 'none' });

  useAskAgain(
    shown.kind === 'waiting' ? shown : undefined,
    () => (shown.kind === 'waiting' ? shows(shown.address, shown.commit) : Promise.resolve(false)),
    (ready) => {
      if (ready && shown.kind === 'waiting') setShown({ ...shown, kind: 'ready' });
      return ready;
    },
    ASK_EVERY_MS,
  );

  if (!SETTINGS.previewAddress) return null;

  const make = async () => {
    setShown({ kind: 'busy' });
    const answer = await postJson<{ address?: string; commit?: string }>('preview-address', { message });
    const { address, commit } = answer.body;
    setShown(
      answer.ok && address && commit
        ? { kind: 'waiting', address, commit }
        : {
            kind: 'refused',
            message: messageOf(answer.body, 'No preview address could be made just now. Your changes are kept on this phone.'),
          },
    );
  };

  const whatsApp = (address: string) => `https://wa.me/?text=${encodeURIComponent(`A preview of the site’s next changes: ${address}/`)}`;

  return (
    <div className="phone-preview-address" data-preview-address>
      {changed > 0 ? (
        <button type="button" onClick={() => void make()} disabled={shown.kind === 'busy'}>
          {shown.kind === 'busy' ? 'Making the preview address…' : 'Get a preview address to share'}
        </button>
      ) : null}
      {shown.kind === 'refused' ? (
        <p className="refusal" role="alert">
          {shown.message}
        </p>
      ) : null}
      {shown.kind === 'waiting' ? (
        <p role="status">
          Your changes will show at <a href={`${shown.address}/`}>{shown.address}</a> in a few minutes (the live site does not change). This
          page says when they are there.
        </p>
      ) : null}
      {shown.kind === 'ready' ? (
        <>
          <p role="status">
            Ready: <a href={`${shown.address}/`}>{shown.address}</a> shows your changes. The live site does not change until you press
            Publish.
          </p>
          <a className="button" href={whatsApp(shown.address)} target="_blank" rel="noopener noreferrer">
            Send the preview on WhatsApp
          </a>
        </>
      ) : null}
    </div>
  );
}
