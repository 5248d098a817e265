/**
 * The unsaved value is sent to the server one request at a time, newest last. Two requests on
 * their way at once can reach the server in either order (a busy server reads the second body
 * first), and the preview would then show the older value with nothing to correct it. While one
 * is on its way only the newest value waits; the ones it replaced are never sent.
 */
export interface DraftQueue<Body> {
  /** Sends `body` after the request on its way, if any, in place of any value still waiting. */
  send(body: Body): void;
  /** Resolves once nothing is on its way or waiting. */
  settled(): Promise<void>;
}

/**
 * `post` sends one body and says whether the server took it; `onLatest` runs after the server
 * took a body with nothing newer waiting, so the preview reloads once per value it can show.
 */
export function draftQueue<Body>(post: (body: Body) => Promise<boolean>, onLatest: () => void): DraftQueue<Body> {
  let waiting: { body: Body } | undefined;
  let running: Promise<void> | undefined;

  const drain = async () => {
    while (waiting) {
      const { body } = waiting;
      waiting = undefined;
      const taken = await post(body).catch(() => false);
      if (taken && !waiting) onLatest();
    }
    running = undefined;
  };

  return {
    send(body) {
      waiting = { body };
      running ??= drain();
    },
    async settled() {
      while (running) await running;
    },
  };
}
