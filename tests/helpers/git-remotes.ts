/**
 * Remotes that fail the way real ones do, all on 127.0.0.1: an SSH server (ssh2, in this
 * process) with a host key of its own that refuses every sign-in or accepts a key but never
 * its signature, an SSH port that sends its greeting and then nothing, and an HTTP server that
 * answers every request with 401 or never answers at all.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import path from 'node:path';
import ssh2 from 'ssh2';

export interface LocalRemote {
  port: number;
  close(): Promise<void>;
}

/** A new ed25519 key pair without a passphrase (or with one), as `ssh-keygen` writes it. */
export function sshKey(dir: string, name: string, passphrase = ''): { file: string; publicKey: string } {
  const file = path.join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', passphrase, '-C', name, '-f', file], { stdio: 'ignore' });
  return { file, publicKey: readFileSync(`${file}.pub`, 'utf8').trim() };
}

/** A known_hosts line saying `publicKey` is the key of 127.0.0.1 at `port`. */
export function knownHostLine(port: number, publicKey: string): string {
  const [type, key] = publicKey.split(' ');
  return `[127.0.0.1]:${port} ${type} ${key}\n`;
}

/**
 * An SSH server with `hostKey`: `refuse` turns every key away; `accept-key` says it would take
 * the key offered, so only a client that can sign with it (one that has its passphrase) gets further.
 */
export async function sshServer(hostKey: string, mode: 'refuse' | 'accept-key'): Promise<LocalRemote> {
  const server = new ssh2.Server({ hostKeys: [readFileSync(hostKey)] }, (client) => {
    client.on('authentication', (context) => {
      if (mode === 'accept-key' && context.method === 'publickey' && !context.signature) return context.accept();
      context.reject(['publickey']);
    });
    // A client that gives up mid-handshake is what these tests are about.
    client.on('error', () => undefined);
  });
  return listen(server);
}

/** A port that greets as an SSH server does, then says nothing more, as a server that hangs. */
export async function silentSshServer(): Promise<LocalRemote & { connections: () => number }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.write('SSH-2.0-OpenSSH_9.2\r\n');
  });
  const remote = await listen(server, () => sockets.forEach((socket) => socket.destroy()));
  return { ...remote, connections: () => connections };
}

/** An HTTP server asking for a sign-in on every request, as GitHub does for a push without one. */
export async function signInServer(): Promise<LocalRemote & { requests: () => number }> {
  let requests = 0;
  const server = createHttpServer((req, res) => {
    requests++;
    req.resume();
    res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="GitHub"', 'Content-Type': 'text/plain' });
    res.end('Unauthorized\n');
  });
  const remote = await listen(server, () => server.closeAllConnections());
  return { ...remote, requests: () => requests };
}

/** An HTTP server that takes every request and never answers it. */
export async function silentHttpServer(): Promise<LocalRemote> {
  const server = createHttpServer(() => undefined);
  return listen(server, () => server.closeAllConnections());
}

/** A port nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const { port, close } = await listen(createTcpServer());
  await close();
  return port;
}

function listen(server: TcpServer | HttpServer | ssh2.Server, beforeClose?: () => void): Promise<LocalRemote> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address !== 'object' || address === null) return reject(new Error('The test server has no port.'));
      resolve({
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            beforeClose?.();
            server.close(() => done());
          }),
      });
    });
  });
}
