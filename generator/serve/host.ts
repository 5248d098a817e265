import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * Whether a request names this server by an address rather than by a domain: `localhost` or an IP
 * address, with the port it came in on. A web page elsewhere that points its own domain at
 * 127.0.0.1 (DNS rebinding) sends its own domain as Host, and so could otherwise read the
 * unpublished site and its error overlay. An IP address is never rebound, so a phone on the same
 * network (site dev --host 0.0.0.0) still connects by the computer's address.
 */
export function hostNamesThisServer(req: IncomingMessage): boolean {
  const host = req.headers.host;
  const port = req.socket.localPort;
  if (typeof host !== 'string' || port === undefined) return false;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+):(\d+)$/i.exec(host);
  if (!match || Number(match[2]) !== port) return false;
  const name = match[1]!.toLowerCase();
  if (name === 'localhost') return true;
  return isIP(name.replace(/^\[(.*)\]$/, '$1')) !== 0 && (name.startsWith('[') || !name.includes(':'));
}
