import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { UsageError } from '../problems/problem.js';
import { headersFor, parseHeaders, withSiteHeaders, type HeaderRule } from './headers.js';
import { DEFAULT_HOST, allowOnlyGetAndHead, closeServer, listen, send, sendRedirect, sendText, type RunningServer } from './http.js';
import { compressed, isCompressible, negotiateEncoding } from './compress.js';
import { Session } from '../contract/session.js';
import { contentType } from './mime.js';
import {
  cacheControl,
  candidates,
  folderIndex,
  htmlFileAddress,
  isPublic,
  notFoundPages,
  parseRequestPath,
  withPath,
  withTrailingSlash,
} from './static.js';

export interface PreviewOptions {
  /** The built site folder, e.g. dist. */
  dir: string;
  /** 0 (the default here) picks any free port; the CLI defaults to 4322. */
  port?: number;
  /** Defaults to 127.0.0.1, so only this computer can connect. */
  host?: string;
  /** Answers a request before the files when it returns true: the site's Worker (preview-worker.ts). */
  intercept?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
}

/**
 * Serves a built site as Cloudflare does (tests/unit/host/ checks both against the same table):
 * pretty URLs, a 307 redirect from a folder's address without its trailing slash to the address
 * with it and from an HTML file's name to its address, the nearest 404.html with status 404,
 * long caching for hashed assets, text compressed as the browser accepts it (brotli or gzip),
 * and the headers of its `_headers` file. Never serves a file outside `dir`, even through a
 * symbolic link.
 */
export async function startPreview(options: PreviewOptions): Promise<RunningServer> {
  const root = await siteFolder(options.dir);
  // What the server remembers while it runs: each file compressed once.
  const session = new Session();
  const server = createServer((req, res) => {
    const intercepted = options.intercept?.(req, res) ?? Promise.resolve(false);
    intercepted
      .then((answered) => (answered ? undefined : handle(root, req, res, session)))
      .catch((error: unknown) => {
        if (!res.headersSent) sendText(req, res, 500, `The preview server could not answer: ${(error as Error).message}`);
        else res.destroy();
      });
  });
  const url = await listen(server, options.port ?? 0, options.host ?? DEFAULT_HOST);
  return { url, close: () => closeServer(server) };
}

async function siteFolder(dir: string): Promise<string> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new UsageError(
      `There is no built site to preview: ${dir} ${info ? 'is not a folder' : 'does not exist'}.`,
      'run "site build" first, or pass the folder it wrote with --out',
    );
  }
  return realpath(dir);
}

async function handle(root: string, req: IncomingMessage, res: ServerResponse, session: Session): Promise<void> {
  if (!allowOnlyGetAndHead(req, res)) return;
  const request = parseRequestPath(req.url ?? '/');
  if (!request.ok) {
    sendText(req, res, 400, 'This path is not allowed.');
    return;
  }
  const rules = await readRules(root);
  const extra = headersFor(rules, request.pathname);
  const visible = isPublic(request.segments);
  const target = req.url ?? '/';
  // A page asked for by its file name is sent to its one address, as Cloudflare does.
  const canonical = visible ? htmlFileAddress(request.segments) : undefined;
  if (canonical && (await findFile(root, [request.segments.join('/')]))) {
    sendRedirect(req, res, withPath(target, canonical), Object.fromEntries(extra));
    return;
  }
  const found = visible ? await findFile(root, candidates(request.segments)) : undefined;
  if (found) {
    await sendFile(req, res, 200, found, extra, session);
    return;
  }
  const folder = visible ? folderIndex(request.segments) : undefined;
  if (folder && (await findFile(root, [folder]))) {
    sendRedirect(req, res, withTrailingSlash(target), Object.fromEntries(extra));
    return;
  }
  const notFound = await findFile(root, notFoundPages(request.segments));
  if (notFound) await sendFile(req, res, 404, notFound, extra, session);
  else sendText(req, res, 404, 'Not found.', Object.fromEntries(extra));
}

/** The first candidate that is a regular file whose real location is inside the site folder. */
async function findFile(root: string, files: readonly string[]): Promise<{ file: string; real: string } | undefined> {
  for (const file of files) {
    const real = await realpath(path.join(root, ...file.split('/'))).catch(() => undefined);
    if (!real || !real.startsWith(root + path.sep)) continue;
    const info = await stat(real).catch(() => undefined);
    if (info?.isFile()) return { file, real };
  }
  return undefined;
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  found: { file: string; real: string },
  extra: readonly [string, string][],
  session: Session,
): Promise<void> {
  const [body, info] = await Promise.all([readFile(found.real), stat(found.real)]);
  const type = contentType(found.file);
  const headers = withSiteHeaders({ 'Content-Type': type, 'Cache-Control': cacheControl(found.file) }, extra);
  if (!isCompressible(type, body.length)) {
    send(req, res, status, headers, body);
    return;
  }
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const vary = { ...headers, Vary: 'Accept-Encoding' };
  if (!encoding) {
    send(req, res, status, vary, body);
    return;
  }
  const packed = compressed(body, encoding, `${found.real}\0${info.size}\0${info.mtimeMs}`, session);
  send(req, res, status, { ...vary, 'Content-Encoding': encoding }, packed);
}

/** Read on every request, so a rebuild that changes _headers is served at once. */
async function readRules(root: string): Promise<HeaderRule[]> {
  const text = await readFile(path.join(root, '_headers'), 'utf8').catch(() => '');
  return parseHeaders(text);
}
