import { displayPath } from '../../generator/problems/format.js';
import { parsePort, untilStopped } from '../../generator/serve/http.js';
import { startPreview } from '../../generator/serve/preview.js';
import { resolveFrom, type Io } from '../io.js';

interface PreviewFlags {
  out: string;
  port?: string;
  host: string;
}

export const PREVIEW_PORT = 4322;

/** Serves until Ctrl-C (or until `stop` resolves, for tests). The URL line is what test harnesses read. */
export async function runPreview(flags: PreviewFlags, io: Io, stop?: Promise<void>): Promise<void> {
  const dir = resolveFrom(io, flags.out);
  const server = await startPreview({ dir, port: parsePort(flags.port, PREVIEW_PORT), host: flags.host });
  io.out(`Serving ${displayPath(dir, io.cwd)} at ${server.url}`);
  io.out('Press Ctrl-C to stop.');
  await (stop ?? untilStopped());
  await server.close();
}
