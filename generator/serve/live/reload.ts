import { RELOAD_CLIENT } from './reload-client.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The paths `site dev` answers itself; none of them exists in a built site. */
export const DEV_PATHS = {
  events: '/__dev/events',
  script: '/__dev/reload.js',
  overlayCss: '/__dev/overlay.css',
} as const;

/** The browser side of live reload: see reload-client.ts. */
export const RELOAD_SCRIPT = RELOAD_CLIENT;

/** The tag that loads the reload script, for a page of build `build`. */
export function reloadScriptTag(build: string): string {
  return `<script type="module" src="${DEV_PATHS.script}?build=${encodeURIComponent(build)}"></script>`;
}

/** Adds the reload script to a served page (never to what `site build` writes). */
export function injectReloadScript(html: string, build: string): string {
  const tag = reloadScriptTag(build);
  const at = html.search(/<\/head>/i);
  return at === -1 ? `${html}${tag}` : `${html.slice(0, at)}${tag}${html.slice(at)}`;
}

export interface ReloadEvent {
  build: string;
  /** Whether the build succeeded; false while the overlay is shown. */
  ok: boolean;
  /** Files whose change caused the build, relative to the working folder. */
  changed: string[];
  /** How long the rebuild took, in milliseconds (the benchmark reports it beside the whole delay). */
  ms: number;
}

/** The open event streams (server-sent events) of every page, to tell them about each rebuild. */
export class ReloadHub {
  readonly #clients = new Set<ServerResponse>();

  /** Opens a stream and says hello with the current build, so the page can tell if it is stale. */
  connect(req: IncomingMessage, res: ServerResponse, build: string): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    // Reconnect quickly after the dev server restarts.
    res.write('retry: 500\n\n');
    write(res, 'hello', { build });
    this.#clients.add(res);
    req.on('close', () => this.#clients.delete(res));
  }

  broadcast(event: ReloadEvent): void {
    for (const res of this.#clients) write(res, 'reload', event);
  }

  close(): void {
    for (const res of this.#clients) res.end();
    this.#clients.clear();
  }
}

function write(res: ServerResponse, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
