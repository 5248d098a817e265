/**
 * A stand-in for the third-party form-to-email relay, run on 127.0.0.1 for the
 * browser tests. The built site posts its quote form here (`site build --form-endpoint`).
 *
 * - POST /submit records the submission (multipart or url-encoded), then:
 *   - answers a plain no-JavaScript post (Accept without application/json) with a 303 redirect
 *     to its `_next` field, as the real relay does;
 *   - answers a fetch post (Accept: application/json) the way the current mode says.
 * - OPTIONS answers any CORS preflight; every answer carries Access-Control-Allow-Origin.
 * - POST /__control {mode}, POST /__release {mode}, POST /__reset and GET /__submissions let the
 *   test workers (other processes) steer and inspect it.
 *
 * Test files run side by side in two workers against this one relay, so each test has a lane of
 * its own: the browser's requests carry it in an `X-Relay-Lane` header (the `relay` fixture adds
 * it), the control endpoints in `?lane=`. Each lane has its own mode and submissions.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How the relay answers the next fetch posts:
 * ok: 200 {"success":"true"}; refuse: 200 {"success":"false"}; error: 500;
 * drop: the connection is destroyed without an answer; hang: no answer until released, reset or
 * closed (a test holds a request in flight this way for as long as it looks at the page).
 */
export interface RelayMode {
  mode: 'ok' | 'refuse' | 'error' | 'drop' | 'hang';
}

/** How held requests are finally answered. */
export type Answer = Exclude<RelayMode['mode'], 'hang'>;

export interface Submission {
  /** 'fetch' when the page's script sent it, 'plain' for an ordinary form post. */
  kind: 'fetch' | 'plain';
  fields: Record<string, string>;
  contentType: string;
  origin: string | null;
  receivedAt: number;
}

export interface Relay {
  /** The address the site's form posts to. */
  endpoint: string;
  /** The relay's origin, where the control endpoints live. */
  origin: string;
  close(): Promise<void>;
}

/** The header that names a request's lane. */
export const LANE_HEADER = 'x-relay-lane';

interface Held {
  req: IncomingMessage;
  res: ServerResponse;
}

interface Lane {
  mode: RelayMode;
  submissions: Submission[];
  held: Set<Held>;
}

export async function startRelay(): Promise<Relay> {
  const lanes = new Map<string, Lane>();
  const laneOf = (name: string): Lane => {
    let lane = lanes.get(name);
    if (!lane) lanes.set(name, (lane = { mode: { mode: 'ok' }, submissions: [], held: new Set() }));
    return lane;
  };
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[relay] failed to handle a request:', error);
      if (!res.headersSent) res.writeHead(500, cors(req)).end('relay failure');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const lane = laneOf(url.searchParams.get('lane') ?? String(req.headers[LANE_HEADER] ?? ''));
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors(req),
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Accept, Content-Type',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    if (url.pathname === '/__control' && req.method === 'POST') {
      lane.mode = JSON.parse((await readBody(req)).toString('utf8') || '{}') as RelayMode;
      sendJson(res, 200, { mode: lane.mode });
      return;
    }
    if (url.pathname === '/__release' && req.method === 'POST') {
      const { mode } = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { mode: Answer };
      const count = lane.held.size;
      for (const held of lane.held) answer(held.req, held.res, mode);
      lane.held.clear();
      sendJson(res, 200, { released: count });
      return;
    }
    if (url.pathname === '/__reset' && req.method === 'POST') {
      lane.mode = { mode: 'ok' };
      lane.submissions = [];
      releaseHeld(lane);
      sendJson(res, 200, { reset: true });
      return;
    }
    if (url.pathname === '/__submissions' && req.method === 'GET') {
      sendJson(res, 200, lane.submissions);
      return;
    }
    if (url.pathname === '/submit' && req.method === 'POST') {
      await submit(req, res, lane);
      return;
    }
    res.writeHead(404, { ...cors(req), 'Content-Type': 'text/plain' }).end('not found');
  }

  async function submit(req: IncomingMessage, res: ServerResponse, lane: Lane): Promise<void> {
    const received = await readBody(req);
    const body = new Uint8Array(received.byteLength);
    body.set(received);
    const contentType = req.headers['content-type'] ?? '';
    const form = await new Request('http://127.0.0.1/submit', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form) fields[name] = typeof value === 'string' ? value : `[file ${value.name}]`;
    const accept = req.headers.accept ?? '';
    const kind = accept.includes('application/json') ? 'fetch' : 'plain';
    lane.submissions.push({ kind, fields, contentType, origin: req.headers.origin ?? null, receivedAt: Date.now() });

    if (kind === 'plain') {
      const next = fields._next;
      if (!next) {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end('The relay needs a _next field to send the visitor back.');
        return;
      }
      res.writeHead(303, { Location: next }).end();
      return;
    }

    if (lane.mode.mode === 'hang') {
      const held = { req, res };
      lane.held.add(held);
      // A request the page gave up on (its own timeout) is not answered later.
      res.on('close', () => lane.held.delete(held));
    } else {
      answer(req, res, lane.mode.mode);
    }
  }

  function answer(req: IncomingMessage, res: ServerResponse, mode: Answer): void {
    switch (mode) {
      case 'ok':
        sendJson(res, 200, { success: 'true', message: 'The form was submitted successfully.' }, req);
        return;
      case 'refuse':
        sendJson(res, 200, { success: 'false', message: 'This form needs Activation.' }, req);
        return;
      case 'error':
        sendJson(res, 500, { success: 'false', message: 'Internal Server Error' }, req);
        return;
      case 'drop':
        req.socket.destroy();
        return;
    }
  }

  function releaseHeld(lane: Lane): void {
    for (const held of lane.held) held.res.socket?.destroy();
    lane.held.clear();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    endpoint: `${origin}/submit`,
    origin,
    close: async () => {
      for (const lane of lanes.values()) releaseHeld(lane);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function cors(req: IncomingMessage): Record<string, string> {
  return { 'Access-Control-Allow-Origin': req.headers.origin ?? '*', Vary: 'Origin' };
}

function sendJson(res: ServerResponse, status: number, value: unknown, req?: IncomingMessage): void {
  res.writeHead(status, { ...(req ? cors(req) : {}), 'Content-Type': 'application/json' }).end(JSON.stringify(value));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Steers the relay from a test worker, over HTTP (the relay runs in the runner's process). */
export class RelayClient {
  constructor(
    private readonly origin: string,
    /** The lane this client steers and reads. */
    readonly lane = '',
  ) {}

  async reset(): Promise<void> {
    await this.call('/__reset', 'POST');
  }

  async set(mode: RelayMode): Promise<void> {
    await this.call('/__control', 'POST', mode);
  }

  /** Answers every request held by 'hang' as `mode` says; resolves with how many there were. */
  async release(mode: Answer): Promise<number> {
    return ((await this.call('/__release', 'POST', { mode })) as { released: number }).released;
  }

  async submissions(): Promise<Submission[]> {
    return (await this.call('/__submissions', 'GET')) as Submission[];
  }

  private async call(path: string, method: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.origin}${path}?lane=${encodeURIComponent(this.lane)}`, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`The stand-in relay answered ${response.status} to ${method} ${path}`);
    return response.json();
  }
}
