import path from 'node:path';
import { projectRoot } from '../../generator/contract/root.js';
import { displayPath } from '../../generator/problems/format.js';
import { parsePort, untilStopped } from '../../generator/serve/http.js';
import { startPreview } from '../../generator/serve/preview.js';
import { SCHEDULED_ADDRESS, isCloudflareBuild, startPreviewWorker, workerHandler } from '../../generator/serve/preview-worker.js';
import { resolveFrom, type Io } from '../io.js';

interface PreviewFlags {
  out: string;
  port?: string;
  host: string;
}

export const PREVIEW_PORT = 4322;

/** Where the previewed Worker's database stays between runs. */
export const PREVIEW_STATE = 'node_modules/.cache/site-preview';

/**
 * Serves until Ctrl-C (or until `stop` resolves, for tests). The URL line is what test harnesses read.
 * A Cloudflare build is served with the site's own Worker answering /api/ and /admin/; its settings
 * come from the environment (`env`, the process's by default).
 */
export async function runPreview(flags: PreviewFlags, io: Io, stop?: Promise<void>, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const dir = resolveFrom(io, flags.out);
  const worker = (await isCloudflareBuild(dir)) ? await startPreviewWorker(dir, path.join(projectRoot(), PREVIEW_STATE), env) : undefined;
  const server = await startPreview({
    dir,
    port: parsePort(flags.port, PREVIEW_PORT),
    host: flags.host,
    intercept: worker && workerHandler(worker),
  }).catch(async (error: unknown) => {
    await worker?.close();
    throw error;
  });
  io.out(`Serving ${displayPath(dir, io.cwd)} at ${server.url}`);
  if (worker) io.out(`With the site's own Worker at /admin/ and /api/; POST to ${SCHEDULED_ADDRESS} runs its scheduled run.`);
  io.out('Press Ctrl-C to stop.');
  await (stop ?? untilStopped());
  await server.close();
  await worker?.close();
}
