/**
 * Firefox's own remote protocol, Marionette, for the one thing WebDriver BiDi does not carry: the
 * virtual authenticator of W3C's Web Authentication (its WebDriver extension; geckodriver hands
 * those commands to Marionette as WebAuthn:*). Firefox serves Marionette beside BiDi when started
 * with --marionette; the commands act on the browser puppeteer drives.
 *
 * The protocol: each message is its length in bytes, a colon, and JSON; a command is
 * [0, id, name, parameters], its answer [1, id, error, result].
 */
import { connect, type Socket } from 'node:net';
import { HANG_BOUND_MS } from './engine.js';

export interface Marionette {
  send<T>(command: string, parameters?: Record<string, unknown>): Promise<T>;
  close(): void;
}

export async function connectMarionette(port: number): Promise<Marionette> {
  const socket = await reach(port);
  let buffer = Buffer.alloc(0);
  let greeted: () => void;
  const greeting = new Promise<void>((resolve) => (greeted = resolve));
  const waiting = new Map<number, (answer: [number, number, { error: string; message: string } | null, unknown]) => void>();
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const colon = buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(buffer.subarray(0, colon).toString());
      if (buffer.length < colon + 1 + length) return;
      const message = JSON.parse(buffer.subarray(colon + 1, colon + 1 + length).toString());
      buffer = buffer.subarray(colon + 1 + length);
      // The first message is the server's greeting ({ applicationType, marionetteProtocol }).
      if (Array.isArray(message)) waiting.get(message[1])?.(message as never);
      else greeted();
    }
  });
  await bounded(greeting, `Firefox's Marionette on port ${port} never greeted`);
  let next = 0;
  return {
    send: async <T>(command: string, parameters: Record<string, unknown> = {}) => {
      const id = ++next;
      const text = JSON.stringify([0, id, command, parameters]);
      const answer = new Promise<Parameters<NonNullable<ReturnType<typeof waiting.get>>>[0]>((resolve) => waiting.set(id, resolve));
      socket.write(`${Buffer.byteLength(text)}:${text}`);
      const [, , error, result] = await bounded(answer, `Firefox's Marionette never answered ${command}`);
      waiting.delete(id);
      if (error) throw new Error(`Firefox's Marionette refused ${command}: ${error.error}: ${error.message}`);
      return result as T;
    },
    close: () => socket.destroy(),
  };
}

/** Connects once Firefox listens (it opens the port a moment after the browser starts). */
async function reach(port: number): Promise<Socket> {
  const started = Date.now();
  for (;;) {
    try {
      return await new Promise<Socket>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => resolve(socket));
        socket.once('error', reject);
      });
    } catch (error) {
      if (Date.now() - started > HANG_BOUND_MS) throw new Error(`Firefox's Marionette did not listen on port ${port}: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function bounded<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${HANG_BOUND_MS / 1000} s`)), HANG_BOUND_MS);
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}
