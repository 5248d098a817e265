import { useState } from 'react';
import { postJson } from '../api.js';
import { useAskAgain } from './ask-again.js';
import { kept, type GoingLive } from './store.js';

/** How often the phone asks whether the site shows the publish yet: a deploy takes minutes. */
const ASK_EVERY_MS = 20_000;
/** A deploy takes two to five minutes; past this, something held it up, and the owner hears so. */
const LATE_AFTER_MS = 20 * 60_000;

type Shown = { kind: 'waiting' | 'late' | 'live' | 'unknown'; going: GoingLive; closed?: number } | { kind: 'none' };

/**
 * On the phone, below Publish: whether the site shows the last publish or undo yet. Publish puts
 * the change in the site's repository, and the deploy puts it on the site a few minutes later; the
 * owner expects Publish to mean "live", so the page says when it is, asking the site now and then
 * (worker/editor/live.ts), and says so if it has not happened long after. A site that does not
 * know what it was built from (deployed by hand) cannot say: then the page says "in a few minutes"
 * and no more.
 */
export function PhoneGoingLive() {
  const [shown, setShown] = useState<Shown>(() => {
    const going = kept().goingLive;
    return going && !going.done ? { kind: Date.now() - going.since > LATE_AFTER_MS ? 'late' : 'waiting', going } : { kind: 'none' };
  });

  const watching = shown.kind === 'waiting' || shown.kind === 'late' ? shown.going : undefined;
  useAskAgain(
    watching,
    () => postJson<{ known?: boolean; live?: boolean; closed?: number }>('live', {}),
    (answer) => {
      if (!watching) return true;
      if (answer.ok && answer.body.known === false) setShown({ kind: 'unknown', going: watching });
      else if (answer.ok && answer.body.live === true) setShown({ kind: 'live', going: watching, closed: answer.body.closed });
      else {
        // Offline, signed out or not yet: asked again later, and said so once it is long overdue.
        if (Date.now() - watching.since > LATE_AFTER_MS) setShown({ kind: 'late', going: watching });
        return false;
      }
      return true;
    },
    ASK_EVERY_MS,
  );

  if (shown.kind === 'none') return null;
  const { going } = shown;
  const what = going.message.trim() ? `“${going.message.trim().split('\n')[0]}”` : 'your change';
  const soon = going.undo ? `Your site goes back to before ${what} in a few minutes.` : `Your site shows ${what} in a few minutes.`;
  const words = {
    live: shown.closed
      ? `Published, but your site is still closed to visitors, who see only your name and how to reach you: ${shown.closed} ${shown.closed === 1 ? 'text still says' : 'texts still say'}, word for word, what the sample company says of itself (each is marked in its file). The site opens by itself with the first publish after the last of them is in your words.`
      : going.undo
        ? `Undone on your site: it no longer shows ${what}.`
        : `Live: your site shows ${what} now.`,
    late: `Your site does not show ${going.undo ? `the undo of ${what}` : what} yet, ${Math.round((Date.now() - going.since) / 60_000)} minutes later. It is safe in the site’s files, but the site’s deploy has not finished: ask whoever set up your site to look at the last Deploy on GitHub (the Actions tab of the site’s repository).`,
    waiting: `${soon} This page says when it ${going.undo ? 'has' : 'does'}.`,
    unknown: soon,
  };
  return (
    <p className={shown.kind === 'late' ? 'refusal' : undefined} role="status" data-going-live={shown.kind}>
      {words[shown.kind]}
    </p>
  );
}
