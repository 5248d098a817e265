/**
 * The editor's requests on the phone. The app asks as it asks site dev (files, file, check, save,
 * publish…); here each becomes a POST to the Worker (/api/editor/) carrying the commit the owner
 * started from and the files kept on the phone, and what the Worker answers is kept on the phone.
 * What only the computer has (site dev's own preview) answers in plain words.
 */
import type { ImageEntry } from '../types.js';
import { SETTINGS } from '../settings.js';
import { photoForTheSite } from './photo.js';
import { publishedPhotos } from './published-photos.js';
import { keep, keepTyped, kept, namedPhotos, noteOpened, type Kept } from './store.js';
import { SIGNED_OUT } from './SignedOut.js';

export interface PhoneAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

const OFFLINE =
  'This phone is not connected to the internet just now. Your changes are kept on this phone: try again once it is connected.';

function answer(status: number, body: unknown): PhoneAnswer {
  return { status, ok: status >= 200 && status < 300, body };
}

async function toWorker(
  api: string,
  token: () => string,
  tokenHeader: string,
  operation: string,
  body: Record<string, unknown>,
): Promise<PhoneAnswer> {
  const now = kept();
  let response: Response;
  try {
    response = await fetch(`${api}/${operation}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [tokenHeader]: token() },
      body: JSON.stringify({
        ...body,
        ...(now.head ? { head: now.head } : {}),
        saved: now.saved,
        ...(operation === 'publish' || operation === 'preview-address' ? { photos: namedPhotos(now) } : {}),
      }),
    });
  } catch {
    return answer(0, { message: OFFLINE });
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = { message: 'The site did not answer as expected. Your changes are kept on this phone: try again in a minute.' };
  }
  // Signed out mid-edit: nothing is lost, which the owner must hear before signing in again.
  if (response.status === 401) {
    parsed = {
      ...(parsed as object),
      message: `${messageOf(parsed)} What you saved is kept on this phone: sign in again with the link at the top of this page, and it is all still here.`,
    };
    window.dispatchEvent(new Event(SIGNED_OUT));
  }
  return answer(response.status, parsed);
}

function messageOf(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : 'You are not signed in.';
}

/** The answer to one of the editor app's requests (`path` as the app names it: file?file=services.yaml). */
export async function phoneRequest(
  path: string,
  init: RequestInit,
  api: string,
  token: () => string,
  tokenHeader: string,
): Promise<PhoneAnswer> {
  const [operation = '', query = ''] = path.split('?');
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
  const ask = (name: string, sent: Record<string, unknown>) => toWorker(api, token, tokenHeader, name, sent);
  switch (operation) {
    case 'files':
      return listFiles(ask);
    case 'file': {
      // The check is fetched while the form is read, so typing is checked at once, and offline
      // later; it starts only once the form is on the screen (startPhoneChecks).
      fetchChecker();
      const name = new URLSearchParams(query).get('file') ?? '';
      const read = fileFromPage(name) ?? (await ask('file', { file: name }));
      if (read.ok) noteOpened(name, (read.body as { version?: unknown }).version);
      return read;
    }
    case 'check':
      return (await checkHere(body)) ?? ask('check', body);
    case 'draft':
      // The preview is site dev's; on the phone a value typed is kept here instead, so a reload
      // shows it again. An empty draft (a file opened, a page left) keeps it: only a save or
      // "Reload the file" drops it.
      if (body.value !== null && body.value !== undefined) keepTyped(String(body.file), { value: body.value, numbers: body.numbers ?? [] });
      return answer(200, { ok: true });
    case 'save':
    case 'save-text': {
      const saved = await ask(operation, body);
      if (saved.ok) {
        const { text, record, renamedTexts, ...rest } = saved.body as {
          text: string;
          record?: { file: string; text: string };
          renamedTexts?: Record<string, string>;
        };
        // A translation's save brings its language's record with it (the English of the texts it
        // changed); a service's id renamed, the other files that name it.
        keep((now) => ({
          ...now,
          saved: unpublished(now, {
            ...now.saved,
            ...renamedTexts,
            [String(body.file)]: text,
            ...(record ? { [record.file]: record.text } : {}),
          }),
        }));
        keepTyped(String(body.file), undefined);
        noteOpened(String(body.file), (rest as { version?: unknown }).version);
        return answer(saved.status, rest);
      }
      // Not kept by the site (signed out, offline, a problem to mend): what was typed stays on the phone.
      if (operation === 'save') keepTyped(String(body.file), { value: body.value, numbers: body.numbers ?? [] });
      return saved;
    }
    case 'images':
      return answer(200, { images: await photosToPick(ask) });
    case 'upload':
      return upload(new URLSearchParams(query).get('name') ?? '', init.body);
    case 'accept': {
      // The record of what each translation translates is kept on the phone with the files saved, until Publish.
      const marked = await ask('accept', body);
      if (!marked.ok) return marked;
      const { record, ...rest } = marked.body as { record: { file: string; text: string } };
      keep((now) => ({ ...now, saved: { ...now.saved, [record.file]: record.text } }));
      return answer(marked.status, rest);
    }
    case 'publish':
      return init.method === 'POST' ? publish(ask, body) : answer(200, publishState());
    case 'preview-address': {
      const made = await ask('preview-address', { message: body.message });
      if (made.ok) {
        const { address, commit } = made.body as { address: string; commit: string };
        keep((now) => ({ ...now, preview: { address, commit } }));
      }
      return made;
    }
    case 'undo': {
      const last = kept().lastPublish;
      if (!last) return answer(409, { message: 'There is no publish from this phone to undo.' });
      const refused = undoRefusal(last);
      if (refused) return answer(409, { message: refused });
      const undone = await ask('undo', { commit: last.commit, files: last.files });
      if (undone.ok) {
        const body = undone.body as { commit: string; parent?: string; files?: string[] };
        keep((now) => ({
          ...keptAfterUndo(now, body),
          goingLive: { commit: body.commit, since: Date.now(), message: last.message, undo: true },
        }));
      }
      return undone;
    }
    case 'discard':
      // The last publish stays the last: it can still be undone.
      keep((now) => ({
        saved: {},
        photos: {},
        typed: {},
        ...(now.lastPublish ? { lastPublish: now.lastPublish } : {}),
        ...(now.goingLive ? { goingLive: now.goingLive } : {}),
      }));
      return answer(200, { ok: true });
    case 'live': {
      // Whether the site shows the last publish or undo yet; once it does, nothing is left to ask.
      const going = kept().goingLive;
      if (!going || going.done) return answer(200, { known: false });
      const asked = await ask('live', { commit: going.commit });
      const { known, live } = asked.body as { known?: unknown; live?: unknown };
      if (asked.ok && (live === true || known === false))
        keep((now) => (now.goingLive?.commit === going.commit ? { ...now, goingLive: { ...going, done: true } } : now));
      return asked;
    }
    default:
      return answer(404, { message: 'The editor has no such page on the phone.' });
  }
}

/**
 * Why the last publish is not undone, if the phone keeps saved changes to a file it would put
 * back: those changes were made over the publish, so publishing them later would bring its values
 * back, and the owner would be asked to choose between the undo and their own publish.
 */
function undoRefusal(last: NonNullable<Kept['lastPublish']>): string | undefined {
  const now = kept();
  const pending = last.files.filter((name) => name in now.saved);
  if (pending.length === 0) return undefined;
  const names = pending.length === 1 ? pending[0]! : `${pending.slice(0, -1).join(', ')} and ${pending.at(-1)!}`;
  const what = `“${last.message || 'the last publish'}”`;
  return `Not undone: this phone keeps saved changes to ${names} that are not published yet, and undoing ${what} would put ${pending.length === 1 ? 'that file' : 'those files'} back as before it. Change back by hand the values ${what} changed instead, then publish.`;
}

/**
 * What the phone keeps once the last publish is undone: its other changes. Started from the head
 * the undo was made on, they go on from the undo (the files it put back are not among them), so
 * the next publish carries them alone; started before someone else's publish, from where they were.
 * A value typed over a file put back is dropped: saved, it would bring the publish's values back.
 */
function keptAfterUndo(now: Kept, undone: { commit: string; parent?: string; files?: string[] }): Kept {
  const typed = Object.fromEntries(Object.entries(now.typed ?? {}).filter(([name]) => !undone.files?.includes(name)));
  const rest = { saved: now.saved, photos: now.photos ?? {}, typed };
  if (Object.keys(now.saved).length === 0) return rest;
  return { ...rest, head: now.head && now.head === undone.parent ? undone.commit : now.head };
}

/**
 * The saved texts that differ from the repository's at the head the phone started from: a file
 * saved back as it was there (an entry added, then removed) has nothing to publish, and kept, it
 * would be listed as a change that Publish refuses as none.
 */
function unpublished(now: Kept, saved: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(saved).filter(([name, text]) => now.base?.[name] !== text));
}

/** The list being read, which the picker's request waits for too rather than asking again. */
let listing: Promise<PhoneAnswer> | undefined;

function listFiles(ask: (name: string, sent: Record<string, unknown>) => Promise<PhoneAnswer>): Promise<PhoneAnswer> {
  listing ??= ask('files', {})
    .then((listed) => {
      if (!listed.ok) return listed;
      const { texts, images, ...list } = listed.body as { head: string; texts: Record<string, string>; images?: string[] };
      // The first list read with nothing kept fixes the commit the owner's changes start from.
      keep((now) => (!now.head || now.head === list.head ? { ...now, head: list.head, base: texts, images: images ?? [] } : now));
      return answer(listed.status, list);
    })
    .finally(() => (listing = undefined));
  return listing;
}

/**
 * What a photo field offers: the photos of content/images/ at the head the owner started from,
 * each with its smallest file on the live site where the site shows it (none where the last
 * deploy has not built it yet), and those added on this phone, shown from the phone.
 */
async function photosToPick(ask: (name: string, sent: Record<string, unknown>) => Promise<PhoneAnswer>): Promise<ImageEntry[]> {
  if (!kept().images) await listFiles(ask);
  const [published, now] = [await publishedPhotos(), kept()];
  const added = Object.entries(now.photos ?? {}).map(([name, base64]) => ({
    src: `images/${name}`,
    url: `data:image/jpeg;base64,${base64}`,
    bytes: Math.floor((base64.length * 3) / 4),
  }));
  const inRepository = (now.images ?? [])
    .filter((src) => !added.some((photo) => photo.src === src))
    .map((src) => (published[src] ? { src, url: published[src].thumbnail } : { src }));
  return [...inRepository, ...added].sort((a, b) => (a.src < b.src ? -1 : a.src > b.src ? 1 : 0));
}

/**
 * The file the page came with (worker/editor/first-file.ts), used once: read at the branch's head,
 * so only where the phone keeps no change, and has no head of its own or that same one.
 */
function fileFromPage(name: string): PhoneAnswer | undefined {
  const block = document.getElementById('editor-first-file');
  if (!block) return undefined;
  block.remove();
  const now = kept();
  let body: { file?: unknown; head?: unknown };
  try {
    body = JSON.parse(block.textContent ?? '') as typeof body;
  } catch {
    return undefined;
  }
  if (body.file !== name || Object.keys(now.saved).length > 0 || (now.head && now.head !== body.head)) return undefined;
  return answer(200, body);
}

/** What the Publish panel shows on the phone: the files kept here, waiting to be published. */
function publishState() {
  const now = kept();
  return {
    repository: true,
    changed: [...Object.keys(now.saved), ...Object.keys(namedPhotos(now)).map((name) => `images/${name}`)].map((name) => `content/${name}`),
    blocking: [],
    remote: null,
    folder: false,
    identity: { name: '', email: '' },
    unpushed: 0,
    lastPublish: now.lastPublish ?? null,
  };
}

async function publish(
  ask: (name: string, sent: Record<string, unknown>) => Promise<PhoneAnswer>,
  body: Record<string, unknown>,
): Promise<PhoneAnswer> {
  if (Object.keys(kept().saved).length === 0) return answer(409, { message: 'Nothing to publish: save a change first.' });
  const done = await ask('publish', { message: body.message, ...(body.choices ? { choices: body.choices } : {}) });
  if (done.ok) {
    // `headline`: published already, by a press whose answer was lost, under the words written then.
    const { commit, files, headline } = done.body as { commit: string; files: string[]; headline?: string };
    const message = headline ?? String(body.message ?? '');
    // Published: the phone starts again from the new head, with nothing kept but what was typed
    // and not saved, and the photos uploaded in those forms.
    keep((now) => ({
      saved: {},
      photos: photosTyped(now, files),
      typed: now.typed,
      lastPublish: { commit, files, message },
      goingLive: { commit, since: Date.now(), message },
    }));
  }
  return done;
}

/** The photos added on the phone, not published, that a value typed and not saved names: kept for when that form is saved. */
function photosTyped(now: Kept, published: readonly string[]): Record<string, string> {
  const typed = JSON.stringify(now.typed ?? {});
  return Object.fromEntries(
    Object.entries(now.photos ?? {}).filter(([name]) => !published.includes(`images/${name}`) && typed.includes(`"images/${name}"`)),
  );
}

/** A photo made ready for the site on the phone (phone/photo.ts), kept here until Publish sends it with the files. */
async function upload(given: string, body: BodyInit | null | undefined): Promise<PhoneAnswer> {
  if (!(body instanceof Blob)) return answer(400, { message: 'No photo came with the upload. Choose the photo again.' });
  const name = given.replace(/\.[^.]*$/, '') + '.jpg';
  if (!/^[a-z0-9][a-z0-9._-]{0,99}\.jpg$/.test(name))
    return answer(400, { message: 'This photo’s name cannot be used. Rename it with letters and digits only, then choose it again.' });
  // Published, it would take the place of the photo of that name the site may show elsewhere.
  if (kept().images?.includes(`images/${name}`))
    return answer(409, {
      message: `A photo named ${name} is in the site’s photos already: pick it in the list, or add this one under another name.`,
    });
  let ready: Blob;
  try {
    ready = await photoForTheSite(body);
  } catch {
    return answer(422, { message: 'This phone could not read that photo. Choose a JPEG or PNG photo instead.' });
  }
  const bytes = new Uint8Array(await ready.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  try {
    keep((now) => ({ ...now, photos: { ...now.photos, [name]: btoa(binary) } }));
  } catch {
    return answer(507, {
      message: 'This phone has no room left to keep the photo. Publish or throw away the changes kept here first, then add it again.',
    });
  }
  return answer(201, { src: `images/${name}` });
}

/** The phone's own content check (phone/checker.ts), loaded once, after the form; undefined if it cannot be. */
let checker: Promise<typeof import('./checker.js') | undefined> | undefined;

/**
 * Fetches and compiles the check without running it (a module preload). Running it sets up every
 * schema, a task of about a second on a phone at 4× CPU: were it run as it arrives, it would come
 * between the file's answer and the form's first paint.
 */
function fetchChecker(): void {
  if (!SETTINGS.checker || document.querySelector(`link[rel="modulepreload"][href="${SETTINGS.checker}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = SETTINGS.checker;
  document.head.append(link);
}

/** Starts the check fetched with the file, once the form is on the screen and the phone is idle. */
export function startPhoneChecks(): void {
  if (!SETTINGS.checker) return;
  const start = () => void loadChecker();
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 0);
}

function loadChecker(): Promise<typeof import('./checker.js') | undefined> {
  if (!SETTINGS.checker) return Promise.resolve(undefined);
  const address = SETTINGS.checker;
  // A load that failed (offline) is tried again at the next check.
  checker ??= (import(/* a file of the built site, not part of this bundle */ address) as Promise<typeof import('./checker.js')>).catch(
    () => (checker = undefined),
  );
  return checker;
}

/**
 * A value as typed, checked on the phone itself with site check's own code, against the content
 * read at the head and the files saved here: no request, so it works offline too. Undefined when
 * the phone has no copy of that content yet, or no checker (the Worker checks then).
 */
async function checkHere(body: Record<string, unknown>): Promise<PhoneAnswer | undefined> {
  const now = kept();
  if (!now.base || !SETTINGS.checker || body.value === undefined) return undefined;
  const check = await loadChecker();
  const file = check?.editableFile(String(body.file));
  if (!check || !file) return undefined;
  const before = new Map(Object.entries({ ...now.base, ...now.saved }));
  return answer(200, check.valueProblems(before, file, body.value, body.numbers));
}
