import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { assembleSite, checkContent } from '../build.js';
import { bundleAssets, type Bundle } from '../bundle/bundle.js';
import { displayPath, sortProblems } from '../problems/format.js';
import { processPhotos, type ProcessedPhotos } from '../images/encode.js';
import type { OutputFile } from '../contract/output.js';
import { UsageError } from '../problems/problem.js';
import { projectRoot } from '../contract/root.js';
import type { Site } from '../schema/index.js';
import { bugReport, bundleReport, formatReport, templateReport, type Report } from './live/errors.js';
import { headersFor, parseHeaders, withSiteHeaders, type HeaderRule } from './headers.js';
import { DEFAULT_HOST, allowOnlyGetAndHead, closeServer, listen, send, sendRedirect, sendText, type RunningServer } from './http.js';
import { contentType } from './mime.js';
import { OVERLAY_CSS, overlayPage } from './live/overlay.js';
import { ChangeQueue } from './live/queue.js';
import { DEV_PATHS, RELOAD_SCRIPT, ReloadHub, injectReloadScript } from './live/reload.js';
import { candidates, folderIndex, isPublic, parseRequestPath, withTrailingSlash } from './static.js';
import { TemplateError, TemplateLoader, type Templates } from './live/templates.js';
import { watchSources, type Area, type SourceWatcher } from './live/watch.js';
import { Editor, isEditorPath, type PreviewPage } from '../editor/routes.js';
import { previewPage, renderDrafts, type PreviewResult } from '../editor/preview.js';

export interface DevOptions {
  contentDir: string;
  /** 0 (the default here) picks any free port; the CLI defaults to 4321. */
  port?: number;
  /** Defaults to 127.0.0.1, so only this computer can connect. */
  host?: string;
  /** The project folder with templates/, client/, static/ and generator/render/render.ts; defaults to this project. Tests and the benchmark pass a copy. */
  root?: string;
  /** Where progress lines and problems go; paths are shown relative to `cwd`. */
  log: { out: (text: string) => void; err: (text: string) => void; cwd: string };
}

/**
 * Builds the site into memory, serves it with live reload and rebuilds on every change to the
 * content, templates or client. While the site cannot be built every page is the error overlay;
 * the server keeps running until close().
 */
export async function startDev(options: DevOptions): Promise<RunningServer> {
  const site = new DevSite(options);
  const server = createServer((req, res) => {
    site.respond(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendText(req, res, 500, `The dev server could not answer: ${(error as Error).message}`);
      else res.destroy();
    });
  });
  let url: string;
  try {
    url = await listen(server, options.port ?? 0, options.host ?? DEFAULT_HOST);
    await site.start();
  } catch (error) {
    await site.close();
    await closeServer(server);
    throw error;
  }
  return {
    url,
    close: async () => {
      await site.close();
      await closeServer(server);
    },
  };
}

const ALL_AREAS: readonly Area[] = ['content', 'templates', 'assets'];

const DOING: Record<Area, string> = {
  content: 'checked content',
  templates: 'reloaded templates',
  assets: 'bundled client, styles and static files',
};

/** The site in memory, with what each stage last produced, so a change redoes only its own stage. */
class DevSite {
  readonly #options: DevOptions;
  readonly #root: string;
  readonly #hub = new ReloadHub();
  readonly #loader: TemplateLoader;
  #watcher: SourceWatcher | undefined;

  /** The build the pages now served come from; a new id for every attempt, good or not. */
  #build = '';
  readonly #session = Date.now().toString(36);
  #count = 0;
  #files = new Map<string, OutputFile>();
  #rules: HeaderRule[] = [];
  /** The overlay text while the site cannot be built. */
  #failure: string | undefined;
  #ready: Promise<void>;
  #markReady: () => void = () => undefined;

  #site: Site | undefined;
  #photos: ProcessedPhotos | undefined;
  #bundle: Bundle | undefined;
  #templates: Templates | undefined;
  readonly #reports = new Map<Area, Report>();
  /** The content editor at /__edit. */
  readonly #editor: Editor;
  /** The last preview rendered, by build and drafts: a page and the files it loads come from one render. */
  #preview: { key: string; result: Promise<PreviewResult> } | undefined;

