/**
 * What the owner reads once a change is published. A remote that is a folder on this computer is
 * not the site's repository (the panel says so before Publish), so sending there does not update
 * the site: "the site updates in a few minutes" would promise what will not happen.
 */
export function publishedWords(done: { commit: string; pushed: boolean; note?: string }, folder: boolean): string {
  const commit = done.commit.slice(0, 7);
  const sent = !done.pushed
    ? ' (recorded here; no remote to send it to).'
    : folder
      ? ', and sent on to the folder; the site itself changes only once it is published to your repository.'
      : ', and sent on: the site updates in a few minutes.';
  return `Published as commit ${commit}${sent}${done.note ? ` ${done.note}` : ''}`;
}
