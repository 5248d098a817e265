import type { OutputFile } from '../contract/output.js';
import type { Session } from '../contract/session.js';
import { editorAssets } from './ui-bundle.js';

/** Where the site's Worker finds the editor app in a built site (worker/editor/page.ts names each file). */
export const EDITOR_FOLDER = '_editor';

/**
 * The editor app's script and stylesheet as files of a Cloudflare build, from which the site's
 * Worker serves /admin/edit/, and the phone's content check beside them (`checker.js`), which the
 * app loads when first needed. They hold no content: the phone reads it from the repository.
 */
export async function editorFiles(root: string, session?: Session): Promise<OutputFile[]> {
  const { script, style, checker } = await editorAssets(root, session);
  return [
    { path: `${EDITOR_FOLDER}/editor.js`, contents: script },
    { path: `${EDITOR_FOLDER}/editor.css`, contents: style },
    { path: `${EDITOR_FOLDER}/checker.js`, contents: checker },
  ];
}
