import type { DevHost, DevPlugin } from '../serve/plugin.js';
import { DraftPreviews } from './preview.js';
import { Editor, isEditorPath } from './routes.js';

/**
 * The content editor as a plug-in of `site dev`: in go the requests to /__edit and the dev
 * server's latest build (for previews of unsaved drafts); out come the editor's pages, its JSON
 * API, photos and previews. `site dev` passes it to the dev server (bin/commands/dev.ts).
 */
export function contentEditor(host: DevHost): DevPlugin {
  const previews = new DraftPreviews(host);
  const editor = new Editor({
    contentDir: host.contentDir,
    root: host.root,
    cwd: host.cwd,
    session: host.session,
    preview: (overrides, sitePath) => previews.page(overrides, sitePath),
  });
  return { claims: isEditorPath, handle: (req, res) => editor.handle(req, res) };
}
