import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { editorAssets } from './ui-bundle.js';

/**
 * The editor app's script and stylesheet as files of a built site (`_editor/` in it), where the
 * site's Worker serves its /admin/edit/ page from on Cloudflare (worker/editor/page.ts names them).
 */
export async function writeEditorFiles(outDir: string, root: string): Promise<void> {
  const assets = await editorAssets(root);
  const folder = path.join(outDir, '_editor');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'editor.js'), assets.script);
  await writeFile(path.join(folder, 'editor.css'), assets.style);
}
