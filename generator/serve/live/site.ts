import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { assembleSite, prepareContent, type PreparedContent } from '../../build.js';
import { bundleAssets, type Bundle } from '../../bundle/bundle.js';
import type { OutputFile } from '../../contract/output.js';
import { displayPath } from '../../problems/format.js';
import { Session } from '../../contract/session.js';
import { UsageError } from '../../problems/problem.js';
import { parseHeaders, type HeaderRule } from '../headers.js';
import type { DevBuild, DevHost } from '../plugin.js';
import { bugReport, bundleReport, formatReport, templateReport, type Report } from './errors.js';
import { ChangeQueue } from './queue.js';
import { ReloadHub } from './reload.js';
import { TemplateError, TemplateLoader, type Templates } from './templates.js';
import { watchSources, type Area, type SourceWatcher } from './watch.js';

/**
 * The site `site dev` serves, kept in memory: in go the changes the watcher sees in the content,
 * templates, client and static files; out come the built files (or the problems that keep the
 * site from being built) and a reload event to every open page.
 */

export interface DevSiteOptions {
  contentDir: string;
  /** The project folder with templates/, client/, static/ and generator/render/render.ts. */
  root: string;
  /** Where progress lines and problems go; paths are shown relative to `cwd`. */
  log: { out: (text: string) => void; err: (text: string) => void; cwd: string };
}

const ALL_AREAS: readonly Area[] = ['content', 'templates', 'assets'];

const DOING: Record<Area, string> = {
  content: 'checked content',
  templates: 'reloaded templates',
  assets: 'bundled client, styles and static files',
};

/** The site in memory, with what each stage last produced, so a change redoes only its own stage. */
export class DevSite {
  readonly #options: DevSiteOptions;
  readonly #root: string;
  readonly #hub = new ReloadHub();
  readonly #loader: TemplateLoader;
  #watcher: SourceWatcher | undefined;

  /** The build the pages now served come from; a new id for every attempt, good or not. */
  #build = '';
  readonly #run = Date.now().toString(36);
  #count = 0;
  /** What this server remembers from build to build, and the editor with it. */
  readonly #memory = new Session();
  #files = new Map<string, OutputFile>();
  #rules: HeaderRule[] = [];
  /** The overlay text while the site cannot be built. */
  #failure: string | undefined;
  #ready: Promise<void>;
  #markReady: () => void = () => undefined;

  /** The content as last prepared without a problem. */
  #prepared: PreparedContent | undefined;
  #bundle: Bundle | undefined;
  #templates: Templates | undefined;
  readonly #reports = new Map<Area, Report>();

  readonly #queue = new ChangeQueue<Area>((batch) =>
    this.#rebuild(new Set(batch.values()), { changed: [...batch.keys()] }).catch((error: unknown) => {
      this.#options.log.err(bugReport(error, 'rebuilding the site').notes.join('\n'));
    }),
  );

  constructor(options: DevSiteOptions) {
    this.#options = options;
    this.#root = options.root;
    this.#loader = new TemplateLoader(this.#root);
    this.#ready = new Promise((resolve) => (this.#markReady = resolve));
  }

  /** What a plug-in of the dev server may use of this site. */
  get host(): DevHost {
    const site = this;
    return {
      contentDir: this.#options.contentDir,
      root: this.#root,
      cwd: this.#options.log.cwd,
      session: this.#memory,
      ready: () => this.#ready,
      get latest(): DevBuild {
        return site.#latest();
      },
    };
  }

  /** Resolves once the first build has been tried. */
  ready(): Promise<void> {
    return this.#ready;
  }

  /** The id of the build the files come from. */
  get build(): string {
    return this.#build;
  }

  /** The overlay text while the site cannot be built. */
  get failure(): string | undefined {
    return this.#failure;
  }

  /** The rules of the site's own _headers file. */
  get rules(): readonly HeaderRule[] {
    return this.#rules;
  }

  /** A built file by its path in the site ('about/index.html'). */
  file(name: string): OutputFile | undefined {
    return this.#files.get(name);
  }

  /** Keeps `res` open as an event stream that tells the page of every build. */
  connect(req: IncomingMessage, res: ServerResponse): void {
    this.#hub.connect(req, res, this.#build);
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

  #latest(): DevBuild {
    return {
      id: this.#build,
      bundle: this.#bundle,
      render: this.#templates?.render,
      blocking: (['assets', 'templates'] as const).flatMap((area) => this.#reports.get(area) ?? []),
    };
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
        const { site, photos, pictures } = this.#prepared!;
        const files = assembleSite(site, this.#bundle!, {
          render: this.#templates!.render,
          linkStylesheet: true,
          photos,
          pictures,
          session: this.#memory,
        });
        this.#files = new Map(files.map((file) => [file.path, file]));
        this.#rules = parseHeaders(String(this.#files.get('_headers')?.contents ?? ''));
      } catch (error) {
        reports.push(templateReport(error, this.#templates));
      }
    }
    const { cwd } = this.#options.log;
    this.#failure = reports.length > 0 ? formatReport(reports, cwd) : undefined;
    this.#build = `${this.#run}.${++this.#count}`;
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
      const prepared = await prepareContent(this.#options.contentDir, { session: this.#memory });
      if ('problems' in prepared) {
        this.#reports.set('content', { problems: prepared.problems, sources: new Map(prepared.sources), notes: [] });
      } else {
        this.#prepared = prepared;
        this.#reports.delete('content');
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
        session: this.#memory,
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

  #pageCount(): number {
    return [...this.#files.keys()].filter((file) => file.endsWith('.html')).length;
  }
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}

function listFiles(files: readonly string[]): string {
  if (files.length === 0) return 'a file';
  if (files.length <= 3) return files.join(', ');
  return `${files.slice(0, 2).join(', ')} and ${files.length - 2} more`;
}
