import { bundleAssets } from '../bundle/bundle.js';
import type { OutputFile } from '../contract/output.js';
import type { Photos } from '../contract/photo.js';
import type { Session } from '../contract/session.js';
import { photoRefs } from '../images/refs.js';
import type { Site } from '../schema/index.js';
import { editorPhotos } from './photo-manifest.js';
import { editorAssets } from './ui-bundle.js';

/** Where the site's Worker finds the editor app in a built site (worker/editor/page.ts names each file). */
export const EDITOR_FOLDER = '_editor';

/**
 * The editor app's script and stylesheet as files of a Cloudflare build, from which the site's
 * Worker serves /admin/edit/, and beside them what the app loads when first needed: the phone's
 * content check (`checker.js`), and its page preview (`preview.js`) with the site's stylesheet as
 * the build bundles it (`site.css`, before the company's colours are written in: the preview does
 * that from the content on the phone; its fonts are the site's own files under /assets/). They
 * hold no content: the phone reads it from the repository.
 */
export async function editorFiles(root: string, session?: Session): Promise<OutputFile[]> {
  const [{ script, style, checker, preview }, site] = await Promise.all([editorAssets(root, session), bundleAssets({ session })]);
  return [
    { path: `${EDITOR_FOLDER}/editor.js`, contents: script },
    { path: `${EDITOR_FOLDER}/editor.css`, contents: style },
    { path: `${EDITOR_FOLDER}/checker.js`, contents: checker },
    { path: `${EDITOR_FOLDER}/preview.js`, contents: preview },
    { path: `${EDITOR_FOLDER}/site.css`, contents: site.styles },
  ];
}

/**
 * `_editor/photos.json`: the files this build wrote of each photo the content shows, for the
 * phone's picker (a thumbnail) and its preview (editor/phone/), which cannot work out their names.
 */
export function editorPhotosFile(site: Site, photos: Photos): OutputFile {
  return { path: `${EDITOR_FOLDER}/photos.json`, contents: JSON.stringify(editorPhotos(photoRefs(site), photos)) };
}
