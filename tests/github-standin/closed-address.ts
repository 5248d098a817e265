/** An address nothing listens at, for a GitHub out of reach: a port the system gave out and that was closed again. */
import { createServer } from 'node:net';

export async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
