import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { send } from '../serve/http.js';
import { contentType } from '../serve/mime.js';
import { SetAside, recoverSetAside } from './content/aside.js';
import { fileTitle } from './content/files.js';
import { IMAGES_FOLDER, MAX_UPLOAD_BYTES, listImages, readBody, storeUpload } from './content/upload.js';
import { UploadLedger } from './content/uploads.js';
import { ContentWorkspace, HttpError } from './content/workspace.js';
import { publish, publishStatus, setPublishAddress, type PublishOptions } from './publish.js';
import {
  EDITOR_HEADERS,
  IMAGE_NAME,
  changeAllowed,
  checkName,
  contentFileNamed,
  fromLoopback,
  hostAllowed,
  insideContent,
} from './security.js';
import { editorShell } from './shell.js';
import { editorAssets } from './ui-bundle.js';
import type { Session } from '../contract/session.js';

/** Where the editor lives on the dev server. */
export const EDIT_ROOT = '/__edit';

export function isEditorPath(pathname: string): boolean {
  return pathname === EDIT_ROOT || pathname.startsWith(`${EDIT_ROOT}/`);
}

/** A page of the site rendered with unsaved drafts laid over the files: what the preview shows. */
export interface PreviewPage {
  status: number;
  contentType: string;
  body: string | Buffer;
}

export interface EditorOptions {
  contentDir: string;
  /** The project folder (the editor's browser app is bundled from its editor/ folder). */
  root: string;
  /** Renders the page at `sitePath` (e.g. /services/) with `overrides` read in place of those content files. */
  preview: (overrides: ReadonlyMap<string, string>, sitePath: string) => Promise<PreviewPage>;
  /** Paths in messages are shown relative to this folder. */
  cwd: string;
  /** What the dev server remembers between builds; the editor's bundle is kept in it. */
  session?: Session;
  /** Where the list of the editor's own uploads is kept; beside the other caches unless given. */
  uploadsLedgerDir?: string;
}

/** Largest JSON body the editor accepts: the biggest content file is a few dozen KB. */
const MAX_JSON_BYTES = 2 * 1024 * 1024;
/** Deepest nesting a request may hold: content files go about ten levels deep; checking recurses. */
const MAX_JSON_DEPTH = 64;

/** The content editor's addresses under /__edit: its pages, its JSON API, photos and previews. */
export class Editor {
  /** Sent by the editor's own page with every change; a page elsewhere cannot read it. */
  readonly token = randomBytes(24).toString('base64url');
  readonly #options: EditorOptions;
  readonly #contentDir: string;
  /** The content files, with the unsaved drafts. */
  readonly #workspace: ContentWorkspace;
  /** The photos this editor uploaded, until a saved file names them. */
  readonly #uploads: UploadLedger;
  /** Saves run one at a time: two tabs saving at once must not both pass the version check. */
  readonly #oneAtATime = serial();
  /** Publishes and address changes run one at a time, apart from saves (they talk to the network). */
  readonly #onePublish = serial();
  /** The uploads a publish under way keeps out of it, under scratch names. */
  #aside: SetAside | undefined;

