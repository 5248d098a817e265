/**
 * Publish from the phone: every file saved on the phone, checked as the deploy checks it
 * (`site check --strict`), as one commit on the branch made with the head the owner started from.
 * Someone else published meanwhile: their other files are kept and the commit goes on on top of
 * theirs; a file both changed is shown value by value, and the owner's choices are published.
 */
import { differences, resolve, type Side, type Versions } from '../../generator/editor/differences.js';
import type { Conflicts, ConflictFile } from '../../generator/editor/take-in.js';
import { checkTexts } from '../../generator/translations/in-memory.js';
import { parsed } from '../../generator/editor/content/file-text.js';
import { uiProblemIn } from '../../generator/editor/content/ui-problem.js';
import { sha256 } from '../crypto.js';
import { GitHubProblem } from '../github/problems.js';
import type { Repository } from '../github/repository.js';
import { EditorRefusal } from './files.js';
import { EDITOR_MESSAGES } from './messages.js';
import { bytesOf, CONTENT_PREFIX, contentTexts, snapshotAt, textAt, type Snapshot } from './snapshot.js';

export interface PublishRequest {
  repository: Repository;
  head: string;
  saved: ReadonlyMap<string, string>;
  /** Photos added on the phone, by name in content/images/. */
  photos?: ReadonlyMap<string, Uint8Array>;
  message: string;
  choices?: { id: string; picks: Side[] };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The saved files that differ from GitHub's at the snapshot. */
export async function changedAt(
  repository: Repository,
  snapshot: Snapshot,
  saved: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const changed = new Map<string, string>();
  for (const [name, text] of saved) if ((await textAt(repository, snapshot, name)) !== text) changed.set(name, text);
  return changed;
}

/** Refused, with every problem located, when the content with the changes would not pass the deploy. */
export async function checkStrictly(
  repository: Repository,
  snapshot: Snapshot,
  changes: ReadonlyMap<string, string>,
  code: 'editor-not-checked' | 'editor-preview-not-checked' = 'editor-not-checked',
): Promise<void> {
  const texts = await contentTexts(repository, snapshot, changes);
  const { problems } = checkTexts(texts, { strict: true });
  if (problems.length === 0) return;
  const shown = problems.map((problem) =>
    uiProblemIn(problem, problem.file, parsed(texts.get(problem.file.slice(CONTENT_PREFIX.length)) ?? '')),
  );
  const first = shown[0]!;
  const where = `${first.file}${first.line ? `:${first.line}:${first.column ?? 1}` : ''}`;
  const more = shown.length > 1 ? ` (and ${shown.length - 1} more)` : '';
  throw new EditorRefusal(422, {
    code,
    message: `${EDITOR_MESSAGES[code]} ${first.field ? `${first.field}: ` : ''}${first.message} (${where})${more}`,
    problems: shown,
  });
}

/** The commit's first line, from what the owner wrote about the change. */
export const headlineOf = (message: string) => message.trim().split('\n')[0]!.slice(0, 200) || 'Changes from the site’s editor';

/** The changed texts and the photos added, as files of the repository. */
export function additionsOf(changes: ReadonlyMap<string, string>, photos: ReadonlyMap<string, Uint8Array> = new Map()) {
  return [
    ...[...changes].map(([name, text]) => ({ path: `${CONTENT_PREFIX}${name}`, contents: text as string | Uint8Array })),
    ...[...photos].map(([name, bytes]) => ({ path: `${CONTENT_PREFIX}images/${name}`, contents: bytes as string | Uint8Array })),
  ];
}

async function commit(repository: Repository, expectedHead: string, changes: ReadonlyMap<string, string>, request: PublishRequest) {
  return repository.commit({
    expectedHead,
    headline: headlineOf(request.message),
    additions: additionsOf(changes, request.photos),
    deletions: [],
  });
}

/** The files a publish changed, by name in the content folder: the texts, then the photos. */
const publishedFiles = (changes: ReadonlyMap<string, string>, request: PublishRequest) => [
  ...changes.keys(),
  ...[...(request.photos ?? new Map()).keys()].map((name) => `images/${name}`),
];

/** The files both sides changed, value by value; `id` names the versions the choices are made between. */
async function conflictsOf(
  request: PublishRequest,
  base: Snapshot,
  theirs: Snapshot,
  mine: ReadonlyMap<string, string>,
  both: readonly string[],
) {
  const versions = new Map<string, Versions>();
  const files: ConflictFile[] = [];
  const bytes = async (snapshot: Snapshot, name: string) => {
    const sha = snapshot.shas.get(name);
    return sha === undefined ? undefined : bytesOf(request.repository, sha);
  };
  for (const name of both) {
    const three: Versions = { base: await bytes(base, name), theirs: await bytes(theirs, name), mine: encoder.encode(mine.get(name)!) };
    versions.set(name, three);
    const found = differences(`${CONTENT_PREFIX}${name}`, three);
    if (found.length > 0) files.push({ file: `${CONTENT_PREFIX}${name}`, differences: found });
  }
  const id = (await sha256(JSON.stringify([theirs.head, files]))).slice(0, 16);
  return { conflicts: { id, files } satisfies Conflicts, versions };
}

export async function publishFromPhone(
  request: PublishRequest,
): Promise<{ commit: string; head: string; files: string[]; headline?: string }> {
  const { repository } = request;
  const base = await snapshotAt(repository, request.head);
  const changes = await changedAt(repository, base, request.saved);
  if (changes.size === 0 && (request.photos?.size ?? 0) === 0)
    throw new EditorRefusal(409, { code: 'editor-nothing', message: EDITOR_MESSAGES['editor-nothing'] });
  await checkStrictly(repository, base, changes);
  try {
    const made = await commit(repository, request.head, changes, request);
    return { commit: made.sha, head: made.sha, files: publishedFiles(changes, request) };
  } catch (error) {
    if (!(error instanceof GitHubProblem) || error.code !== 'github-head-moved' || !error.head) throw error;
    return onTopOfTheirs(request, base, changes, error.head);
  }
}

/** Someone published since the owner started: their files kept, the owner's changes put on top. */
async function onTopOfTheirs(request: PublishRequest, base: Snapshot, changes: Map<string, string>, theirHead: string) {
  const { repository } = request;
  const theirs = await snapshotAt(repository, theirHead);
  const both = [...changes.keys()].filter((name) => base.shas.get(name) !== theirs.shas.get(name));
  const final = new Map(changes);
  if (both.length > 0) {
    const { conflicts, versions } = await conflictsOf(request, base, theirs, changes, both);
    const count = conflicts.files.reduce((sum, file) => sum + file.differences.length, 0);
    if (count > 0 && (request.choices?.id !== conflicts.id || request.choices.picks.length !== count)) {
      throw new EditorRefusal(409, {
        code: 'github-head-moved',
        needs: 'choose',
        conflicts,
        head: theirHead,
        message:
          'Someone else published a change to the same file while you were editing. Choose their version or yours for each value above, then press Publish again; nothing you typed is lost.',
      });
    }
    let pick = 0;
    for (const file of conflicts.files) {
      const start = pick;
      const name = file.file.slice(CONTENT_PREFIX.length);
      const resolved = resolve(file.file, versions.get(name)!, (_, index) => request.choices!.picks[start + index]!);
      if (resolved === undefined) final.delete(name);
      else final.set(name, decoder.decode(resolved));
      pick += file.differences.length;
    }
  }
  const left = await changedAt(repository, theirs, final);
  if (left.size === 0 && (request.photos?.size ?? 0) === 0) {
    // Published already (its answer lost on the way): that commit, by its own name, with the files
    // the owner's changes touched, so the phone says what went live and can undo it.
    const [published] = await repository.history(undefined, theirHead, 1);
    return {
      commit: theirHead,
      head: theirHead,
      files: publishedFiles(changes, request),
      ...(published ? { headline: headlineOf(published.message) } : {}),
    };
  }
  await checkStrictly(repository, theirs, left);
  // Moved once more while this ran: the owner is asked again, with every change still kept on the phone.
  const made = await commit(repository, theirHead, left, request);
  return { commit: made.sha, head: made.sha, files: publishedFiles(left, request) };
}
