/**
 * The Cloudflare build of the sample, served by its own Worker in Cloudflare's runtime (workerd,
 * through tests/helpers/cloudflare.ts) with a local D1, for the quote specs' "through the Worker"
 * run. One per Playwright worker: its requests reach the shared stand-in relay in a lane of its own,
 * named in the relay address the Worker is given (FORM_RELAY, which wins over the built one).
 *
 * The browser reaches the runtime through a plain TCP pass-through on a port of its own, so a test
 * can make the Worker unreachable as a phone finds it when the site is down (the connection is
 * refused) and bring it back at the same address, without restarting the runtime.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { startCloudflare } from '../../../helpers/cloudflare.js';

export interface WorkerSite {
  /** The address the browser uses, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Refuses every new connection and cuts the open ones, until `reachable`. */
  unreachable(): Promise<void>;
  reachable(): Promise<void>;
  close(): Promise<void>;
}

/** `settings`: more of the Worker's variables and secrets. */
export async function startWorkerSite(dist: string, relayAddress: string, settings: Record<string, string> = {}): Promise<WorkerSite> {
  const runtime = await startCloudflare(dist, { worker: true, migrate: true, secrets: { ...settings, FORM_RELAY: relayAddress } });
  const target = new URL(runtime.url);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        if (typeof address === 'object' && address) port = address.port;
        server = next;
        resolve();
      });
    });
  const stop = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  try {
    await listen();
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    unreachable: stop,
    reachable: async () => {
      if (!server) await listen();
    },
    close: async () => {
      await stop();
      await runtime.close();
    },
  };
}
