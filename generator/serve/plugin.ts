import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Bundle } from '../bundle/bundle.js';
import type { renderPages } from '../render/render.js';
import type { Report } from './live/errors.js';
import type { Session } from '../contract/session.js';

/**
 * How something plugs into `site dev` (the content editor does, at /__edit). The dev server makes
 * each plug-in with what it may use of the site it serves, and hands it every request to an
 * address it claims before any handler of its own runs. The server knows nothing else of it.
 */
export type DevPluginFactory = (host: DevHost) => DevPlugin;

export interface DevPlugin {
  /** Whether `pathname` (without query or fragment) is one of this plug-in's addresses. */
  claims(pathname: string): boolean;
  /** Answers a request to one of its addresses, whatever the method. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/** What a plug-in is given: where the site comes from, and the site as last built. */
export interface DevHost {
  /** The content folder, as given to the dev server. */
  contentDir: string;
  /** The project folder (templates/, client/, static/, and the editor's browser app in editor/). */
  root: string;
  /** Paths in messages are shown relative to this folder. */
  cwd: string;
  /** What the dev server remembers between builds; a plug-in that checks or renders passes it down too. */
  session: Session;
  /** Resolves once the first build has been tried, good or not. */
  ready(): Promise<void>;
  /** The latest build, as it is at the moment it is read. */
  readonly latest: DevBuild;
}

export interface DevBuild {
  /** A new id for every build attempt, good or not. */
  id: string;
  /** The client script, stylesheet and static files, once they have been bundled. */
  bundle: Bundle | undefined;
  /** The page renderer with the templates as they are now, once they have loaded. */
  render: typeof renderPages | undefined;
  /** What keeps every page from being rendered: the problems of the bundle and of the templates. */
  blocking: Report[];
}
