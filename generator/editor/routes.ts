import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Document, parseDocument } from 'yaml';
import { contentType } from '../serve/mime.js';
import { send } from '../serve/http.js';
import { CONTENT_FILES, type ContentFile } from '../schema/index.js';
import { modeline } from '../schema/derived/json-schema.js';
import { translationSchema } from '../schema/derived/translation-schema.js';
import { TRANSLATIONS } from '../contract/languages.js';
import { editableFiles, fileSummary, fileTitle, pagesOf, type EditableFile } from './content/files.js';
import { formModel, type FieldModel } from './form-model.js';
import { iconSvg } from './icons.js';
import { checkFile, untranslatedCounts } from './content/problems.js';
import { publish, publishStatus } from './publish.js';
import { EDITOR_HEADERS, IMAGE_NAME, changeAllowed, checkName, contentFileNamed, fromLoopback, hostAllowed, insideContent } from './security.js';
import { ConflictError, readStored, writeStored } from './content/store.js';
import { IMAGES_FOLDER, MAX_UPLOAD_BYTES, listImages, readBody, storeUpload } from './content/upload.js';
import { saveYaml, type SaveOptions } from './content/yaml-save.js';
import { shapeAt } from '../schema/derived/walk.js';
import { editorShell } from './shell.js';
import { editorAssets } from './ui-bundle.js';

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
}

/** Largest JSON body the editor accepts: the biggest content file is a few dozen KB. */
const MAX_JSON_BYTES = 2 * 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The content editor's addresses under /__edit: its pages, its JSON API, photos and previews. */
export class Editor {
  /** Sent by the editor's own page with every change; a page elsewhere cannot read it. */
  readonly token = randomBytes(24).toString('base64url');
  readonly #options: EditorOptions;
  readonly #contentDir: string;
  /** Unsaved values by file, for previews. */
  readonly #drafts = new Map<string, unknown>();
  /** The form last made for each file, and the services it offers. */
  readonly #models = new Map<string, { key: string; model: FieldModel }>();
  /** Saves run one at a time: two tabs saving at once must not both pass the version check. */
  #writing: Promise<unknown> = Promise.resolve();

