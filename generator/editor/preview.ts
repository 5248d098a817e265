import { assembleSite, prepareContent } from '../build.js';
import type { Bundle } from '../bundle/bundle.js';
import type { Session } from '../contract/session.js';
import type { OutputFile } from '../contract/output.js';
import type { renderPages } from '../render/render.js';
import { bugReport, formatReport, type Report } from '../serve/live/errors.js';
import { contentType } from '../serve/mime.js';
import { overlayPage } from '../serve/live/overlay.js';
import type { DevHost } from '../serve/plugin.js';
import { candidates, isPublic, parseRequestPath } from '../serve/static.js';
import type { PreviewPage } from './routes.js';

/**
 * "See it before you save": the site rendered in memory, as `site dev` renders it, with the
 * editor's unsaved drafts read in place of their files. Nothing is written anywhere.
 */

export const PREVIEW_ROOT = '/__edit/preview';

export type PreviewResult = { files: ReadonlyMap<string, OutputFile> } | { reports: Report[] };

export interface DraftSite {
  contentDir: string;
  overrides: ReadonlyMap<string, string>;
  bundle: Bundle;
  render: typeof renderPages;
  /** The dev server's memory: a draft that changes one file checks and draws only what changed. */
  session?: Session;
}

export async function renderDrafts(site: DraftSite): Promise<PreviewResult> {
  try {
    const prepared = await prepareContent(site.contentDir, { overrides: site.overrides, session: site.session });
    if ('problems' in prepared) return { reports: [{ problems: prepared.problems, sources: new Map(prepared.sources), notes: [] }] };
    const { photos, pictures } = prepared;
    const files = assembleSite(prepared.site, site.bundle, {
      render: site.render,
      linkStylesheet: true,
      photos,
      pictures,
      session: site.session,
    });
    return { files: new Map(files.map((file) => [file.path, file])) };
  } catch (error) {
    return { reports: [bugReport(error, 'rendering the preview')] };
  }
}

/**
 * The preview of the site with drafts, rendered with the dev server's latest bundle and templates.
 * The last render is kept, by build and drafts: a page and the files it loads come from one render.
 */
export class DraftPreviews {
  readonly #host: DevHost;
  #last: { key: string; result: Promise<PreviewResult> } | undefined;

  constructor(host: DevHost) {
    this.#host = host;
  }

  /** The page at `sitePath` with `overrides` read in place of those content files. */
  async page(overrides: ReadonlyMap<string, string>, sitePath: string): Promise<PreviewPage> {
    await this.#host.ready();
    const { id: build, bundle, render, blocking } = this.#host.latest;
    const key = `${build}\n${JSON.stringify([...overrides].sort())}`;
    if (this.#last?.key !== key) {
      const result: Promise<PreviewResult> =
        blocking.length > 0 || !bundle || !render
          ? Promise.resolve({ reports: blocking })
          : renderDrafts({ contentDir: this.#host.contentDir, overrides, bundle, render, session: this.#host.session });
      this.#last = { key, result };
    }
    return previewPage(await this.#last.result, sitePath, build, this.#host.cwd, this.#host.latest.bundle);
  }
}

/**
 * The answer to /__edit/preview/<sitePath>: the page, a file it uses, the 404 page, or the problems
 * overlay. The script, stylesheet and fonts come from the bundle, whatever the drafts hold: a page
 * still loading them when the next draft turns out invalid gets them, not the overlay.
 */
export function previewPage(result: PreviewResult, sitePath: string, build: string, cwd: string, bundle?: Bundle): PreviewPage {
  const request = parseRequestPath(sitePath);
  const lookup = (files: ReadonlyMap<string, OutputFile>) =>
    request.ok && isPublic(request.segments)
      ? candidates(request.segments)
          .map((name) => files.get(name))
          .find((file) => file !== undefined)
      : undefined;
  if ('reports' in result) {
    const asset = bundle && lookup(new Map([...bundle.files, ...bundle.static, bundle.stylesheet].map((file) => [file.path, file])));
    if (asset) return { status: 200, contentType: contentType(asset.path), body: asset.contents };
    return { status: 500, contentType: 'text/html; charset=utf-8', body: overlayPage(formatReport(result.reports, cwd), build) };
  }
  const found = lookup(result.files);
  const file = found ?? result.files.get('404.html');
  if (!file) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not found.\n' };
  const html = file.path.endsWith('.html');
  return {
    status: found ? 200 : 404,
    contentType: contentType(file.path),
    body: html ? inPreview(String(file.contents)) : file.contents,
  };
}

/**
 * A page's own addresses (links, its stylesheet, script and photos, all written from the site's
 * root) pointed into the preview, so following a link stays in the preview and a photo added in
 * a draft shows before it is saved. Addresses elsewhere (https://…) are left alone.
 */
export function inPreview(html: string): string {
  return html.replace(/\s(href|src|srcset|poster)="([^"]*)"/g, (whole, name: string, value: string) => {
    const moved =
      name === 'srcset' ? value.replace(/(^|,\s*)\/(?!\/)/g, `$1${PREVIEW_ROOT}/`) : value.replace(/^\/(?!\/)/, `${PREVIEW_ROOT}/`);
    return moved === value ? whole : ` ${name}="${moved}"`;
  });
}