  readonly #queue = new ChangeQueue<Area>((batch) =>
    this.#rebuild(new Set(batch.values()), { changed: [...batch.keys()] }).catch((error: unknown) => {
      this.#options.log.err(bugReport(error, 'rebuilding the site').notes.join('\n'));
    }),
  );

  constructor(options: DevOptions) {
    this.#options = options;
    this.#root = options.root ?? projectRoot();
    this.#loader = new TemplateLoader(this.#root);
    this.#ready = new Promise((resolve) => (this.#markReady = resolve));
    this.#editor = new Editor({
      contentDir: options.contentDir,
      root: this.#root,
      cwd: options.log.cwd,
      preview: (overrides, sitePath) => this.#previewPage(overrides, sitePath),
    });
  }

  get #folders() {
    return {
      contentDir: path.resolve(this.#options.contentDir),
      templatesDir: path.join(this.#root, 'templates'),
      clientDir: path.join(this.#root, 'client'),
      staticDir: path.join(this.#root, 'static'),
    };
  }

  /** The first build, with the watcher starting alongside; a missing content folder is a UsageError. */
  async start(): Promise<void> {
    this.#watcher = watchSources(
      this.#folders,
      (file, area) => this.#queue.add(file, area),
      (error) => this.#options.log.err(`Watching the files failed: ${(error as Error).message ?? String(error)}`),
    );
    const started = performance.now();
    await Promise.all([this.#watcher.ready, this.#rebuild(new Set(ALL_AREAS), { initial: true })]);
    const ms = Math.round(performance.now() - started);
    if (this.#failure === undefined) this.#options.log.out(`Built ${this.#pageCount()} pages in ${ms} ms.`);
    else this.#options.log.out(`The site cannot be built yet (${ms} ms); the browser shows the problems too.`);
    this.#markReady();
    this.#queue.start();
  }

  async close(): Promise<void> {
    await this.#watcher?.close();
    await this.#queue.close();
    this.#hub.close();
    await this.#loader.dispose();
  }

  async respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = (req.url ?? '/').replace(/[?#].*$/s, '');
    if (isEditorPath(pathname)) {
      await this.#editor.handle(req, res);
      return;
    }
    if (!allowOnlyGetAndHead(req, res)) return;
    if (pathname === DEV_PATHS.script) {
      send(req, res, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }, RELOAD_SCRIPT);
      return;
    }
    if (pathname === DEV_PATHS.overlayCss) {
      send(req, res, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-store' }, OVERLAY_CSS);
      return;
    }
    await this.#ready;
    if (pathname === DEV_PATHS.events) {
      this.#hub.connect(req, res, this.#build);
      return;
    }
    const request = parseRequestPath(req.url ?? '/');
    if (!request.ok) {
      sendText(req, res, 400, 'This path is not allowed.');
      return;
    }
    const file = isPublic(request.segments)
      ? candidates(request.segments)
          .map((name) => this.#files.get(name))
          .find((found) => found !== undefined)
      : undefined;
    // The site's _headers apply in dev too, so a Content-Security-Policy bites here before it does live.
    const site = headersFor(this.#rules, request.pathname);
    // Every page, the 404 page included, is the overlay while the site cannot be built.
    if (this.#failure !== undefined && (!file || file.path.endsWith('.html'))) {
      send(req, res, 500, devHeaders('index.html', site), overlayPage(this.#failure, this.#build));
      return;
    }
    const folder = !file && isPublic(request.segments) ? folderIndex(request.segments) : undefined;
    if (folder && this.#files.has(folder)) {
      // As on the hosts, so a link written without its slash shows up here as a redirect.
      sendRedirect(req, res, withTrailingSlash(req.url ?? '/'), devHeaders('redirect.txt', site));
      return;
    }
    const notFound = this.#files.get('404.html');
    if (file) this.#sendFile(req, res, 200, file, site);
    else if (notFound) this.#sendFile(req, res, 404, notFound, site);
    else sendText(req, res, 404, 'Not found.');
  }

  #sendFile(req: IncomingMessage, res: ServerResponse, status: number, file: OutputFile, site: readonly [string, string][]): void {
    const body = file.path.endsWith('.html') ? injectReloadScript(String(file.contents), this.#build) : file.contents;
    send(req, res, status, devHeaders(file.path, site), body);
  }

  /** Redoes the stages of `areas`, renders if every stage is good, and tells every open page. */
  async #rebuild(areas: ReadonlySet<Area>, how: { initial?: boolean; changed?: string[] }): Promise<void> {
    const started = performance.now();
    const wasFailing = this.#failure !== undefined;
    await Promise.all([
      areas.has('content') ? this.#checkContent(how.initial ?? false) : undefined,
      areas.has('assets') ? this.#bundleAssets() : undefined,
      areas.has('templates') ? this.#loadTemplates() : undefined,
    ]);
    const reports = ALL_AREAS.flatMap((area) => this.#reports.get(area) ?? []);
    if (reports.length === 0) {
      try {
        const files = assembleSite(this.#site!, this.#bundle!, { render: this.#templates!.render, linkStylesheet: true, photos: this.#photos });
        this.#files = new Map(files.map((file) => [file.path, file]));
        this.#rules = parseHeaders(String(this.#files.get('_headers')?.contents ?? ''));
      } catch (error) {
        reports.push(templateReport(error, this.#templates));
      }
    }
    const { cwd } = this.#options.log;
    this.#failure = reports.length > 0 ? formatReport(reports, cwd) : undefined;
    this.#build = `${this.#session}.${++this.#count}`;
    const changed = (how.changed ?? []).map((file) => displayPath(file, cwd));
    const ms = Math.round(performance.now() - started);
    this.#hub.broadcast({ build: this.#build, ok: this.#failure === undefined, changed, ms });
    if (how.initial) {
      if (this.#failure !== undefined) this.#options.log.err(this.#failure);
      return;
    }
    const what = ALL_AREAS.filter((area) => areas.has(area)).map((area) => DOING[area]);
    const line = `${clock()} ${listFiles(changed)} changed: ${what.join(', ')}`;
    if (this.#failure === undefined) {
      this.#options.log.out(`${line}, rendered ${this.#pageCount()} pages in ${ms} ms${wasFailing ? ' (fixed)' : ''}.`);
    } else {
      const count = reports.reduce((sum, report) => sum + report.problems.length + report.notes.length, 0);
      this.#options.log.out(`${line} in ${ms} ms; ${count} problem${count === 1 ? '' : 's'}, shown in the browser too:`);
      this.#options.log.err(this.#failure);
    }
  }

  async #checkContent(initial: boolean): Promise<void> {
    try {
      const checked = await checkContent(this.#options.contentDir);
      // Photos are part of the content: a new or changed one is encoded here, the rest come from the cache.
      const photos = checked.site && checked.problems.length === 0 ? await processPhotos(checked.photos ?? []) : undefined;
      if (checked.site && photos && photos.problems.length === 0) {
        this.#site = checked.site;
        this.#photos = photos;
        this.#reports.delete('content');
      } else if (photos) {
        this.#reports.set('content', { problems: sortProblems(photos.problems), sources: new Map(checked.sources), notes: [] });
      } else {
        this.#reports.set('content', { problems: checked.problems, sources: new Map(checked.sources), notes: [] });
      }
    } catch (error) {
      // A content folder missing at the start is a usage mistake (exit 1); later it is shown like any problem.
      if (initial && error instanceof UsageError) throw error;
      this.#reports.set(
        'content',
        error instanceof UsageError
          ? { problems: [], sources: new Map(), notes: [`${error.message}${error.hint ? `\n  hint: ${error.hint}` : ''}`] }
          : bugReport(error, 'checking the content'),
      );
    }
  }

  async #bundleAssets(): Promise<void> {
    try {
      this.#bundle = await bundleAssets({
        scriptEntry: path.join(this.#root, 'client', 'main.ts'),
        styleEntry: path.join(this.#root, 'templates', 'styles', 'main.css'),
        staticDir: path.join(this.#root, 'static'),
      });
      this.#reports.delete('assets');
    } catch (error) {
      // bundle.ts runs esbuild in the working folder, which its error locations are relative to.
      this.#reports.set('assets', await bundleReport(error, 'the client script or stylesheet', process.cwd()));
    }
  }

  async #loadTemplates(): Promise<void> {
    try {
      this.#templates = await this.#loader.load();
      this.#reports.delete('templates');
    } catch (error) {
      this.#reports.set(
        'templates',
        error instanceof TemplateError ? templateReport(error, undefined) : await bundleReport(error, 'the templates', this.#root),
      );
    }
  }

  /** A page of the site with the editor's drafts laid over the content, rendered with the current templates and assets. */
  async #previewPage(overrides: ReadonlyMap<string, string>, sitePath: string): Promise<PreviewPage> {
    await this.#ready;
    const build = this.#build;
    const key = `${build}\n${JSON.stringify([...overrides].sort())}`;
    if (this.#preview?.key !== key) {
      const blocking = (['assets', 'templates'] as const).flatMap((area) => this.#reports.get(area) ?? []);
      const result: Promise<PreviewResult> =
        blocking.length > 0 || !this.#bundle || !this.#templates
          ? Promise.resolve({ reports: blocking })
          : renderDrafts({ contentDir: this.#options.contentDir, overrides, bundle: this.#bundle, render: this.#templates.render });
      this.#preview = { key, result };
    }
    return previewPage(await this.#preview.result, sitePath, build, this.#options.log.cwd, this.#bundle);
  }

  #pageCount(): number {
    return [...this.#files.keys()].filter((file) => file.endsWith('.html')).length;
  }
}

/** The site's own headers, except that nothing is cached in dev: a stale page would hide an edit. */
function devHeaders(file: string, site: readonly [string, string][]): Record<string, string> {
  return withSiteHeaders(withSiteHeaders({ 'Content-Type': contentType(file) }, site), [['Cache-Control', 'no-store']]);
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}

function listFiles(files: readonly string[]): string {
  if (files.length === 0) return 'a file';
  if (files.length <= 3) return files.join(', ');
  return `${files.slice(0, 2).join(', ')} and ${files.length - 2} more`;
}
