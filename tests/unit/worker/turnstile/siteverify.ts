/**
 * A stand-in for Turnstile's siteverify, on 127.0.0.1: it accepts the token "good", rejects any
 * other, and can be taken down (it then answers 503) to play Cloudflare's check being unreachable.
 * It records what the Worker sent, to show the secret and the token travel and nothing else.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyStandIn {
  url: string;
  calls: Array<Record<string, string>>;
  down: boolean;
  close(): Promise<void>;
}

export async function startSiteverify(): Promise<SiteverifyStandIn> {
  const standIn = { calls: [] as Array<Record<string, string>>, down: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const form = await new Request('http://127.0.0.1/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: Buffer.concat(chunks),
      }).formData();
      const fields = Object.fromEntries([...form].map(([name, value]) => [name, String(value)]));
      standIn.calls.push(fields);
      if (standIn.down) return void res.writeHead(503).end();
      const success = fields.response === 'good';
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ success, 'error-codes': success ? [] : ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/siteverify`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
