/**
 * The owner's editor as the live site serves it, for the phone specs: the sample as the suite
 * builds it for Cloudflare (its `_editor/` included), or another Cloudflare build, served by the
 * site's Worker in workerd with a local D1 (tests/helpers/editor-site.ts), its GitHub settings
 * pointed at the GitHub stand-in over a bare repository holding the sample in both languages (or
 * that build's content), and the one-time set-up code.
 */
import { EDITOR_SETUP_CODE, startEditorSite, type EditorSite } from '../../helpers/editor-site.js';
import { sampleSeed } from '../../unit/worker/editor/editor-worker.js';
import { browserEnv } from '../env.js';
import { cloudflareDist } from '../test-site.js';

export const SETUP_CODE = EDITOR_SETUP_CODE;

export type PhoneEditorSite = EditorSite;

/**
 * `built`: a Cloudflare build of other content than the sample, and that content's texts for the
 * repository; `settings`: more of the Worker's variables.
 */
export async function startPhoneEditorSite(
  built?: { dist: string; seed: Record<string, string> },
  settings: Record<string, string> = {},
): Promise<PhoneEditorSite> {
  return startEditorSite(built?.dist ?? cloudflareDist(browserEnv().dist), {
    secure: false,
    seed: built?.seed ?? (await sampleSeed({ malayalam: true })),
    settings,
  });
}
