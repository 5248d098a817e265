import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { OutputFile } from '../contract/output.js';
import { projectRoot } from '../contract/root.js';
import { headersFor, withSiteHeaders } from './headers.js';
import { hostNamesThisServer } from './host.js';
import { DEFAULT_HOST, allowOnlyGetAndHead, closeServer, listen, send, sendRedirect, sendText, type RunningServer } from './http.js';
import { DevSite } from './live/site.js';
import { OVERLAY_CSS, overlayPage } from './live/overlay.js';
import { DEV_PATHS, RELOAD_SCRIPT, injectReloadScript } from './live/reload.js';
import { contentType } from './mime.js';
import type { DevPlugin, DevPluginFactory } from './plugin.js';
import {
  candidates,
  folderIndex,
  htmlFileAddress,
  isPublic,
  notFoundPages,
  parseRequestPath,
  withPath,
  withTrailingSlash,
} from './static.js';

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
  /** What else answers on this server, each at addresses of its own: `site dev` plugs in the content editor (generator/editor/plugin.ts). */
  plugins?: readonly DevPluginFactory[];
}

/**
 * Builds the site into memory, serves it with live reload and rebuilds on every change to the
 * content, templates or client. While the site cannot be built every page is the error overlay;
 * the server keeps running until close().
 */
export async function startDev(options: DevOptions): Promise<RunningServer> {
  const site = new DevSite({ contentDir: options.contentDir, root: options.root ?? projectRoot(), log: options.log });
  const plugins = (options.plugins ?? []).map((plugin) => plugin(site.host));
  const server = createServer((req, res) => {
    respond(site, plugins, req, res).catch((error: unknown) => {
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

/** One request: a plug-in's address, the live-reload script, stylesheet and events, or a file of the site. */
async function respond(site: DevSite, plugins: readonly DevPlugin[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!hostNamesThisServer(req)) {
    sendText(req, res, 403, 'This server answers only to its own address, such as http://127.0.0.1 or http://localhost with its port.');
    return;
  }
  const pathname = (req.url ?? '/').replace(/[?#].*$/s, '');
  const plugin = plugins.find((candidate) => candidate.claims(pathname));
  if (plugin) {
    await plugin.handle(req, res);
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
  await site.ready();
  if (pathname === DEV_PATHS.events) {
    site.connect(req, res);
    return;
  }
  const request = parseRequestPath(req.url ?? '/');
  if (!request.ok) {
    sendText(req, res, 400, 'This path is not allowed.');
    return;
  }
  const file = isPublic(request.segments)
    ? candidates(request.segments)
        .map((name) => site.file(name))
        .find((found) => found !== undefined)
    : undefined;
  // The site's _headers apply in dev too, so a Content-Security-Policy bites here before it does live.
  const headers = headersFor(site.rules, request.pathname);
  // Every page, the 404 page included, is the overlay while the site cannot be built.
  if (site.failure !== undefined && (!file || file.path.endsWith('.html'))) {
    send(req, res, 500, devHeaders('index.html', headers), overlayPage(site.failure, site.build));
    return;
  }
  // As on Cloudflare, so a link written without its slash, or to a page's file name, shows up here as a redirect.
  const canonical = file && isPublic(request.segments) ? htmlFileAddress(request.segments) : undefined;
  if (canonical && file?.path === request.segments.join('/')) {
    sendRedirect(req, res, withPath(req.url ?? '/', canonical), devHeaders('redirect.txt', headers));
    return;
  }
  const folder = !file && isPublic(request.segments) ? folderIndex(request.segments) : undefined;
  if (folder && site.file(folder)) {
    sendRedirect(req, res, withTrailingSlash(req.url ?? '/'), devHeaders('redirect.txt', headers));
    return;
  }
  const notFound = notFoundPages(request.segments)
    .map((name) => site.file(name))
    .find((found) => found !== undefined);
  if (file) sendFile(site, req, res, 200, file, headers);
  else if (notFound) sendFile(site, req, res, 404, notFound, headers);
  else sendText(req, res, 404, 'Not found.');
}

function sendFile(
  site: DevSite,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  file: OutputFile,
  headers: readonly [string, string][],
): void {
  const body = file.path.endsWith('.html') ? injectReloadScript(String(file.contents), site.build) : file.contents;
  send(req, res, status, devHeaders(file.path, headers), body);
}

/** The site's own headers, except that nothing is cached in dev: a stale page would hide an edit. */
function devHeaders(file: string, site: readonly [string, string][]): Record<string, string> {
  return withSiteHeaders(withSiteHeaders({ 'Content-Type': contentType(file) }, site), [['Cache-Control', 'no-store']]);
}
