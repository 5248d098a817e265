/**
 * Undo the last publish: one commit putting each file it changed back as it was just before it,
 * read from the file's own history (GET …/commits?path=). Refused when someone changed one of
 * those files after it, so their change is never undone with it.
 */
import type { Repository } from '../github/repository.js';
import { EditorRefusal } from './files.js';
import { EDITOR_MESSAGES } from './messages.js';
import { CONTENT_PREFIX, snapshotAt, textAt } from './snapshot.js';

export async function undoPublish(
  repository: Repository,
  publish: string,
  files: readonly string[],
): Promise<{ commit: string; head: string; files: string[]; parent: string }> {
  const head = await repository.head();
  const restored: Array<{ path: string; contents: string }> = [];
  const deletions: string[] = [];
  let headline = '';
  for (const name of files) {
    const path = `${CONTENT_PREFIX}${name}`;
    const [last, before] = await repository.history(path, head, 2);
    if (last?.sha !== publish)
      throw new EditorRefusal(409, {
        code: last ? 'editor-undo-moved' : 'editor-undo-unknown',
        message: EDITOR_MESSAGES[last ? 'editor-undo-moved' : 'editor-undo-unknown'],
      });
    headline ||= last.message.split('\n')[0]!;
    if (!before) {
      deletions.push(path);
      continue;
    }
    const text = await textAt(repository, await snapshotAt(repository, before.sha), name);
    if (text === undefined) deletions.push(path);
    else restored.push({ path, contents: text });
  }
  const made = await repository.commit({
    expectedHead: head,
    headline: `Undo “${headline}”`.slice(0, 200),
    additions: restored,
    deletions,
  });
  // The head it was made on: a phone that started from it may go on from the undo, nothing else between.
  return { commit: made.sha, head: made.sha, files: [...files], parent: head };
}
