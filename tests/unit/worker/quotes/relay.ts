/**
 * A stand-in for the form-to-email relay, for the Worker's scheduled sends: a Node HTTP server on
 * 127.0.0.1 that answers each POST as the test says (tests/browser/relay.ts serves the browser's
 * page with lanes and CORS; the Worker needs neither, but it needs 429 and a relay that holds a
 * request until the Worker gives up).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** accept: 200 {"success":"true"}; 429 and 500: that status; hang: no answer until the Worker gives up. */
export type RelayAnswer = 'accept' | '429' | '500' | 'hang';

export interface Received {
  fields: Record<string, string>;
  accept: string | undefined;
  referer: string | undefined;
  answer: RelayAnswer;
  /** For `hang`: resolves when the Worker closed the connection without an answer. */
  abandoned?: Promise<void>;
}

export interface RelayStandIn {
  url: string;
  /** How every request from now on is answered. */
  answer(mode: RelayAnswer): void;
  received: Received[];
  /** The requests it accepted, by the name field. */
  accepted(): string[];
  close(): Promise<void>;
}

async function fieldsOf(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const form = await new Request('http://relay.test/', {
    method: 'POST',
    headers: { 'Content-Type': request.headers['content-type'] ?? '' },
    body: Buffer.concat(chunks),
  }).formData();
  return Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
}

export async function startRelay(): Promise<RelayStandIn> {
  let mode: RelayAnswer = 'accept';
  const received: Received[] = [];
  const held = new Set<ServerResponse>();
  const server = createServer(async (request, response) => {
    const answer = mode;
    const entry: Received = { fields: await fieldsOf(request), accept: request.headers.accept, referer: request.headers.referer, answer };
    received.push(entry);
    if (answer === 'hang') {
      held.add(response);
      entry.abandoned = new Promise((resolve) => response.on('close', () => resolve()));
      return;
    }
    if (answer === 'accept')
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end('{"success":"true","message":"The form was submitted successfully."}');
    else
      response
        .writeHead(Number(answer), { 'Content-Type': 'text/plain' })
        .end(answer === '429' ? 'Too Many Requests' : 'Internal Server Error');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ajax/owner@movers.example`,
    answer: (next) => void (mode = next),
    received,
    accepted: () => received.filter((entry) => entry.answer === 'accept').map((entry) => entry.fields.name!),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
