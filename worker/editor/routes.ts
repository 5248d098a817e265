/**
 * The editor's API for the phone, under /api/editor/: every call a POST from the signed-in owner's
 * editor page (so api.ts has checked its Origin, session and CSRF token), carrying the commit the
 * owner started from and the files kept on the phone (request.ts).
 */
import type { Route } from '../api.js';
import type { Env } from '../env.js';
import { companyRepository, GitHubProblem, type GitHubProblemCode } from '../github/index.js';
import { json, refuse } from '../http.js';
import { checkValue, EditorRefusal, listFiles, readFile, writeText, writeValue, type Working } from './files.js';
import { EDITOR_MESSAGES, type EditorMessageCode } from './messages.js';
import { readPhotos } from './photo.js';
import { liveness } from './live.js';
import { closedTexts } from '../quotes/built-settings.js';
import { previewAddress } from './preview-address.js';
import { publishFromPhone } from './publish.js';
import { markReviewed } from './review.js';
import { namedFile, readEditorRequest, type EditorRequest } from './request.js';
import { snapshotAt } from './snapshot.js';
import { undoPublish } from './undo.js';

/** How each GitHub failure is answered: the owner's words always; the status for the page and the logs. */
const GITHUB_STATUS: Record<GitHubProblemCode, number> = {
  'github-not-set-up': 503,
  'github-not-installed': 503,
  'github-no-access': 503,
  'github-key-refused': 503,
  'github-rate-limited': 429,
  'github-head-moved': 409,
  'github-unreachable': 503,
  'github-not-found': 404,
  'github-refused': 502,
};

const OPERATIONS = /^\/api\/editor\/(files|file|check|save|save-text|accept|publish|preview-address|undo|live)$/;

export const EDITOR_ROUTES: Route[] = [
  {
    method: 'POST',
    path: OPERATIONS,
    signedIn: true,
    async handle({ request, env, params }) {
      const read = await readEditorRequest(request);
      if (!read) return refuse(400, 'bad-request');
      try {
        return json(await run(params[0]!, read, env));
      } catch (error) {
        return failure(error);
      }
    },
  },
];

async function run(operation: string, read: EditorRequest, env: Env): Promise<unknown> {
  if (operation === 'live') {
    if (typeof read.body.commit !== 'string') throw new EditorRefusal(400, { code: 'editor-live-unknown' });
    const closed = await closedTexts(env);
    return { ...(await liveness(() => companyRepository(env), env.SITE_COMMIT, read.body.commit)), ...(closed ? { closed } : {}) };
  }
  const repository = await companyRepository(env);
  const head = read.head ?? (await repository.head());
  const { body } = read;
  if (operation === 'publish') {
    const choices = body.choices as { id?: unknown; picks?: unknown } | undefined;
    const picks =
      Array.isArray(choices?.picks) && choices.picks.every((pick) => pick === 'theirs' || pick === 'mine')
        ? (choices.picks as ('theirs' | 'mine')[])
        : undefined;
    const message = typeof body.message === 'string' ? body.message : '';
    const photos = readPhotos(body.photos);
    if (!photos) throw new EditorRefusal(400, { code: 'editor-photo-refused' });
    const done = await publishFromPhone({
      repository,
      head,
      saved: read.saved,
      photos,
      message,
      ...(typeof choices?.id === 'string' && picks ? { choices: { id: choices.id, picks } } : {}),
    });
    return { ...done, pushed: true };
  }
  if (operation === 'preview-address') {
    const photos = readPhotos(body.photos);
    if (!photos) throw new EditorRefusal(400, { code: 'editor-photo-refused' });
    const message = typeof body.message === 'string' ? body.message : '';
    return previewAddress({ repository, head, saved: read.saved, photos, message, address: env.PREVIEW_ADDRESS });
  }
  if (operation === 'undo') {
    const files = Array.isArray(body.files) ? body.files.filter((name): name is string => typeof name === 'string') : [];
    if (typeof body.commit !== 'string' || files.length === 0) throw new EditorRefusal(400, { code: 'editor-undo-unknown' });
    return undoPublish(repository, body.commit, files);
  }
  const working: Working = { repository, snapshot: await snapshotAt(repository, head), saved: read.saved };
  if (operation === 'files') {
    const closed = await closedTexts(env);
    return { ...(await listFiles(working)), ...(closed ? { closed } : {}) };
  }
  const file = namedFile(body);
  if (!file) throw new EditorRefusal(404, { code: 'editor-file-unknown' });
  if (operation === 'file') return readFile(working, file);
  if (operation === 'accept') return markReviewed(working, file, body);
  if (body.value === undefined && operation !== 'save-text') throw new EditorRefusal(400, { code: 'editor-not-written' });
  if (operation === 'check') return checkValue(working, file, body.value, body.numbers);
  if (operation === 'save') return writeValue(working, file, body.value, body.numbers, body.version, body);
  if (typeof body.text !== 'string') throw new EditorRefusal(400, { code: 'editor-not-written' });
  return writeText(working, file, body.text, body.version);
}

function failure(error: unknown): Response {
  if (error instanceof EditorRefusal) {
    const code = error.body.code as EditorMessageCode | undefined;
    return json({ ...(code && !error.body.message ? { message: EDITOR_MESSAGES[code] } : {}), ...error.body }, error.status);
  }
  if (error instanceof GitHubProblem) return json(error.toJSON(), GITHUB_STATUS[error.code]);
  // A fault of the Worker's own: the phone still gets words it can show, and the log the fault
  // (GitHub's token travels in headers, never in an error's message).
  console.error('editor request failed:', error);
  return json({ code: 'editor-failed', message: EDITOR_MESSAGES['editor-failed'] }, 500);
}
