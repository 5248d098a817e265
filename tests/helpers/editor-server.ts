import { request } from 'node:http';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { contentEditor } from '../../generator/editor/plugin.js';
import { startDev } from '../../generator/serve/dev.js';
import { captureIo, contentWithFixture } from './content.js';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
  json: () => any;
}

export interface RawRequest {
  method?: string;
  /** The request target exactly as sent, e.g. /__edit/api/file?file=..%2fpackage.json */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Where to connect; 127.0.0.1 unless given. */
  address?: string;
}

/** One HTTP request with every header exactly as given (Host included), as a browser or an attacker would send it. */
export function raw(port: number, options: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.address ?? '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.target,
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface EditorServer {
  /** The temporary project folder; the content is in `<dir>/content`. */
  dir: string;
  contentDir: string;
  port: number;
  token: string;
  /** A request as the editor's own page sends it: its origin and token on every change. */
  api(method: string, target: string, body?: unknown, headers?: Record<string, string>): Promise<RawResponse>;
  close(): Promise<void>;
}

/** `site dev` on a temporary copy of the sample content (or on `dir`'s content when given), with the editor's token read from its page. */
export async function startEditor(options: { dir?: string; host?: string } = {}): Promise<EditorServer> {
  const dir = options.dir ?? (await contentWithFixture());
  const contentDir = path.join(dir, 'content');
  const server = await startDev({ contentDir, port: 0, host: options.host ?? '127.0.0.1', log: captureIo(dir), plugins: [contentEditor] });
  const port = Number(new URL(server.url).port);
  const page = await raw(port, { target: '/__edit/' });
  const token = /<meta name="editor-token" content="([^"]+)">/.exec(page.text)?.[1];
  if (!token) throw new Error(`The editor page carries no token:\n${page.text}`);
  const origin = `http://127.0.0.1:${port}`;
  return {
    dir,
    contentDir,
    port,
    token,
    api: (method, target, body, headers = {}) =>
      raw(port, {
        method,
        target,
        headers: {
          ...(method === 'GET' || method === 'HEAD' ? {} : { origin, 'x-editor-token': token }),
          ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
      }),
    close: async () => {
      await server.close();
      if (!options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
