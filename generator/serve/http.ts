import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../problems/problem.js';

/** What `site dev` and `site preview` hand back: where they serve, and how to stop them. */
export interface RunningServer {
  /** e.g. http://127.0.0.1:4321/ with the port actually bound (useful when 0 was asked for). */
  url: string;
  /** Stops listening, ends open connections and releases everything the server holds. */
  close(): Promise<void>;
}

/** Only this computer can connect unless the operator asks for more with --host. */
export const DEFAULT_HOST = '127.0.0.1';

/** Reads a --port value: a whole number from 0 (any free port) to 65535. */
export function parsePort(value: string | number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(
      `--port needs a whole number from 0 to 65535, got "${value}".`,
      'use --port 0 to let the computer pick a free port',
    );
  }
  return port;
}

/**
 * Starts `server` listening and resolves to its URL. Failures an operator can fix (the port is
 * taken, needs privileges, the host is not this computer's) become a UsageError: message, exit 1.
 */
export async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  }).catch((error: NodeJS.ErrnoException) => {
    throw listenError(error, port, host);
  });
  const address = server.address() as AddressInfo;
  return `http://${urlHost(host)}:${address.port}/`;
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new UsageError(
        `Port ${port} on ${host} is already in use by another program, so the site cannot be served there.`,
        `stop the other program, or choose another port, e.g. --port ${port === 65535 ? port - 1 : port + 1}`,
      );
    case 'EACCES':
      return new UsageError(`Port ${port} needs administrator rights on this computer.`, 'choose a port from 1024 up, e.g. --port 4321');
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new UsageError(
        `The host "${host}" is not an address of this computer, so the site cannot be served on it.`,
        `leave out --host to serve on ${DEFAULT_HOST} (this computer only), or use 0.0.0.0 to let other devices on the network connect`,
      );
    default:
      return error;
  }
}

/** A host as it appears in a URL: IPv6 in brackets; "any address" shown as localhost, which a browser can open. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** Stops `server` now: open keep-alive and event-stream connections would otherwise hold it open. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING' ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** Sends a complete response; HEAD gets the same status and headers without the body. */
export function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...headers, 'Content-Length': String(bytes.length) });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** A short plain-text answer for refusals and errors. */
export function sendText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  send(req, res, status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers }, `${text}\n`);
}

/**
 * The redirect Cloudflare (Workers with static assets) sends for a folder's address without its
 * trailing slash and for a page's file name: 307, which keeps the method, like every host's.
 */
export function sendRedirect(req: IncomingMessage, res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  sendText(req, res, 307, `Moved to ${location}`, { ...headers, Location: location });
}

/** Refuses methods a static host does not accept. */
export function allowOnlyGetAndHead(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  sendText(req, res, 405, 'Only GET and HEAD requests are served here.', { Allow: 'GET, HEAD' });
  return false;
}

/** Resolves on the first Ctrl-C (SIGINT) or SIGTERM; a second Ctrl-C then stops the process at once. */
export function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
