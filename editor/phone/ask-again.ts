import { useEffect, useRef } from 'react';

/**
 * Asks now and then while `watched` is set, for what a deploy brings minutes later: `ask` answers,
 * `settle` takes the answer (only while the watch is still on) and says whether the watch is over.
 * The owner coming back to the page (from WhatsApp, another app) asks at once rather than at the
 * next turn. A new `watched` starts a new watch.
 */
export function useAskAgain<T>(watched: unknown, ask: () => Promise<T>, settle: (answer: T) => boolean, everyMs: number): void {
  // The latest of each, so a render does not start the watch again.
  const calls = useRef({ ask, settle });
  calls.current = { ask, settle };
  useEffect(() => {
    if (!watched) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const once = async () => {
      clearTimeout(timer);
      const answer = await calls.current.ask();
      if (stopped || calls.current.settle(answer)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void once(), everyMs);
    };
    const back = () => {
      if (document.visibilityState === 'visible') void once();
    };
    void once();
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [watched, everyMs]);
}
