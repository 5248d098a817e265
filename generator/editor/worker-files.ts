import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from '../contract/root.js';
import { editorAssets } from './ui-bundle.js';

/**
 * The editor app's script and stylesheet as files of a built site (`_editor/` in it), where the
 * site's Worker serves its /admin/edit/ page from on Cloudflare (worker/editor/page.ts names them),
 * and the phone's content check beside them (`checker.js`), which the app loads when first needed.
 */
export async function writeEditorFiles(outDir: string, root: string): Promise<void> {
  const assets = await editorAssets(root);
  const folder = path.join(outDir, '_editor');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'editor.js'), assets.script);
  await writeFile(path.join(folder, 'editor.css'), assets.style);
  const checker = await build({
    entryPoints: [path.join(projectRoot(), 'editor/phone/checker.ts')],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    target: ['chrome111', 'firefox111', 'safari16.4', 'edge111'],
    legalComments: 'none',
    logLevel: 'silent',
  });
  await writeFile(path.join(folder, 'checker.js'), checker.outputFiles[0]!.text);
}