  constructor(options: EditorOptions) {
    this.#options = options;
    this.#contentDir = path.resolve(options.contentDir);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!fromLoopback(req) || !hostAllowed(req)) {
      return this.#text(req, res, 403, 'The content editor only answers this computer, at http://127.0.0.1 or http://localhost with the port site dev printed.');
    }
    if (!changeAllowed(req, this.token)) {
      return this.#text(req, res, 403, 'This change did not come from the content editor’s own page, so it was refused. Reload the editor and try again.');
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
          return get(async () => this.#json(req, res, 200, await this.#files()));
        case 'api/file':
          return get(async () => this.#json(req, res, 200, await this.#file(query.get('file') ?? '')));
        case 'api/check':
          return post(async () => this.#json(req, res, 200, await this.#check(await this.#body(req))));
        case 'api/draft':
          return post(async () => this.#json(req, res, 200, await this.#draft(await this.#body(req))));
        case 'api/save':
          return post(async () => {
            const body = await this.#body(req);
            await this.#oneAtATime(() => this.#save(req, res, body));
          });
        case 'api/images':
          return get(async () => this.#json(req, res, 200, { images: await listImages(this.#contentDir) }));
        case 'api/upload':
          return post(async () => this.#oneAtATime(() => this.#upload(req, res, query.get('name') ?? '')));
        case 'api/publish':
          if (reading) return this.#json(req, res, 200, await publishStatus(this.#contentDir));
          return post(async () => {
            const body = ((await this.#body(req)) ?? {}) as { message?: unknown };
            const message = typeof body.message === 'string' ? body.message : '';
            // Not while a save is being written: the commit takes the files as they are on disk.
            const result = await this.#oneAtATime(() => publish({ contentDir: this.#contentDir, message, cwd: this.#options.cwd }));
            const { status, ...answer } = result;
            this.#json(req, res, status, answer);
          });
        default:
          return this.#json(req, res, 404, { message: `The editor has no ${rest}.` });
      }
    }
    if (rest === 'assets/editor.js' || rest === 'assets/editor.css') {
      return get(async () => {
        const assets = await editorAssets(this.#options.root);
        const script = rest.endsWith('.js');
        this.#send(req, res, 200, { 'Content-Type': script ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8' }, script ? assets.script : assets.style);
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
    if (name === undefined || !checkName(name).ok || name.includes('/') || !IMAGE_NAME.test(name)) return this.#text(req, res, 400, 'This photo name is not allowed.');
    const file = path.join(this.#contentDir, IMAGES_FOLDER, name);
    if (!(await insideContent(this.#contentDir, file))) return this.#text(req, res, 403, 'This photo is outside the content folder.');
    const bytes = await readFile(file).catch(() => undefined);
    if (!bytes) return this.#text(req, res, 404, `There is no photo ${name} in content/${IMAGES_FOLDER}/.`);
    this.#send(req, res, 200, { 'Content-Type': contentType(name) }, bytes);
  }

  async #preview(req: IncomingMessage, res: ServerResponse, sitePath: string): Promise<void> {
    const overrides = new Map<string, string>();
    for (const [rel, value] of this.#drafts) {
      const stored = await this.#read(this.#named(rel)).catch(() => undefined);
      overrides.set(rel, textFor(this.#named(rel), stored?.text, value));
    }
    const page = await this.#options.preview(overrides, sitePath);
    this.#send(req, res, page.status, { 'Content-Type': page.contentType }, page.body);
  }

  // ---- the JSON API ----

  async #files() {
    // A translation's files are listed once its folder exists: that is when the site publishes it.
    const languages = await Promise.all(TRANSLATIONS.map(async (language) => ((await isFolder(path.join(this.#contentDir, language.folder))) ? [language.code] : [])));
    const published = new Set(languages.flat());
    const untranslated = published.size > 0 ? await untranslatedCounts(this.#contentDir) : new Map<string, number>();
    const files = await Promise.all(
      editableFiles()
        .filter((file) => !file.language || published.has(file.language.code))
        .map(async (file) => {
          const stored = await this.#read(file).catch(() => undefined);
          return {
            file: file.rel,
            title: fileTitle(file),
            summary: fileSummary(file, stored?.text),
            ...(file.language ? { language: file.language.code, english: file.name, untranslated: untranslated.get(file.rel) ?? 0 } : {}),
            exists: stored !== undefined,
          };
        }),
    );
    return { files, images: await isFolder(path.join(this.#contentDir, IMAGES_FOLDER)) };
  }

  async #file(name: string) {
    const file = this.#named(name);
    // A file not there yet (a translation not started) opens empty, with version '': saving creates it.
    const stored = (await this.#read(file)) ?? { text: '', version: '' };
    const checked = await checkFile(this.#contentDir, file.rel);
    const english = file.language ? await this.#read({ rel: file.name, name: file.name }) : undefined;
    return {
      file: file.rel,
      version: stored.version,
      value: stored.version === '' ? {} : (parsed(stored.text) ?? null),
      model: await this.#model(file),
      pages: pagesOf(file),
      ...(file.language ? { english: parsed(english?.text ?? '') ?? null, missing: checked.warnings.filter((p) => p.code === 'missing-translation').map((p) => p.path) } : {}),
      problems: checked.problems,
      warnings: checked.warnings,
    };
  }

  async #check(body: unknown) {
    const { file, value } = this.#fileAndValue(body);
    const stored = await this.#read(file);
    return checkFile(this.#contentDir, file.rel, new Map([[file.rel, textFor(file, stored?.text, value)]]));
  }

  async #draft(body: unknown) {
    const { file, value } = this.#fileAndValue(body, { nullable: true });
    if (value === null) this.#drafts.delete(file.rel);
    else this.#drafts.set(file.rel, value);
    return { ok: true };
  }

  async #save(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const { file, value } = this.#fileAndValue(body);
    const version = (body as { version?: unknown }).version;
    if (typeof version !== 'string') throw new HttpError(400, 'The save names no version of the file.');
    const stored = await this.#read(file);
    const conflict = `content/${file.rel} was changed outside the editor (in a text editor, or by git) since you opened it, so your version was not saved, to keep that change. Reload the file to see it, then make your change again.`;
    if ((stored?.version ?? '') !== version) return this.#json(req, res, 409, { message: conflict });
    const { text, changedLines } = stored ? saveYaml(stored.text, value, saveOptions(file)) : created(textFor(file, undefined, value));
    const checked = await checkFile(this.#contentDir, file.rel, new Map([[file.rel, text]]));
    if (checked.problems.length > 0) return this.#json(req, res, 422, { problems: checked.problems });
    let saved: string;
    try {
      if (!stored) await mkdir(path.dirname(this.#path(file)), { recursive: true });
      saved = text === stored?.text ? stored.version : await writeStored(this.#path(file), text, stored?.version);
    } catch (error) {
      if (error instanceof ConflictError) return this.#json(req, res, 409, { message: conflict });
      throw error;
    }
    this.#drafts.delete(file.rel);
    this.#json(req, res, 200, { version: saved, changedLines });
  }

  async #upload(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const body = await readBody(req, MAX_UPLOAD_BYTES);
    // The rest of a body that is too large is read and dropped, so the browser gets the answer.
    if (body === undefined) req.resume();
    const result = await storeUpload(this.#contentDir, name, req.headers['content-type'], body);
    if (result.status === 201) return this.#json(req, res, 201, { src: result.src });
    this.#json(req, res, result.status, { message: result.message });
  }

  // ---- helpers ----

  #oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#writing.then(work, work);
    this.#writing = run.catch(() => undefined);
    return run;
  }

  #named(name: string): EditableFile {
    const found = contentFileNamed(name);
    if (!found.ok) throw new HttpError(found.status, found.message);
    return found.file;
  }

  #fileAndValue(body: unknown, { nullable = false } = {}): { file: EditableFile; value: unknown } {
    const { file, value } = (body ?? {}) as { file?: unknown; value?: unknown };
    if (typeof file !== 'string') throw new HttpError(400, 'The request names no file.');
    if (value === undefined || (value === null && !nullable)) throw new HttpError(400, 'The request carries no value.');
    return { file: this.#named(file), value };
  }

  #path(file: EditableFile): string {
    return path.join(this.#contentDir, ...file.rel.split('/'));
  }

  /** A content file's text and version; refused when a link leads it out of the content folder. */
  async #read(file: EditableFile) {
    const where = this.#path(file);
    if (!(await insideContent(this.#contentDir, where))) throw new HttpError(403, `content/${file.rel} leads outside the content folder, so the editor will not open it.`);
    return readStored(where);
  }

  /** A file's form, made again only when the services a select offers have changed. */
  async #model(file: EditableFile): Promise<FieldModel> {
    const services = await this.#services();
    const key = JSON.stringify(services);
    const known = this.#models.get(file.rel);
    if (known?.key === key) return known.model;
    const model = formModel(schemaOf(file), { services, iconSvg });
    this.#models.set(file.rel, { key, model });
    return model;
  }

  /** The services in services.yaml as it is on disk, for the fields that name one. */
  async #services(): Promise<{ id: string; title: string }[]> {
    const stored = await readStored(path.join(this.#contentDir, 'services.yaml')).catch(() => undefined);
    const list = (parsed(stored?.text ?? '') as { services?: unknown } | undefined)?.services;
    if (!Array.isArray(list)) return [];
    return list.flatMap((service) =>
      service && typeof service.id === 'string' ? [{ id: service.id as string, title: typeof service.title === 'string' ? (service.title as string) : service.id }] : [],
    );
  }

  async #body(req: IncomingMessage): Promise<unknown> {
    const bytes = await readBody(req, MAX_JSON_BYTES);
    if (bytes === undefined) {
      req.resume();
      throw new HttpError(413, 'The request is too large.');
    }
    try {
      return JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new HttpError(400, 'The request is not valid JSON.');
    }
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
    send(req, res, 405, { 'Content-Type': 'text/plain; charset=utf-8', Allow: allow, ...EDITOR_HEADERS }, `This address takes ${allow} requests only.\n`);
  }
}

/**
 * The text of file `rel` holding `value`: the file's own text changed where it differs, or, for a
 * file not there yet, new YAML under the line that names its schema (as the shipped files start).
 */
function textFor(file: EditableFile, source: string | undefined, value: unknown): string {
  const fresh = () => `${modeline(file.rel as ContentFile)}\n\n${new Document(value).toString({ lineWidth: 0 })}`;
  if (source === undefined) return fresh();
  try {
    return saveYaml(source, value, saveOptions(file)).text;
  } catch {
    // A file that does not parse cannot be changed in place; the value is checked as written anew.
    return fresh();
  }
}

/** New keys go where the file's schema lists them. */
function saveOptions(file: EditableFile): SaveOptions {
  const schema = schemaOf(file);
  return { keyOrder: (at) => Object.keys(shapeAt(schema, at) ?? {}) };
}

function schemaOf(file: EditableFile) {
  const schema = CONTENT_FILES[file.name];
  return file.language ? (translationSchema(schema) ?? schema) : schema;
}

/** A new file's text, every line of it new. */
function created(text: string): { text: string; changedLines: number } {
  return { text, changedLines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) };
}

function parsed(text: string): unknown {
  const doc = parseDocument(text);
  return doc.errors.length > 0 ? undefined : doc.toJS({ maxAliasCount: 50 });
}

/** A percent-encoded path, or undefined when its encoding is broken. */
function decodePath(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

async function isFolder(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}