  constructor(options: EditorOptions) {
    this.#options = options;
    this.#contentDir = path.resolve(options.contentDir);
    this.#workspace = new ContentWorkspace(this.#contentDir, options.session);
    this.#uploads = new UploadLedger(this.#contentDir, options.uploadsLedgerDir);
    // Starting the editor puts back photos a publish had set aside when it was stopped, then
    // removes its own uploads that no saved file has named for a day.
    void this.#oneAtATime(async () => {
      await this.#uploads.renamed(await recoverSetAside(this.#contentDir));
      await this.#uploads.sweep();
    }).catch(() => undefined);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!fromLoopback(req) || !hostAllowed(req)) {
      return this.#text(
        req,
        res,
        403,
        'The content editor only answers this computer, at http://127.0.0.1 or http://localhost with the port site dev printed.',
      );
    }
    if (!changeAllowed(req, this.token)) {
      return this.#text(
        req,
        res,
        403,
        'This change did not come from the content editor’s own page, so it was refused. Reload the editor and try again.',
      );
    }
    try {
      await this.#route(req, res);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) return this.#json(req, res, error.status, { message: error.message });
      this.#json(req, res, 500, { message: `The editor could not do this: ${(error as Error).message}` });
    }
  }

  async #route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://editor.invalid');
    const raw = (req.url ?? '/').replace(/[?#].*$/s, '');
    const rest = raw === EDIT_ROOT ? '' : raw.slice(EDIT_ROOT.length + 1);
    const method = req.method ?? 'GET';
    const reading = method === 'GET' || method === 'HEAD';
    const get = (handler: () => Promise<void>) => (reading ? handler() : this.#notAllowed(req, res, 'GET, HEAD'));
    const post = (handler: () => Promise<void>) => (method === 'POST' ? handler() : this.#notAllowed(req, res, 'POST'));

    if (rest.startsWith('api/')) {
      const query = url.searchParams;
      switch (rest) {
        case 'api/files':
          return get(async () => this.#json(req, res, 200, await this.#workspace.files()));
        case 'api/file':
          return get(async () => this.#json(req, res, 200, await this.#workspace.file(query.get('file') ?? '')));
        case 'api/check':
          return post(async () => this.#json(req, res, 200, await this.#workspace.check(await this.#body(req))));
        case 'api/draft':
          return post(async () => this.#json(req, res, 200, await this.#workspace.draft(await this.#body(req))));
        case 'api/save':
          return post(async () => {
            const body = await this.#body(req);
            await this.#oneAtATime(async () => {
              const { status, value } = await this.#workspace.save(body);
              if (status === 200) await this.#uploads.forgetNamed();
              this.#json(req, res, status, value);
            });
          });
        case 'api/accept':
          return post(async () => {
            const body = await this.#body(req);
            await this.#oneAtATime(async () => this.#json(req, res, 200, await this.#workspace.accept(body)));
          });
        case 'api/save-text':
          return post(async () => {
            const body = await this.#body(req);
            await this.#oneAtATime(async () => {
              const { status, value } = await this.#workspace.saveText(body);
              if (status === 200) await this.#uploads.forgetNamed();
              this.#json(req, res, status, value);
            });
          });
        case 'api/images':
          return get(async () => this.#json(req, res, 200, { images: await listImages(this.#contentDir) }));
        case 'api/upload':
          return post(async () => this.#upload(req, res, query.get('name') ?? ''));
        case 'api/publish':
          if (reading) return this.#json(req, res, 200, await this.#publishStatus());
          return post(async () => {
            const body = publishRequest(await this.#body(req));
            // Publishes queue behind each other, not behind saves: a save waits only while the files are committed.
            // The uploads no saved file names stay out of it (moved aside for its length).
            const { status, ...answer } = await this.#onePublish(() =>
              this.#withUnusedAside(() =>
                publish({
                  ...body,
                  contentDir: this.#contentDir,
                  cwd: this.#options.cwd,
                  holdingSaves: (work) => this.#oneAtATime(work),
                  unusedUploads: () => this.#uploads.unused(),
                }),
              ),
            );
            this.#json(req, res, status, answer);
          });
        case 'api/publish/address':
          return post(async () => {
            const body = (await this.#body(req)) as { address?: unknown } | null;
            const address = typeof body?.address === 'string' ? body.address : '';
            const result = await this.#onePublish(() => setPublishAddress(this.#contentDir, address));
            this.#json(req, res, result.status, result.status === 200 ? result.value : { message: result.message });
          });
        default:
          return this.#json(req, res, 404, { message: `The editor has no ${rest}.` });
      }
    }
    if (rest === 'assets/editor.js' || rest === 'assets/editor.css') {
      return get(async () => {
        const assets = await editorAssets(this.#options.root, this.#options.session);
        const script = rest.endsWith('.js');
        this.#send(
          req,
          res,
          200,
          { 'Content-Type': script ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8' },
          script ? assets.script : assets.style,
        );
      });
    }
    if (rest.startsWith(`${IMAGES_FOLDER}/`)) return get(() => this.#image(req, res, rest.slice(IMAGES_FOLDER.length + 1)));
    if (rest === 'preview' || rest.startsWith('preview/')) return get(() => this.#preview(req, res, `/${rest.slice('preview/'.length)}`));
    return get(async () => this.#page(req, res, rest));
  }

  // ---- pages ----

  async #page(req: IncomingMessage, res: ServerResponse, rest: string): Promise<void> {
    let title = 'Edit the content';
    if (rest !== '') {
      const name = decodePath(rest);
      const found = name === undefined ? undefined : contentFileNamed(name);
      if (!found?.ok) return this.#text(req, res, found?.status ?? 400, found?.message ?? 'This address is not allowed.');
      title = `Edit ${fileTitle(found.file)}`;
    }
    this.#send(req, res, 200, { 'Content-Type': 'text/html; charset=utf-8' }, editorShell({ token: this.token, title }));
  }

  async #image(req: IncomingMessage, res: ServerResponse, encoded: string): Promise<void> {
    const name = decodePath(encoded);
    if (name === undefined || !checkName(name).ok || name.includes('/') || !IMAGE_NAME.test(name))
      return this.#text(req, res, 400, 'This photo name is not allowed.');
    const file = path.join(this.#contentDir, IMAGES_FOLDER, name);
    if (!(await insideContent(this.#contentDir, file))) return this.#text(req, res, 403, 'This photo is outside the content folder.');
    const bytes = await readFile(file).catch(() => undefined);
    if (!bytes) return this.#text(req, res, 404, `There is no photo ${name} in content/${IMAGES_FOLDER}/.`);
    this.#send(req, res, 200, { 'Content-Type': contentType(name) }, bytes);
  }

  async #preview(req: IncomingMessage, res: ServerResponse, sitePath: string): Promise<void> {
    const page = await this.#options.preview(await this.#workspace.overrides(), sitePath);
    this.#send(req, res, page.status, { 'Content-Type': page.contentType }, page.body);
  }

  // ---- uploads ----

  async #upload(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    // The whole photo is read before the lock is taken: a stalled upload waits alone, never holding up saves.
    const body = await readBody(req, MAX_UPLOAD_BYTES);
    // The rest of a body that is too large is read and dropped, so the browser gets the answer.
    if (body === undefined) req.resume();
    const result = await this.#oneAtATime(async () => {
      if (this.#aside?.holds(name)) {
        return {
          status: 409 as const,
          message: `Publish is under way and keeps your earlier upload ${name} out of it until it ends: once it has ended, choose that photo from the list, or upload this one under another name now.`,
        };
      }
      const stored = await storeUpload(this.#contentDir, name, req.headers['content-type'], body);
      if (stored.status === 201) {
        await this.#uploads.record(name, body!);
        await this.#uploads.sweep(Date.now(), this.#aside?.names);
      }
      return stored;
    });
    if (result.status === 201) return this.#json(req, res, 201, { src: result.src });
    this.#json(req, res, result.status, { message: result.message });
  }

  /** What Publish would send, less the photos uploaded that no saved file names (not the content's yet). */
  async #publishStatus() {
    const status = await publishStatus(this.#contentDir);
    const unused = await this.#uploads.unused();
    return { ...status, changed: status.changed.filter((file) => !unused.some((src) => file.endsWith(`/${src}`) || file === src)) };
  }

  /**
   * Runs a publish with the uploads no saved file names set aside under scratch names (which
   * publishing passes over), so they are not committed; each is put back after. Setting aside and
   * putting back wait for the upload or save under way, and an upload under a name set aside is
   * refused meanwhile.
   */
  async #withUnusedAside<T>(work: () => Promise<T>): Promise<T> {
    const aside = await this.#oneAtATime(async () => (this.#aside = await SetAside.take(this.#contentDir, await this.#uploads.unused())));
    try {
      return await work();
    } finally {
      await this.#oneAtATime(async () => {
        this.#aside = undefined;
        await this.#uploads.renamed(await aside.restore());
      });
    }
  }

  // ---- helpers ----

  async #body(req: IncomingMessage): Promise<unknown> {
    const bytes = await readBody(req, MAX_JSON_BYTES);
    if (bytes === undefined) {
      req.resume();
      throw new HttpError(413, 'The request is too large.');
    }
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new HttpError(400, 'The request is not valid JSON.');
    }
    if (depthOver(value, MAX_JSON_DEPTH)) {
      throw new HttpError(
        400,
        `This change is nested deeper than any content file goes (over ${MAX_JSON_DEPTH} levels), so it was not checked: reload the editor and make the change again.`,
      );
    }
    return value;
  }

  #send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
    send(req, res, status, { ...headers, ...EDITOR_HEADERS }, body);
  }

  #json(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
    this.#send(req, res, status, { 'Content-Type': 'application/json; charset=utf-8' }, JSON.stringify(value));
  }

  #text(req: IncomingMessage, res: ServerResponse, status: number, text: string): void {
    this.#send(req, res, status, { 'Content-Type': 'text/plain; charset=utf-8' }, `${text}\n`);
  }

  async #notAllowed(req: IncomingMessage, res: ServerResponse, allow: string): Promise<void> {
    req.resume();
    send(
      req,
      res,
      405,
      { 'Content-Type': 'text/plain; charset=utf-8', Allow: allow, ...EDITOR_HEADERS },
      `This address takes ${allow} requests only.\n`,
    );
  }
}

/** A queue: each piece of work starts when the one before it has ended, however that ended. */
function serial(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  };
}

/** The fields of a publish request the page may send; anything else is left out. */
function publishRequest(body: unknown): Pick<PublishOptions, 'message' | 'identity' | 'sendToFolder' | 'choices'> {
  const fields = (body ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : undefined);
  const name = text('name');
  const email = text('email');
  const choices = fields.choices as { id?: unknown; picks?: unknown } | undefined;
  const picks =
    Array.isArray(choices?.picks) && choices.picks.every((pick) => pick === 'theirs' || pick === 'mine')
      ? (choices.picks as ('theirs' | 'mine')[])
      : undefined;
  return {
    message: text('message') ?? '',
    ...(typeof choices?.id === 'string' && picks ? { choices: { id: choices.id, picks } } : {}),
    ...(name !== undefined || email !== undefined ? { identity: { name: name ?? '', email: email ?? '' } } : {}),
    ...(text('sendToFolder') !== undefined ? { sendToFolder: text('sendToFolder') } : {}),
  };
}

/** Whether `value` nests lists and objects more than `limit` deep: counted without recursion, so any depth is safe to ask about. */
function depthOver(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** A percent-encoded path, or undefined when its encoding is broken. */
function decodePath(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}
