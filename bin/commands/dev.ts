import { displayPath } from '../../generator/problems/format.js';
import { parsePort, untilStopped } from '../../generator/serve/http.js';
import { resolveFrom, type Io } from '../io.js';

/** Where the editor is, or why it cannot be reached: it answers only this computer, by a loopback name. */
function editorLine(url: string): string {
  const { hostname, port } = new URL(url);
  if (hostname === '[::1]') return `Edit the content at http://[::1]:${port}/__edit`;
  if (hostname === 'localhost' || /^127\./.test(hostname)) return `Edit the content at http://127.0.0.1:${port}/__edit`;
  return `The content editor answers only this computer at 127.0.0.1; serve on it (leave out --host, or use --host 0.0.0.0) to edit the content in the browser.`;
}

interface DevFlags {
  content: string;
  port?: string;
  host: string;
}

export const DEV_PORT = 4321;

/** Serves until Ctrl-C (or until `stop` resolves, for tests), then closes the watcher, server and esbuild. */
export async function runDev(flags: DevFlags, io: Io, stop?: Promise<void>): Promise<void> {
  // React's development build makes every element capture a stack for its warnings, which
  // costs 3 to 5 times the rendering (the whole reload budget); the markup is the same.
  // `NODE_ENV=development site dev` brings the warnings back. Set before React is first loaded.
  process.env.NODE_ENV ??= 'production';
  // Every save checks the content again: compiled parsers pay off here (before any schema is made).
  (await import('../../generator/schema/zod-config.js')).compileParsers();
  const [{ startDev }, { contentEditor }] = await Promise.all([
    import('../../generator/serve/dev.js'),
    import('../../generator/editor/plugin.js'),
  ]);
  const contentDir = resolveFrom(io, flags.content);
  const server = await startDev({ contentDir, port: parsePort(flags.port, DEV_PORT), host: flags.host, log: io, plugins: [contentEditor] });
  io.out(`Serving ${displayPath(contentDir, io.cwd)} with live reload at ${server.url}`);
  io.out(editorLine(server.url));
  io.out('Watching content, templates and client for changes. Press Ctrl-C to stop.');
  await (stop ?? untilStopped());
  await server.close();
  io.out('Stopped the dev server.');
}
